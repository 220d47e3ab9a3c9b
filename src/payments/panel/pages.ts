import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// Pay's shared panel page (declared in module.ts): payments.js in panel-assets/ renders it with the
// panel's components (src/panel/assets/ui.js), over intents', invoices' and KYC's panel operations.

/** Payments: payment intents (live), invoices, and the KYC form. */
export function paymentsPage(): PageHtml {
  return html`<div id="payments-app"><p class="muted">Loading…</p></div>`;
}
