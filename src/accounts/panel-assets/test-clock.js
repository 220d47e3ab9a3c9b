import { PanelAdvanceTestClock, PanelCreateTestClock, PanelDeleteTestClock, PanelTestClock } from '/panel/src/accounts/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { confirmAction, DateTime, FieldError, fieldProps, html, render, useEffect, useFieldErrors, useState } from '/panel/assets/ui.js';

// The sandbox test clock (issue 24): the account's time frozen; each advance runs the jobs whose
// time has come (reviews, overdue invoices, webhook retries), and the page lists what still waits.

const queueNames = {
  payment_review: 'Payment review',
  kyc_review: 'KYC review',
  invoice_overdue: 'Invoice overdue check',
  payment_authorization_expiry: 'Authorization expiry',
  webhook_deliver: 'Webhook retry',
};
const steps = [
  ['+30 minutes', 30 * 60_000],
  ['+1 hour', 3_600_000],
  ['+1 day', 86_400_000],
  ['+1 week', 7 * 86_400_000],
];

/** A `datetime-local` value (the viewer's zone) as an ISO time; empty: none. */
const fromLocalInput = (value) => (value ? new Date(value).toISOString() : undefined);

function NoClock({ reload }) {
  const { errors, show, clear } = useFieldErrors(['frozenTime']);
  const submit = async (event) => {
    event.preventDefault();
    try {
      await client.request(PanelCreateTestClock, { frozenTime: fromLocalInput(event.currentTarget.elements.frozenTime.value) });
      clear();
      clearError();
      reload();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  return html`<section class="card" aria-labelledby="clock-heading">
    <h2 id="clock-heading">Real time</h2>
    <p>This account runs on the real time. A test clock freezes it, so card sessions, reviews, overdue invoices and webhook retries wait until you advance it.</p>
    <form id="create-clock" onSubmit=${submit} novalidate>
      <div class="field">
        <label for="clock-start">Start at (empty: now)</label>
        <input type="datetime-local" name="frozenTime" step="1" ...${fieldProps('clock-start', errors.frozenTime)} />
        <${FieldError} id="clock-start" error=${errors.frozenTime} />
      </div>
      <div class="actions"><button type="submit">Start a test clock</button></div>
    </form>
  </section>`;
}

function Clock({ clock, reload }) {
  const { errors, show, clear } = useFieldErrors(['frozenTime']);
  const [released, setReleased] = useState(null);
  const advanceTo = async (frozenTime) => {
    try {
      const data = await client.request(PanelAdvanceTestClock, { frozenTime });
      clear();
      clearError();
      setReleased(data.advanceTestClock.releasedJobs);
      reload();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  const advanceBy = (ms) => advanceTo(new Date(new Date(clock.frozenTime).getTime() + ms).toISOString());
  const submit = (event) => {
    event.preventDefault();
    const to = fromLocalInput(event.currentTarget.elements.frozenTime.value);
    if (to) void advanceTo(to);
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: 'Delete the test clock?',
      message: 'The account goes back to the real time. Each job the clock holds is scheduled as far from now as it was from the clock.',
      confirmLabel: 'Delete clock',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelDeleteTestClock);
      clearError();
      reload();
    } catch (error) {
      showError(error);
    }
  };
  return html`<section class="card" aria-labelledby="clock-heading" id="clock" data-frozen-time=${clock.frozenTime}>
      <h2 id="clock-heading">Frozen at <${DateTime} value=${clock.frozenTime} /></h2>
      <div class="actions" role="group" aria-label="Advance the clock">
        ${steps.map(([label, ms]) => html`<button type="button" onClick=${() => advanceBy(ms)}>${label}</button>`)}
      </div>
      <form id="advance-clock" onSubmit=${submit} novalidate>
        <div class="field">
          <label for="clock-to">Advance to</label>
          <input type="datetime-local" name="frozenTime" step="1" required ...${fieldProps('clock-to', errors.frozenTime)} />
          <${FieldError} id="clock-to" error=${errors.frozenTime} />
        </div>
        <div class="actions"><button type="submit" class="secondary">Advance</button></div>
      </form>
      <p role="status" id="released">${released === null ? '' : released === 1 ? 'Advanced: 1 job ran.' : `Advanced: ${released} jobs ran.`}</p>
      <div class="actions"><button type="button" class="danger" onClick=${remove}>Delete clock</button></div>
    </section>
    <section aria-labelledby="held-heading">
      <h2 id="held-heading">Waiting for the clock (${clock.heldJobsCount})</h2>
      ${clock.heldJobs.length
        ? html`<table aria-label="Jobs waiting for the clock">
            <thead><tr><th scope="col">Job</th><th scope="col">Due</th></tr></thead>
            <tbody id="held-jobs">
              ${clock.heldJobs.map(
                (job, index) => html`<tr key=${index} data-queue=${job.queue}>
                  <td data-label="Job">${queueNames[job.queue] ?? job.queue}</td>
                  <td data-label="Due"><${DateTime} value=${job.dueAt} /></td>
                </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="empty">Nothing waits: no review, overdue check or webhook retry is due later than the clock.</p>`}
    </section>`;
}

function TestClockPage() {
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState(null);
  useEffect(() => {
    client.request(PanelTestClock).then(setData, showError);
  }, [reloads]);
  if (!data) return html`<p class="muted">Loading…</p>`;
  const reload = () => setReloads((count) => count + 1);
  if (data.account.environment === 'live') return html`<p class="card">Test clocks exist only in the sandbox: a live account always runs on the real time.</p>`;
  return data.testClock ? html`<${Clock} clock=${data.testClock} reload=${reload} />` : html`<${NoClock} reload=${reload} />`;
}

const mount = document.getElementById('test-clock-app');
mount.replaceChildren();
render(html`<${TestClockPage} />`, mount);
