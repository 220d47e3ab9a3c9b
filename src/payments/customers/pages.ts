import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// The customers panel pages (declared in module.ts); customers.js and customer.js in panel-assets/
// render them with the panel's components, over the GraphQL operations in panel-operations.ts.

/** Customers: the list, searchable by email. */
export function customersPage(): PageHtml {
  return html`<div id="customers-app"><p class="muted">Loading…</p></div>`;
}

/** One customer (its id is in the URL): its details and saved payment methods; customer.js renders it. */
export function customerPage(): PageHtml {
  return html`<p><a href="/panel/customers">← All customers</a></p>
    <div id="customer-app"><p class="muted">Loading…</p></div>`;
}
