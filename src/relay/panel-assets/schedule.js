// Schedules on the panel: the account's quiet hours (the queue page, beside the routing mode) and a
// scheduled message's time and cancel (its page). GraphQL `setRelayQuietHours`, `cancelMessage`;
// REST `POST /api/v1/relay/settings` (`quiet_hours`), `POST /api/v1/messages/{id}/cancel`.
import { PanelCancelMessage, PanelMessageSchedule, PanelQuietHours, PanelSetQuietHours } from '/panel/src/relay/messages/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { FieldError, confirmAction, fieldProps, html, useEffect, useFieldErrors, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** The account's quiet hours: from, until, the time zone; saved, or turned off. */
export function QuietHours() {
  const [current, setCurrent] = useState(undefined);
  const [values, setValues] = useState({ start: '21:00', end: '08:00', timeZone: browserZone });
  const [done, setDone] = useState('');
  const fields = useFieldErrors(['start', 'end', 'timeZone']);
  const show = (quiet) => {
    setCurrent(quiet);
    if (quiet) setValues(quiet);
  };
  useEffect(() => {
    client.request(PanelQuietHours).then((data) => show(data.account.relayQuietHours), showError);
  }, []);
  const save = async (input) => {
    fields.clear();
    setDone('');
    try {
      const quiet = (await client.request(PanelSetQuietHours, { input })).setRelayQuietHours.relayQuietHours;
      show(quiet);
      setDone(quiet ? `Quiet from ${quiet.start} to ${quiet.end} (${quiet.timeZone}): sends below priority 100 wait until ${quiet.end}.` : 'No quiet hours: every send goes at once.');
      clearError();
    } catch (error) {
      if (!error.code || !fields.show(error)) showError(error);
    }
  };
  if (current === undefined) return null;
  const set = (name) => (event) => setValues({ ...values, [name]: event.currentTarget.value });
  return html`<section aria-labelledby="quiet-heading" class="card wide">
    <h2 id="quiet-heading">Quiet hours</h2>
    <p class="muted">
      ${current ? html`Now: quiet from <strong>${current.start}</strong> to <strong>${current.end}</strong> (${current.timeZone}).` : 'None now.'}
      During quiet hours a send below priority 100 is <em>scheduled</em> for their end; one-time codes (priority 100) go at once.
    </p>
    <form id="quiet-hours" onSubmit=${(event) => {
      event.preventDefault();
      void save(values);
    }}>
      <label for="start">From</label>
      <input type="time" required value=${values.start} onInput=${set('start')} ...${fieldProps('start', fields.errors.start)} />
      <${FieldError} id="start" error=${fields.errors.start} />
      <label for="end">Until</label>
      <input type="time" required value=${values.end} onInput=${set('end')} ...${fieldProps('end', fields.errors.end)} />
      <${FieldError} id="end" error=${fields.errors.end} />
      <label for="timeZone">Time zone</label>
      <input list="time-zones" required value=${values.timeZone} onInput=${set('timeZone')} ...${fieldProps('timeZone', fields.errors.timeZone)} />
      <datalist id="time-zones">${zones.map((zone) => html`<option value=${zone} />`)}</datalist>
      <${FieldError} id="timeZone" error=${fields.errors.timeZone} />
      <p>
        <button type="submit">Save quiet hours</button>
        ${current ? html` <button type="button" id="quiet-off" class="secondary" onClick=${() => void save(null)}>Turn off</button>` : null}
      </p>
    </form>
    ${done ? html`<p class="done" role="status">${done}</p>` : null}
  </section>`;
}

/** A message's time (when it was scheduled) and, while it is scheduled, its cancel. */
export function MessageSchedule({ requestId, stage, onChange }) {
  const [schedule, setSchedule] = useState(null);
  useEffect(() => {
    client.request(PanelMessageSchedule, { requestId }).then((data) => setSchedule(data.message), showError);
  }, [requestId, stage]);
  if (!schedule?.sendAt) return null;
  const cancel = async () => {
    const confirmed = await confirmAction({ title: 'Cancel this scheduled message?', message: 'No phone will get it: it fails with the reason “cancelled”.', confirmLabel: 'Do not send it' });
    if (!confirmed) return;
    try {
      await client.request(PanelCancelMessage, { requestId });
      clearError();
      onChange();
    } catch (error) {
      showError(error);
    }
  };
  const why = schedule.scheduleReason === 'quiet_hours' ? 'the end of the quiet hours it was sent in' : 'the time the send asked for';
  return html`<div id="schedule">
    <p>
      ${stage === 'SCHEDULED' ? 'Goes' : 'Was scheduled for'} <time datetime=${schedule.sendAt}>${formatDateTime(schedule.sendAt)}</time> (${why}).
      ${stage === 'SCHEDULED' ? html` <button type="button" id="cancel-scheduled" class="danger" onClick=${cancel}>Cancel…</button>` : null}
    </p>
  </div>`;
}
