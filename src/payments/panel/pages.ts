import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// The payments module's panel page (declared in module.ts); payments.js in panel-assets/ renders it
// with the panel's components (src/panel/assets/ui.js).

/** Payments: payment intents (live), invoices, and the KYC form. */
export function paymentsPage(): PageHtml {
  return html`<div id="payments-app"><p class="muted">Loading…</p></div>`;
}

/** One payment intent (its id is in the URL); payment-intent.js renders it. */
export function paymentIntentPage(): PageHtml {
  return html`<p><a href="/panel/payments">← All payments</a></p>
    <div id="payment-intent-app"><p class="muted">Loading…</p></div>`;
}

/** One invoice (its id is in the URL); invoice.js renders it. */
export function invoicePage(): PageHtml {
  return html`<p><a href="/panel/payments">← All payments</a></p>
    <div id="invoice-app"><p class="muted">Loading…</p></div>`;
}
