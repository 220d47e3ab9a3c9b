import { PanelCustomers } from '/panel/src/payments/customers/panel-operations.ts';
import { client } from '/panel/assets/panel.js';
import { DateTime, html, List, render } from '/panel/assets/ui.js';

// The customers page (issue 33): customers newest first, searchable by email or name; each opens
// its page with its saved payment methods.

const columns = [
  {
    label: 'Customer',
    cell: (node) => html`<a href="/panel/customers/${node.id}">${node.name || node.email || node.id}</a><div class="muted"><code>${node.id}</code></div>`,
  },
  { label: 'Email', cell: (node) => node.email || '—' },
  { label: 'Created', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
];

function CustomersPage() {
  return html`<section aria-labelledby="customers-heading">
    <h2 id="customers-heading">Customers</h2>
    <${List}
      label="Customers"
      tbodyId="customers"
      columns=${columns}
      rowAttributes=${(node) => ({ 'data-customer-id': node.id })}
      fetchPage=${async (page, values) => (await client.request(PanelCustomers, { ...page, ...(values.search ? { search: values.search } : {}) })).customers}
      filters=${[{ name: 'search', label: 'Search', search: true, placeholder: 'Email, name or id' }]}
      empty="No customers yet. Create one with the API (POST /api/v1/customers); a payment with its customer and setup_future_usage saves the card it was paid with."
    />
  </section>`;
}

const mount = document.getElementById('customers-app');
mount.replaceChildren();
render(html`<${CustomersPage} />`, mount);
