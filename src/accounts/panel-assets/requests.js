import { PanelApiRequests } from '/panel/src/accounts/panel-operations.ts';
import { client } from '/panel/assets/panel.js';
import { Badge, DateTime, html, List, render } from '/panel/assets/ui.js';

// The request log page: the account's API requests (src/core/request-log.ts), newest first,
// filtered by method, outcome, path, Idempotency-Key or request id; each row opens its bodies
// (secrets already removed on the server) and the events it caused.

const mount = document.getElementById('requests-app');

function Body({ label, text }) {
  if (!text) return html`<p class="muted">${label}: none</p>`;
  // Focusable: a long body scrolls, and a keyboard must reach it.
  return html`<p>${label}</p><pre class="body" tabindex="0" aria-label=${label}>${text}</pre>`;
}

function Details({ node }) {
  return html`<details>
    <summary>Details</summary>
    <dl class="facts">
      <dt>Request id</dt><dd><code>${node.requestId}</code></dd>
      <dt>Log id</dt><dd><code>${node.id}</code></dd>
      <dt>Time</dt><dd>${node.durationMs} ms</dd>
      <dt>Events caused</dt>
      <dd>${node.events.length === 0 ? 'none' : node.events.map((event) => html`<div key=${event.id}>${event.type} <code>${event.id}</code></div>`)}</dd>
    </dl>
    <${Body} label="Request body" text=${node.requestBody} />
    <${Body} label="Response body" text=${node.responseBody} />
  </details>`;
}

const columns = [
  { label: 'Time', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
  { label: 'Request', className: 'text', cell: (node) => html`<strong>${node.method}</strong> <code>${node.path}</code>` },
  {
    label: 'Status',
    cell: (node) => html`<${Badge} tone=${node.status >= 400 ? 'bad' : 'good'}>${node.status}<//>${node.errorCode ? html` <span class="muted">${node.errorCode}</span>` : ''}`,
  },
  { label: 'Key', className: 'text', cell: (node) => node.keyLabel ?? '—' },
  { label: 'Idempotency key', className: 'text', cell: (node) => (node.idempotencyKey ? html`<code>${node.idempotencyKey}</code>` : '—') },
  { label: 'More', cell: (node) => html`<${Details} node=${node} />` },
];

const filters = [
  { name: 'method', label: 'Method', options: ['GET', 'POST', 'PATCH', 'DELETE'].map((method) => ({ value: method, label: method })) },
  { name: 'outcome', label: 'Outcome', options: [{ value: 'failed', label: 'Failed (400 and up)' }] },
  { name: 'path', label: 'Path starts with', search: true, placeholder: '/api/v1/payment-intents' },
  { name: 'idempotencyKey', label: 'Idempotency key', search: true },
  { name: 'requestId', label: 'Request id', search: true, placeholder: 'hreq_…' },
];

async function fetchPage(page, values) {
  const filter = {
    ...(values.method ? { method: values.method } : {}),
    ...(values.outcome === 'failed' ? { failed: true } : {}),
    ...(values.path ? { path: values.path } : {}),
    ...(values.idempotencyKey ? { idempotencyKey: values.idempotencyKey } : {}),
    ...(values.requestId ? { requestId: values.requestId } : {}),
  };
  return (await client.request(PanelApiRequests, { ...page, filter })).apiRequests;
}

function RequestLog() {
  return html`<p class="muted">Every REST request your API keys make, newest first. Secrets (keys, signing secrets, card and device tokens, codes) are removed before anything is stored.</p>
    <${List}
      label="API requests"
      tbodyId="requests"
      columns=${columns}
      filters=${filters}
      fetchPage=${fetchPage}
      rowAttributes=${(node) => ({ 'data-request': node.id, 'data-status': String(node.status) })}
      empty=${html`No API requests yet. Make one with an API key (see <a href="/panel/keys">API keys</a>).`}
    />`;
}

render(html`<${RequestLog} />`, mount);
