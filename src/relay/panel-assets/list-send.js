// The recipients page's list-send box: the text's parts counted as one types (the SDK's counter,
// the one the server counts with at accept), and what the send costs for the chosen list.
import { PanelQueueRecipientList } from '/panel/src/relay/recipients/panel-operations.ts';
import { client } from '/panel/assets/panel.js';
import { confirmAction, fieldProps, html } from '/panel/assets/ui.js';
import { countSegments } from '/panel/sdk/segments.ts';
import { Field, FormError, useForm } from './recipient-forms.js';
import { formatNumber } from './ui-relay.js';

const ENCODING_NAMES = { gsm7: 'GSM-7', ucs2: 'Unicode (UCS-2)' };

/** "160 characters · 1 part (GSM-7)", and for a list the SMS it sends: parts × members. */
export function PartsCount({ id, text, members }) {
  if (!text) return html`<p class="muted" id=${id} aria-live="polite">Up to 160 characters make one SMS part (70 with an emoji or other Unicode).</p>`;
  const { encoding, units, segments } = countSegments(text);
  const perPart = encoding === 'gsm7' ? (segments === 1 ? 160 : 153) : segments === 1 ? 70 : 67;
  const left = perPart * segments - units;
  const total = members === undefined ? '' : ` · about ${formatNumber(segments * members)} parts for ${formatNumber(members)} members`;
  return html`<p class="muted" id=${id} aria-live="polite">
    ${formatNumber(units)} ${encoding === 'gsm7' ? 'characters' : 'UCS-2 units'} · <strong>${formatNumber(segments)} ${segments === 1 ? 'part' : 'parts'}</strong>
    (${ENCODING_NAMES[encoding]}), ${formatNumber(left)} left in this part${total}
  </p>`;
}

export function SendToList({ lists }) {
  const form = useForm({ listId: '', message: '' }, 'send');
  const list = lists.find((entry) => entry.id === form.values.listId);
  const submit = async (event) => {
    event.preventDefault();
    const confirmed =
      !list ||
      (await confirmAction({
        title: `Send to ${list.name}?`,
        message: `This text goes to the ${formatNumber(list.memberCount)} members of ${list.name}; each distinct number gets its own SMS.`,
        confirmLabel: 'Send to list',
      }));
    if (!confirmed) return;
    const ok = await form.run(async () => {
      const { queueRecipientList: batch } = await client.request(PanelQueueRecipientList, { input: { listId: form.values.listId, message: form.values.message } });
      // The messages search finds a batch id: the link lists exactly this send's messages.
      return html`Queued ${formatNumber(batch.queued)} messages, ${formatNumber(batch.segments)} parts (batch ${batch.batchId})${batch.skipped.length ? `; skipped ${formatNumber(batch.skipped.length)} repeated numbers` : ''}.${' '}
        <a href=${`/panel/messages?search=${encodeURIComponent(batch.batchId)}`}>Follow them on Messages</a>.`;
    });
    if (ok) form.set('message')({ currentTarget: { value: '' } });
  };
  return html`<form id="send-list" class="card" onSubmit=${submit} novalidate>
    <h3>Send to a list</h3>
    <${Field} form=${form} name="listId" label="List">
      <select value=${form.values.listId} onChange=${form.set('listId')} required ...${fieldProps('send-listId', form.errors.listId)}>
        <option value="">choose a list</option>
        ${lists.map((entry) => html`<option value=${entry.id}>${entry.name} (${formatNumber(entry.memberCount)})</option>`)}
      </select>
    <//>
    <${Field} form=${form} name="message" label="Message">
      <textarea rows="3" maxlength="1600" value=${form.values.message} onInput=${form.set('message')} aria-describedby="send-parts" ...${fieldProps('send-message', form.errors.message)}></textarea>
    <//>
    <${PartsCount} id="send-parts" text=${form.values.message} members=${list?.memberCount} />
    <${FormError} form=${form} />
    <button type="submit">Send to list…</button>
    ${form.done ? html`<p class="done" role="status" id="send-result">${form.done}</p>` : null}
  </form>`;
}
