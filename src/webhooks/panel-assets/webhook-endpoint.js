import {
  PanelRotateWebhookSecret,
  PanelWebhookEndpoint,
  PanelWebhookEndpointDeliveries,
  PanelWebhookLog,
} from '/panel/src/webhooks/panel-operations.ts';
import { client, showError } from '/panel/assets/panel.js';
import { act, DeliveryStatus, EventCell, redeliverColumn } from '/panel/assets/webhook-delivery.js';
import { Badge, confirmAction, DateTime, html, List, render, useEffect, useLiveKey, useState } from '/panel/assets/ui.js';

// One webhook endpoint (issue 15): its settings, secret rotation (confirmed first), and its
// deliveries page by page, each with every attempt: the request sent and the response received.

const endpointId = decodeURIComponent(location.pathname.split('/').at(-1));


/**
 * The request an attempt made: its body as sent, in the endpoint's format, laid out to read; the
 * signature headers are left out (they carry nothing to debug).
 */
const requestText = (attempt, body) => `POST ${attempt.url}\nContent-Type: application/json\n\n${JSON.stringify(JSON.parse(body), null, 2)}`;

/** What an endpoint's format means for its receiver. */
const formatNames = {
  YARROW: "Yarrow's (X-YarrowPay-Signature)",
  SMS_GATEWAY: 'SMS Gateway for Android (X-Signature over body + X-Timestamp), as registered through /api/3rdparty/v1/webhooks',
};

function Attempts({ node }) {
  if (node.attempts.length === 0) return html`<span class="muted">No attempt yet</span>`;
  return html`<details class="attempt-detail">
    <summary>${node.attempts.length === 1 ? '1 attempt' : `${node.attempts.length} attempts`}</summary>
    <ol>
      ${node.attempts.map(
        (attempt) => html`<li key=${attempt.id} data-attempt-id=${attempt.id}>
          <p><${DateTime} value=${attempt.startedAt} /> · ${attempt.trigger === 'MANUAL' ? 'redelivered' : 'automatic'} · ${attempt.durationMs ?? '…'} ms</p>
          <p class="attempt-label">Request</p>
          <pre class="exchange">${requestText(attempt, node.body)}</pre>
          <p class="attempt-label">Response</p>
          <pre class="exchange">${attempt.httpStatus ? `HTTP ${attempt.httpStatus}` : (attempt.error ?? attempt.outcome.toLowerCase())}${attempt.responseExcerpt ? `\n\n${attempt.responseExcerpt}` : ''}</pre>
        </li>`,
      )}
    </ol>
  </details>`;
}

const deliveryColumns = [
  { label: 'Delivery', cell: (node) => html`#${node.id}<div class="muted"><${DateTime} value=${node.createdAt} /></div>` },
  { label: 'Event', cell: (node) => html`<${EventCell} event=${node.event} />` },
  { label: 'Status', cell: (node) => html`<${DeliveryStatus} node=${node} />` },
  { label: 'Attempts', cell: (node) => html`<${Attempts} node=${node} />` },
  redeliverColumn,
];

function EndpointPage() {
  const [endpoint, setEndpoint] = useState(null);
  const [missing, setMissing] = useState(false);
  const [secret, setSecret] = useState(null);
  const logKey = useLiveKey(PanelWebhookLog);
  const load = () =>
    client.request(PanelWebhookEndpoint, { id: endpointId }).then(
      (data) => setEndpoint(data.webhookEndpoint),
      (error) => (error.code === 'not_found' ? setMissing(true) : showError(error)),
    );
  useEffect(() => {
    load();
  }, []);
  if (missing) return html`<p class="card">There is no webhook endpoint <code>${endpointId}</code> in this account.</p>`;
  if (!endpoint) return html`<p class="muted">Loading…</p>`;
  const rotate = async () => {
    const confirmed = await confirmAction({
      title: 'Rotate the signing secret?',
      message: `${endpoint.url} gets a new secret. The old one also signs for 24 hours, so your receiver can switch over.`,
      confirmLabel: 'Rotate now',
    });
    if (!confirmed) return;
    await act(async () => {
      const rotated = (await client.request(PanelRotateWebhookSecret, { id: endpoint.id })).rotateWebhookEndpointSecret;
      setSecret(rotated.secret);
      load();
    });
  };
  return html`<section class="card wide" aria-labelledby="endpoint-title" id="endpoint-summary">
      <h2 id="endpoint-title"><code>${endpoint.url}</code> ${endpoint.enabled ? html`<${Badge} tone="good">enabled<//>` : html`<${Badge} tone="bad">disabled<//>`}</h2>
      <dl class="facts">
        <dt>Description</dt><dd>${endpoint.description || '—'}</dd>
        <dt>Events</dt><dd>${endpoint.eventTypes.length ? endpoint.eventTypes.join(', ') : 'every event'}</dd>
        <dt>Format</dt><dd id="payload-format" data-format=${endpoint.payloadFormat}>${formatNames[endpoint.payloadFormat] ?? endpoint.payloadFormat}</dd>
        <dt>Created</dt><dd><${DateTime} value=${endpoint.createdAt} /></dd>
        ${endpoint.failingSince && html`<dt>Failing since</dt><dd><${DateTime} value=${endpoint.failingSince} /></dd>`}
        ${endpoint.previousSecretExpiresAt && html`<dt>Old secret signs until</dt><dd><${DateTime} value=${endpoint.previousSecretExpiresAt} /></dd>`}
      </dl>
      <button type="button" class="secondary" onClick=${rotate}>Rotate secret</button>
      <div id="endpoint-secret" class="card secret" hidden=${!secret} aria-live="polite">
        <p>New signing secret. Copy it now and give it to your receiver.</p>
        <code id="endpoint-secret-value">${secret ?? ''}</code>
      </div>
    </section>
    <section aria-labelledby="endpoint-deliveries">
      <h2 id="endpoint-deliveries">Deliveries <span class="muted">(live)</span></h2>
      <${List}
        label="Deliveries"
        tbodyId="deliveries"
        columns=${deliveryColumns}
        liveKey=${logKey}
        rowAttributes=${(node) => ({ 'data-delivery-id': node.id, 'data-status': node.status })}
        fetchPage=${async (page, values) => {
          const filter = { endpointId: endpoint.id, ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) };
          return (await client.request(PanelWebhookEndpointDeliveries, { ...page, filter })).webhookDeliveries;
        }}
        filters=${[
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: 'PENDING', label: 'Sending or retrying' },
              { value: 'SUCCEEDED', label: 'Delivered' },
              { value: 'FAILED', label: 'Failed' },
            ],
          },
        ]}
        empty="No deliveries to this endpoint yet. Send it a test event from the webhooks page."
      />
    </section>`;
}

const mount = document.getElementById('webhook-endpoint-app');
mount.replaceChildren();
render(html`<${EndpointPage} />`, mount);
