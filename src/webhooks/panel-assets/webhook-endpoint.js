import {
  PanelRecoverWebhookEndpoint,
  PanelRotateWebhookSecret,
  PanelUpdateWebhookEndpoint,
  PanelWebhookEndpoint,
  PanelWebhookEndpointDeliveries,
  PanelWebhookLog,
} from '/panel/src/webhooks/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { act, DeliveryStatus, EventCell, redeliverColumn } from '/panel/assets/webhook-delivery.js';
import { CustomHeadersControl, RateLimitControl } from '/panel/assets/webhook-endpoint-settings.js';
import { Badge, confirmAction, DateTime, FieldError, fieldProps, html, List, render, useEffect, useFieldErrors, useLiveKey, useState } from '/panel/assets/ui.js';

// One webhook endpoint (issue 15): its settings, secret rotation (confirmed first), its rate limit
// and custom headers (webhook-endpoint-settings.js), recovery of its failed deliveries since a time
// (issue 39), and its deliveries page by page, each with every
// attempt: the request sent and the response received.

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

/** What each ordering means for the receiver (docs/webhooks.md, Ordered endpoints). */
const orderingNames = {
  UNORDERED: 'Unordered: deliveries go in parallel',
  FIFO: 'FIFO: one at a time in event order; a failing delivery holds the ones behind it through its retries',
};
const orderingChoices = { UNORDERED: 'Unordered', FIFO: 'FIFO (in event order)' };

/** The endpoint's ordering, changed in place (made unordered, the deliveries waiting in its line go at once). */
function OrderingForm({ endpoint, onChanged }) {
  const [value, setValue] = useState(endpoint.ordering);
  const submit = async (event) => {
    event.preventDefault();
    await act(async () => {
      await client.request(PanelUpdateWebhookEndpoint, { id: endpoint.id, input: { ordering: value } });
      onChanged();
    });
  };
  return html`<form id="endpoint-ordering" onSubmit=${submit}>
    <label for="endpoint-ordering-value">Ordering</label>
    <select id="endpoint-ordering-value" name="ordering" value=${value} onChange=${(event) => setValue(event.currentTarget.value)}>
      ${Object.entries(orderingChoices).map(([option, label]) => html`<option key=${option} value=${option}>${label}</option>`)}
    </select>
    <button type="submit" class="secondary" disabled=${value === endpoint.ordering}>Save ordering</button>
  </form>`;
}

/** `YYYY-MM-DDTHH:MM` in the browser's time zone, as a datetime-local input takes it. */
const localInputValue = (date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** "Recover failed since…": every delivery that ended failed since then is sent again (at most 14 days back). */
function RecoverFailed({ endpoint }) {
  const { errors, show, clear } = useFieldErrors(['since']);
  const [queued, setQueued] = useState(null);
  const now = new Date();
  // What the user typed survives the page's re-renders (a delivery's live update re-renders it): the
  // default (a day ago) is taken once, not at every render.
  const [sinceValue, setSinceValue] = useState(() => localInputValue(new Date(now.getTime() - 24 * 3600_000)));
  const submit = async (event) => {
    event.preventDefault();
    const value = event.currentTarget.elements.since.value;
    try {
      const since = new Date(value).toISOString();
      const recovered = (await client.request(PanelRecoverWebhookEndpoint, { id: endpoint.id, since })).recoverWebhookEndpoint;
      clear();
      clearError();
      setQueued(recovered.queued);
    } catch (error) {
      setQueued(null);
      if (show(error)) clearError();
      else showError(error);
    }
  };
  return html`<form id="recover-failed" onSubmit=${submit} novalidate>
    <label for="recover-since">Recover failed since…</label>
    <input name="since" type="datetime-local" required
      value=${sinceValue} onInput=${(event) => setSinceValue(event.currentTarget.value)}
      min=${localInputValue(new Date(now.getTime() - 14 * 24 * 3600_000))} max=${localInputValue(now)}
      ...${fieldProps('recover-since', errors.since)} />
    <${FieldError} id="recover-since" error=${errors.since} />
    <button type="submit" class="secondary" disabled=${!endpoint.enabled}>Recover</button>
    <p id="recover-result" aria-live="polite">${
      queued === null ? '' : queued === 0 ? 'No failed delivery in that window.' : `${queued} failed ${queued === 1 ? 'delivery' : 'deliveries'} queued to be sent again, oldest first.`
    }</p>
  </form>`;
}

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
        <dt>Rate limit</dt><dd id="rate-limit">${endpoint.rateLimit === null ? 'none' : `${endpoint.rateLimit} a second`}</dd>
        <dt>Custom headers</dt><dd id="header-names">${endpoint.headerNames.length ? endpoint.headerNames.join(', ') : 'none'}</dd>
        <dt>Ordering</dt><dd id="ordering" data-ordering=${endpoint.ordering}>${orderingNames[endpoint.ordering] ?? endpoint.ordering}</dd>
        <dt>Created</dt><dd><${DateTime} value=${endpoint.createdAt} /></dd>
        ${endpoint.failingSince && html`<dt>Failing since</dt><dd><${DateTime} value=${endpoint.failingSince} /></dd>`}
        ${endpoint.previousSecretExpiresAt && html`<dt>Old secret signs until</dt><dd><${DateTime} value=${endpoint.previousSecretExpiresAt} /></dd>`}
      </dl>
      <button type="button" class="secondary" onClick=${rotate}>Rotate secret</button>
      <${RateLimitControl} key=${`rate-${endpoint.rateLimit}`} endpoint=${endpoint} onChanged=${load} />
      <${CustomHeadersControl} endpoint=${endpoint} onChanged=${load} />
      <${OrderingForm} key=${endpoint.ordering} endpoint=${endpoint} onChanged=${load} />
      <${RecoverFailed} endpoint=${endpoint} />
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
