import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// An invoice's panel page (declared in module.ts), rendered by panel-assets/invoice.js.

/** One invoice (its id is in the URL); invoice.js renders it. */
export function invoicePage(): PageHtml {
  return html`<p><a href="/panel/payments">← All payments</a></p>
    <div id="invoice-app"><p class="muted">Loading…</p></div>`;
}
