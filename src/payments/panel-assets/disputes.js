import { PanelDisputeEvents, PanelDisputes } from '/panel/src/payments/disputes/panel-operations.ts';
import { client } from '/panel/assets/panel.js';
import { Badge, DateTime, html, List, Money, render, useLiveKey } from '/panel/assets/ui.js';
import { disputeStatuses, reasonName } from '/panel/assets/disputes-shared.js';

// The disputes page (issue 33): every dispute of the account with its status, reason and the date
// a response is due, newest first, filtered by status, re-read live on each dispute event.

const columns = [
  {
    label: 'Dispute',
    cell: (node) => html`<a href="/panel/disputes/${node.id}">${node.paymentIntent.title}</a><div class="muted"><code>${node.id}</code></div>`,
  },
  { label: 'Customer', cell: (node) => node.paymentIntent.customerName },
  { label: 'Amount', cell: (node) => html`<${Money} amount=${node.amountDisplay} currency=${node.currency} />` },
  { label: 'Reason', cell: (node) => reasonName(node.reason) },
  {
    label: 'Status',
    className: 'dispute-status',
    cell: (node) => {
      const status = disputeStatuses[node.status] ?? { label: node.status, tone: 'neutral' };
      return html`<${Badge} tone=${status.tone}>${status.label}<//>`;
    },
  },
  { label: 'Respond by', cell: (node) => (node.status === 'NEEDS_RESPONSE' ? html`<${DateTime} value=${node.evidenceDueBy} />` : '—') },
  { label: 'Opened', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
];

function DisputesPage() {
  const liveKey = useLiveKey(PanelDisputeEvents);
  return html`<section aria-labelledby="disputes-heading">
    <h2 id="disputes-heading">Disputes <span class="muted">(live)</span></h2>
    <${List}
      label="Disputes"
      tbodyId="disputes"
      columns=${columns}
      liveKey=${liveKey}
      rowAttributes=${(node) => ({ 'data-dispute-id': node.id, 'data-status': node.status })}
      fetchPage=${async (page, values) => (await client.request(PanelDisputes, { ...page, ...(values.status ? { status: [values.status] } : {}) })).disputes}
      filters=${[{ name: 'status', label: 'Status', options: Object.entries(disputeStatuses).map(([value, { label }]) => ({ value, label })) }]}
      empty="No disputes. In the sandbox, pay with a dispute test token (YP-VISA-DISPUTE, YP-MC-DISPUTE, YP-GP-DISPUTE, YP-AP-DISPUTE) and the card holder disputes the payment."
    />
  </section>`;
}

const mount = document.getElementById('disputes-app');
mount.replaceChildren();
render(html`<${DisputesPage} />`, mount);
