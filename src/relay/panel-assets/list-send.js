// The recipients page's list-send box: the text's parts counted as one types (the SDK's counter,
// the one the server counts with at accept), and what the send costs for the chosen list.
import { PanelQueueRecipientList, PanelRecipientListSendPreview } from '/panel/src/relay/recipients/panel-operations.ts';
import { client } from '/panel/assets/panel.js';
import { confirmAction, fieldProps, html, useState } from '/panel/assets/ui.js';
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

/** The first texts a list send would queue, as each member gets them, with their parts. */
function Preview({ preview }) {
  return html`<section id="send-preview" aria-label="Preview">
    <p>${formatNumber(preview.queued)} messages, <strong>${formatNumber(preview.segments)} parts</strong> in all. The first ${formatNumber(preview.items.length)}:</p>
    <ol class="preview">
      ${preview.items.map(
        (item) => html`<li data-recipient-id=${item.recipientId}><span class="nowrap">${item.to}</span>: <q>${item.text}</q>
          <span class="muted">(${formatNumber(item.segments)} ${item.segments === 1 ? 'part' : 'parts'}, ${ENCODING_NAMES[item.encoding]})</span></li>`,
      )}
    </ol>
  </section>`;
}

export function SendToList({ lists }) {
  const form = useForm({ listId: '', message: '', personal: '' }, 'send');
  const [preview, setPreview] = useState(null);
  const list = lists.find((entry) => entry.id === form.values.listId);
  // A personal send's text is its template: `{{first_name|there}}` filled per member by the server.
  const text = () => (form.values.personal ? { template: form.values.message } : { message: form.values.message });
  const showPreview = () =>
    form.run(async () => {
      const { recipientListSendPreview } = await client.request(PanelRecipientListSendPreview, { input: { listId: form.values.listId, ...text() } });
      setPreview(recipientListSendPreview);
      return '';
    });
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
      const { queueRecipientList: batch } = await client.request(PanelQueueRecipientList, { input: { listId: form.values.listId, ...text() } });
      setPreview(null);
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
      <textarea rows="3" maxlength="1600" value=${form.values.message} onInput=${form.set('message')} aria-describedby="send-parts" ...${fieldProps('send-message', form.errors.message ?? form.errors.template)}></textarea>
    <//>
    <div class="field checkbox">
      <input type="checkbox" id="send-personal" checked=${!!form.values.personal} onChange=${(event) => form.set('personal')({ currentTarget: { value: event.currentTarget.checked ? 'yes' : '' } })} />
      <label for="send-personal">Personal: fill <code>{{name}}</code>, <code>{{phone}}</code> and the CSV's columns (<code>{{first_name|there}}</code> gives a default) for each member</label>
    </div>
    <${PartsCount} id="send-parts" text=${form.values.message} members=${form.values.personal ? undefined : list?.memberCount} />
    ${preview ? html`<${Preview} preview=${preview} />` : null}
    <${FormError} form=${form} />
    <button type="button" class="secondary" onClick=${showPreview}>Preview</button>
    <button type="submit">Send to list…</button>
    ${form.done ? html`<p class="done" role="status" id="send-result">${form.done}</p>` : null}
  </form>`;
}
