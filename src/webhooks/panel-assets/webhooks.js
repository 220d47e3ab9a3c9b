import {
  PanelCreateWebhookEndpoint,
  PanelRevealWebhookSecret,
  PanelRotateWebhookSecret,
  PanelSendTestWebhook,
  PanelUpdateWebhookEndpoint,
  PanelWebhookDeliveries,
  PanelWebhookEndpoints,
  PanelWebhookLog,
} from '/panel/src/webhooks/panel-operations.ts';
import { clearError, client, showError, when } from '/panel/assets/panel.js';
import { act, DeliveryStatus, EventCell, redeliverColumn } from '/panel/assets/webhook-delivery.js';
import { Badge, confirmAction, DateTime, FieldError, fieldProps, html, List, render, useFieldErrors, useLiveKey, useState } from '/panel/assets/ui.js';

const disabledReasons = { FAILING: 'disabled: failing', GONE: 'disabled: endpoint gone', MANUAL: 'disabled' };


function LastAttempt({ node }) {
  const last = node.attempts.at(-1);
  if (!last) return '—';
  const summary = `${last.httpStatus ?? last.error ?? last.outcome.toLowerCase()} · ${last.durationMs ?? '…'} ms${last.trigger === 'MANUAL' ? ' · manual' : ''}`;
  return html`${summary}
    <details>
      <summary>${node.attempts.length === 1 ? '1 attempt' : `${node.attempts.length} attempts`}</summary>
      <ul class="attempts">
        ${node.attempts.map(
          (attempt) => html`<li key=${attempt.id}>
            <${DateTime} value=${attempt.startedAt} /> · ${attempt.httpStatus ?? attempt.error ?? attempt.outcome.toLowerCase()} · ${attempt.durationMs ?? '…'} ms
            ${attempt.trigger === 'MANUAL' ? ' · manual' : ''}
            ${attempt.responseExcerpt && html`<pre>${attempt.responseExcerpt}</pre>`}
          </li>`,
        )}
      </ul>
    </details>`;
}

function NewEndpoint({ eventTypes, onCreated, showSecret }) {
  const { errors, show, clear } = useFieldErrors(['url', 'description', 'rateLimit', 'headers', 'eventTypes']);
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = [...form.querySelectorAll('input[name="eventTypes"]:checked')].map((box) => box.value);
    try {
      const created = await client.request(PanelCreateWebhookEndpoint, {
        input: {
          url: form.elements.url.value,
          description: form.elements.description.value || undefined,
          // Empty: no limit. A fraction or a number out of range is the server's to refuse.
          rateLimit: form.elements.rateLimit.value === '' ? undefined : Number(form.elements.rateLimit.value),
          eventTypes: chosen,
          // One custom header at creation (more, and changes, on the endpoint's page); its value is write-only.
          headers: form.elements.headerName.value.trim() === '' ? undefined : { [form.elements.headerName.value.trim()]: form.elements.headerValue.value },
        },
      });
      clear();
      clearError();
      showSecret('Signing secret of the new endpoint. Verify each request\u2019s X-YarrowPay-Signature with it.', created.createWebhookEndpoint.secret);
      form.reset();
      onCreated();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  return html`<form id="create-endpoint" class="card" onSubmit=${submit} novalidate>
    <label for="endpoint-url">URL</label>
    <input name="url" type="url" required placeholder="https://example.com/yarrow-hooks" ...${fieldProps('endpoint-url', errors.url)} />
    <${FieldError} id="endpoint-url" error=${errors.url} />
    <label for="endpoint-description">Description</label>
    <input name="description" maxlength="200" ...${fieldProps('endpoint-description', errors.description)} />
    <${FieldError} id="endpoint-description" error=${errors.description} />
    <label for="endpoint-rate-limit">Rate limit (deliveries a second, 1–1,000; empty: none)</label>
    <input name="rateLimit" type="number" min="1" max="1000" step="1" ...${fieldProps('endpoint-rate-limit', errors.rateLimit)} />
    <${FieldError} id="endpoint-rate-limit" error=${errors.rateLimit} />
    <label for="endpoint-header-name">Custom header name (optional, e.g. X-Api-Key)</label>
    <input name="headerName" autocomplete="off" maxlength="100" ...${fieldProps('endpoint-header-name', errors.headers)} />
    <${FieldError} id="endpoint-header-name" error=${errors.headers} />
    <label for="endpoint-header-value">Custom header value (kept sealed, never shown again)</label>
    <input id="endpoint-header-value" name="headerValue" type="password" autocomplete="off" maxlength="1000" />
    <fieldset class="checks" aria-describedby=${errors.eventTypes ? 'endpoint-events-error' : undefined}>
      <legend>Events (none chosen: every event)</legend>
      ${eventTypes.map((type) => html`<label class="check"><input type="checkbox" name="eventTypes" value=${type} /> ${type}</label>`)}
    </fieldset>
    <${FieldError} id="endpoint-events" error=${errors.eventTypes} />
    <button type="submit">Create endpoint</button>
  </form>`;
}

function Secret({ secret }) {
  return html`<div id="endpoint-secret" class="card secret" hidden=${!secret} aria-live="polite">
    <p id="endpoint-secret-label">${secret?.label ?? ''}</p>
    <code id="endpoint-secret-value">${secret?.value ?? ''}</code>
    <button type="button" id="copy-endpoint-secret" onClick=${() => navigator.clipboard.writeText(secret.value)}>Copy</button>
  </div>`;
}

function endpointColumns({ reload, showSecret }) {
  const rotate = async (node) => {
    const confirmed = await confirmAction({
      title: 'Rotate the signing secret?',
      message: `${node.url} gets a new secret. The old one also signs for 24 hours, so your receiver can switch over.`,
      confirmLabel: 'Rotate now',
    });
    if (!confirmed) return;
    await act(async () => {
      const rotated = (await client.request(PanelRotateWebhookSecret, { id: node.id })).rotateWebhookEndpointSecret;
      showSecret(`New secret of ${node.url} (the old one also signs until ${when(rotated.previousSecretExpiresAt)})`, rotated.secret);
    });
  };
  const setEnabled = async (node, enabled) => {
    if (!enabled) {
      const confirmed = await confirmAction({
        title: 'Disable this endpoint?',
        message: `${node.url} receives no events while disabled. Events in that time are not sent later.`,
        confirmLabel: 'Disable endpoint',
      });
      if (!confirmed) return;
    }
    await act(async () => {
      await client.request(PanelUpdateWebhookEndpoint, { id: node.id, input: { enabled } });
      reload();
    });
  };
  return [
    {
      label: 'URL',
      cell: (node) =>
        html`<a href="/panel/webhooks/${node.id}"><code>${node.url}</code></a>${node.description && html`<div class="muted">${node.description}</div>`}`,
    },
    { label: 'Events', cell: (node) => (node.eventTypes.length ? node.eventTypes.join(', ') : 'every event') },
    {
      label: 'Status',
      cell: (node) =>
        node.enabled
          ? html`<${Badge} tone="good">enabled<//>`
          : html`<${Badge} tone=${node.disabledReason === 'MANUAL' ? 'neutral' : 'bad'}>${disabledReasons[node.disabledReason] ?? 'disabled'}<//>`,
    },
    {
      label: 'Actions',
      className: 'actions',
      cell: (node) => html`
        <button type="button" class="secondary" onClick=${() =>
          act(async () => showSecret(`Secret of ${node.url}`, (await client.request(PanelRevealWebhookSecret, { id: node.id })).revealWebhookEndpointSecret.secret))}>Reveal secret</button>
        <button type="button" class="secondary" onClick=${() => rotate(node)}>Rotate secret</button>
        <button type="button" class="secondary" onClick=${() => act(() => client.request(PanelSendTestWebhook, { endpointId: node.id }))}>Send test event</button>
        ${node.enabled
          ? html`<button type="button" class="danger" onClick=${() => setEnabled(node, false)}>Disable</button>`
          : html`<button type="button" onClick=${() => setEnabled(node, true)}>Enable</button>`}`,
    },
  ];
}

const deliveryColumns = [
  { label: 'Delivery', cell: (node) => html`#${node.id}<div class="muted"><${DateTime} value=${node.createdAt} /></div>` },
  { label: 'Event', cell: (node) => html`<${EventCell} event=${node.event} />` },
  { label: 'Endpoint', cell: (node) => html`<code>${node.endpoint.url}</code>` },
  { label: 'Status', cell: (node) => html`<${DeliveryStatus} node=${node} />` },
  { label: 'Last attempt', cell: (node) => html`<${LastAttempt} node=${node} />` },
  redeliverColumn,
];

function WebhooksPage() {
  const [eventTypes, setEventTypes] = useState([]);
  const [endpoints, setEndpoints] = useState([]);
  const [endpointsKey, setEndpointsKey] = useState(0);
  const [secret, setSecretState] = useState(null);
  const showSecret = (label, value) => setSecretState({ label, value });
  const reloadEndpoints = () => setEndpointsKey((key) => key + 1);
  // The log re-reads its page on delivery updates, a burst of them becoming one read.
  const logKey = useLiveKey(PanelWebhookLog);
  const fetchEndpoints = async (page) => {
    const data = await client.request(PanelWebhookEndpoints, page);
    setEventTypes(data.webhookEventTypes);
    if (!page.after) setEndpoints(data.webhookEndpoints.edges.map(({ node }) => node));
    return data.webhookEndpoints;
  };
  const fetchDeliveries = async (page, values) => {
    const filter = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    return (await client.request(PanelWebhookDeliveries, { ...page, filter })).webhookDeliveries;
  };
  return html`<section aria-labelledby="new-endpoint">
      <h2 id="new-endpoint">New endpoint</h2>
      <${NewEndpoint} eventTypes=${eventTypes} onCreated=${reloadEndpoints} showSecret=${showSecret} />
      <${Secret} secret=${secret} />
    </section>
    <section aria-labelledby="endpoint-list">
      <h2 id="endpoint-list">Endpoints</h2>
      <${List}
        label="Endpoints"
        tbodyId="endpoints"
        columns=${endpointColumns({ reload: reloadEndpoints, showSecret })}
        liveKey=${endpointsKey}
        rowAttributes=${(node) => ({ 'data-endpoint-id': node.id })}
        fetchPage=${fetchEndpoints}
        empty="No endpoints yet. Add the URL of your server above; Yarrow posts each event there, signed."
      />
    </section>
    <section aria-labelledby="delivery-log">
      <h2 id="delivery-log">Delivery log <span class="muted" id="log-state">(live)</span></h2>
      <${List}
        label="Deliveries"
        tbodyId="deliveries"
        columns=${deliveryColumns}
        liveKey=${logKey}
        rowAttributes=${(node) => ({ 'data-delivery-id': node.id, 'data-status': node.status })}
        fetchPage=${fetchDeliveries}
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
          { name: 'eventType', label: 'Event type', options: eventTypes.map((type) => ({ value: type, label: type })) },
          { name: 'endpointId', label: 'Endpoint', options: endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url })) },
          { name: 'eventId', label: 'Event id', search: true, placeholder: 'evt_…' },
        ]}
        empty="No deliveries yet. Add an endpoint, then send it a test event."
      />
    </section>`;
}

const mount = document.getElementById('webhooks-app');
mount.replaceChildren();
render(html`<${WebhooksPage} />`, mount);
