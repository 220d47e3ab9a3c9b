import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// A payment intent's panel page (declared in module.ts), rendered by panel-assets/payment-intent.js.

/** One payment intent (its id is in the URL); payment-intent.js renders it. */
export function paymentIntentPage(): PageHtml {
  return html`<p><a href="/panel/payments">← All payments</a></p>
    <div id="payment-intent-app"><p class="muted">Loading…</p></div>`;
}
