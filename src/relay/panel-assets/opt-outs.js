// The recipients page's opt-out section: numbers that must not be texted (a send to one is refused
// with recipient_opted_out, a list send skips it), added and removed over GraphQL.
import { PanelOptInRecipient, PanelOptOutRecipient, PanelOptOuts } from '/panel/src/relay/recipients/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { FieldError, List, confirmAction, fieldProps, html, useFieldErrors, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';

const sourceLabels = { API: 'API', PANEL: 'Panel', KEYWORD: 'STOP keyword' };

export function OptOuts() {
  const [phone, setPhone] = useState('');
  const [done, setDone] = useState('');
  const [version, setVersion] = useState(0);
  const fields = useFieldErrors(['phone']);
  const [formError, setFormError] = useState('');
  const submit = async (event) => {
    event.preventDefault();
    fields.clear();
    setFormError('');
    setDone('');
    try {
      const { optOutRecipient } = await client.request(PanelOptOutRecipient, { phone });
      setDone(`${optOutRecipient.phoneDisplay} is opted out: sends to it are refused.`);
      setPhone('');
      setVersion((count) => count + 1);
      clearError();
    } catch (error) {
      if (!error.code) throw error;
      if (!fields.show(error)) setFormError(error.message);
    }
  };
  const optIn = async (node) => {
    const confirmed = await confirmAction({
      title: `Opt ${node.phoneDisplay} back in?`,
      message: `Sends to ${node.phoneDisplay} are accepted again. Do this only when the person asked for it (they texted START, or told you).`,
      confirmLabel: 'Opt back in',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelOptInRecipient, { phone: node.phone });
      setDone(`${node.phoneDisplay} is opted back in.`);
      setVersion((count) => count + 1);
      clearError();
    } catch (error) {
      showError(error);
    }
  };
  return html`<section aria-labelledby="opt-outs-heading">
    <h2 id="opt-outs-heading">Opted-out numbers</h2>
    <p class="muted">Sends to these numbers are refused (<code>recipient_opted_out</code>) and list sends skip them. The same list answers <code>GET /api/v1/opt-outs</code>.</p>
    <form id="new-opt-out" class="card" onSubmit=${submit} novalidate>
      <div class="field">
        <label for="opt-out-phone">Number to opt out (international, e.g. +14155552671)</label>
        <input name="phone" value=${phone} onInput=${(event) => setPhone(event.currentTarget.value)} required type="tel" inputmode="tel" maxlength="40" ...${fieldProps('opt-out-phone', fields.errors.phone)} />
        <${FieldError} id="opt-out-phone" error=${fields.errors.phone} />
      </div>
      ${formError ? html`<p class="error" role="alert">${formError}</p>` : null}
      <button type="submit">Opt out</button>
      ${done ? html`<p class="done" role="status">${done}</p>` : null}
    </form>
    <${List}
      label="Opted-out numbers"
      tbodyId="opt-outs"
      pageSize=${25}
      columns=${[
        { label: 'Phone', className: 'nowrap', cell: (node) => node.phoneDisplay },
        { label: 'How', cell: (node) => sourceLabels[node.source] ?? node.source },
        { label: 'Since', className: 'nowrap', cell: (node) => formatDateTime(node.createdAt) },
        {
          label: 'Actions',
          className: 'actions',
          cell: (node) => html`<button type="button" class="secondary" onClick=${() => optIn(node)}>Opt back in<span class="visually-hidden"> ${node.phoneDisplay}</span></button>`,
        },
      ]}
      liveKey=${version}
      rowAttributes=${(node) => ({ 'data-opt-out-phone': node.phone })}
      fetchPage=${async (page) => (await client.request(PanelOptOuts, page)).optOuts}
      empty="No number has opted out."
    />
  </section>`;
}
