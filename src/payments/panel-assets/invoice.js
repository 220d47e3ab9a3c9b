import { PanelPaymentActivity } from '/panel/src/payments/intents/panel-operations.ts';
import { PanelInvoice, PanelVoidInvoice } from '/panel/src/payments/invoices/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, html, Money, render, useEffect, useLiveKey, useState } from '/panel/assets/ui.js';
import { intentStatuses } from '/panel/assets/payments-shared.js';

// One invoice (issue 15): its details, the payment that pays it, its events, and Void while it is
// open (after a confirmation). Live: re-read on payment activity.

const invoiceId = decodeURIComponent(location.pathname.split('/').at(-1));

function statusBadge(invoice) {
  if (invoice.status === 'PAID') return html`<${Badge} tone="good">Paid<//>`;
  if (invoice.status === 'VOID') return html`<${Badge}>Void<//>`;
  return invoice.overdue ? html`<${Badge} tone="bad">Overdue<//>` : html`<${Badge}>Open<//>`;
}

function InvoicePage() {
  const liveKey = useLiveKey(PanelPaymentActivity);
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    client.request(PanelInvoice, { id: invoiceId, objectId: invoiceId }).then(setData, (error) => {
      if (error.code === 'not_found') setMissing(true);
      else showError(error);
    });
  }, [liveKey, reloads]);
  if (missing) return html`<p class="card">There is no invoice <code>${invoiceId}</code> in this account.</p>`;
  if (!data) return html`<p class="muted">Loading…</p>`;
  const invoice = data.invoice;
  const voidIt = async () => {
    const confirmed = await confirmAction({
      title: `Void ${invoice.invoiceNo}?`,
      message: 'The customer can no longer pay it, and invoice.voided is sent to your webhooks. This cannot be undone.',
      confirmLabel: 'Void invoice',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelVoidInvoice, { id: invoice.id });
      clearError();
      setReloads((count) => count + 1);
    } catch (error) {
      showError(error);
    }
  };
  const payment = invoice.paymentIntent;
  return html`<section class="card wide" aria-labelledby="invoice-title" id="invoice-summary" data-status=${invoice.status}>
      <h2 id="invoice-title">${invoice.invoiceNo} · ${invoice.title} ${statusBadge(invoice)}</h2>
      <dl class="facts">
        <dt>Amount</dt><dd><${Money} amount=${invoice.amountDisplay} currency=${invoice.currency} /></dd>
        <dt>Customer</dt><dd>${[invoice.customerName, invoice.customerEmail].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Due</dt><dd>${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${invoice.dueDate}T00:00:00Z`))}</dd>
        <dt>Created</dt><dd><${DateTime} value=${invoice.createdAt} /></dd>
        ${invoice.paidAt && html`<dt>Paid</dt><dd><${DateTime} value=${invoice.paidAt} /></dd>`}
        ${invoice.voidedAt && html`<dt>Voided</dt><dd><${DateTime} value=${invoice.voidedAt} /></dd>`}
        <dt>Payment</dt>
        <dd>${payment ? html`<a href="/panel/payments/${payment.id}">${payment.id}</a> (${intentStatuses[payment.status]?.label.toLowerCase() ?? payment.status})` : 'none yet'}</dd>
      </dl>
      ${invoice.status === 'OPEN'
        ? html`<div class="actions" role="group" aria-label="Actions">
            <a class="button" href=${invoice.hostedUrl} target="_blank" rel="noopener">Open hosted page</a>
            <button type="button" class="danger" onClick=${voidIt}>Void invoice</button>
          </div>`
        : html`<p class="muted">No actions: this invoice is ${invoice.status.toLowerCase()}.</p>`}
    </section>
    <section aria-labelledby="invoice-timeline">
      <h2 id="invoice-timeline">Timeline</h2>
      <ol class="timeline" id="timeline">
        ${[...data.events.edges].reverse().map(
          ({ node: event }) => html`<li key=${event.id} data-event-type=${event.type}><strong>${event.type}</strong> · <${DateTime} value=${event.createdAt} /></li>`,
        )}
      </ol>
    </section>`;
}

const mount = document.getElementById('invoice-app');
mount.replaceChildren();
render(html`<${InvoicePage} />`, mount);
