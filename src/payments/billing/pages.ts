import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// Billing's panel pages (declared in ../module.ts); products.js, subscriptions.js and subscription.js in
// panel-assets/ render them with the panel's components, over the GraphQL operations in panel-operations.ts.

/** Products and their prices: the list, a new product, a new price for a product. */
export function productsPage(): PageHtml {
  return html`<div id="products-app"><p class="muted">Loading…</p></div>`;
}

/** Subscriptions, filtered by status, and the account's dunning (retry days, what follows the last retry). */
export function subscriptionsPage(): PageHtml {
  return html`<div id="subscriptions-app"><p class="muted">Loading…</p></div>`;
}

/** One subscription (its id is in the URL): its period, trial, invoices, Cancel and Change price. */
export function subscriptionPage(): PageHtml {
  return html`<p><a href="/panel/subscriptions">← All subscriptions</a></p>
    <div id="subscription-app"><p class="muted">Loading…</p></div>`;
}
