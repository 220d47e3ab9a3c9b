import { PanelBillingSettings, PanelSubscriptions, PanelUpdateBillingSettings } from '/panel/src/payments/billing/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, DateTime, html, List, render, useEffect, useState } from '/panel/assets/ui.js';
import { priceText, subscriptionStatuses } from '/panel/assets/billing-shared.js';

// The subscriptions page (issue 38): subscriptions newest first, filtered by status, each opening its
// page; below, the account's dunning: the days after a declined renewal it is retried, and what follows
// the last retry (canceled or unpaid).

const columns = [
  {
    label: 'Customer',
    cell: (node) => html`<a href="/panel/subscriptions/${node.id}">${node.customer.name || node.customer.email || node.customer.id}</a><div class="muted"><code>${node.id}</code></div>`,
  },
  { label: 'Price', cell: (node) => node.items.map((item) => html`<div>${item.price.product.name} · ${priceText(item.price)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</div>`) },
  {
    label: 'Status',
    cell: (node) => {
      const status = subscriptionStatuses[node.status] ?? { label: node.status, tone: 'neutral' };
      return html`<${Badge} tone=${status.tone}>${status.label}<//>${node.cancelAtPeriodEnd ? html` <${Badge} tone="warn">Cancels at period end<//>` : ''}`;
    },
  },
  { label: 'Period ends', cell: (node) => html`<${DateTime} value=${node.currentPeriodEnd} />` },
  { label: 'Created', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
];

function Dunning() {
  const [settings, setSettings] = useState(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    client.request(PanelBillingSettings).then((data) => setSettings(data.billingSettings), showError);
  }, []);
  if (!settings) return html`<p class="muted">Loading…</p>`;
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget.elements;
    const retryDays = form.retryDays.value
      .split(',')
      .map((day) => day.trim())
      .filter(Boolean)
      .map(Number);
    try {
      const data = await client.request(PanelUpdateBillingSettings, { input: { retryDays, afterRetries: form.afterRetries.value } });
      clearError();
      setSettings(data.updateBillingSettings);
      setSaved(true);
    } catch (error) {
      setSaved(false);
      showError(error);
    }
  };
  return html`<form class="card" id="dunning" onSubmit=${submit} aria-labelledby="dunning-heading">
    <h2 id="dunning-heading">Failed renewals</h2>
    <p class="muted">A declined renewal is retried on these days after its first try; after the last retry the subscription is canceled or marked unpaid.</p>
    <label for="retry-days">Retry days (comma-separated)</label>
    <input id="retry-days" name="retryDays" value=${settings.retryDays.join(', ')} />
    <label for="after-retries">After the last retry</label>
    <select id="after-retries" name="afterRetries" value=${settings.afterRetries}>
      <option value="CANCELED">Cancel the subscription</option>
      <option value="UNPAID">Mark it unpaid (it stays, invoices stop being charged)</option>
    </select>
    <button type="submit">Save</button>
    ${saved ? html`<p role="status">Saved.</p>` : ''}
  </form>`;
}

function SubscriptionsPage() {
  return html`<section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading">Subscriptions</h2>
      <${List}
        label="Subscriptions"
        tbodyId="subscriptions"
        columns=${columns}
        rowAttributes=${(node) => ({ 'data-subscription-id': node.id, 'data-status': node.status })}
        fetchPage=${async (page, values) => (await client.request(PanelSubscriptions, { ...page, ...(values.status ? { status: [values.status] } : {}) })).subscriptions}
        filters=${[{ name: 'status', label: 'Status', options: Object.entries(subscriptionStatuses).map(([value, { label }]) => ({ value, label })) }]}
        empty="No subscriptions yet. Create one with the API (POST /api/v1/subscriptions) for a customer and a price (Products)."
      />
    </section>
    <${Dunning} />`;
}

const mount = document.getElementById('subscriptions-app');
mount.replaceChildren();
render(html`<${SubscriptionsPage} />`, mount);
