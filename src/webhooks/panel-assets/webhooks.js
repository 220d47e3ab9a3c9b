import {
  PanelCreateWebhookEndpoint,
  PanelRedeliverWebhook,
  PanelRevealWebhookSecret,
  PanelRotateWebhookSecret,
  PanelSendTestWebhook,
  PanelUpdateWebhookEndpoint,
  PanelWebhookDeliveries,
  PanelWebhookEndpoints,
  PanelWebhookLog,
} from '/panel/sdk/operations.ts';
import { clearError, client, coalesced, el, live, showError, when } from '/panel/assets/panel.js';

function showSecret(label, secret) {
  document.getElementById('endpoint-secret-label').textContent = label;
  document.getElementById('endpoint-secret-value').textContent = secret;
  document.getElementById('endpoint-secret').hidden = false;
}

async function act(action) {
  try {
    await action();
    clearError();
  } catch (error) {
    showError(error);
  }
}

async function loadEndpoints() {
  const data = await client.request(PanelWebhookEndpoints);
  const select = document.getElementById('endpoint-events');
  if (!select.options.length) select.replaceChildren(...data.webhookEventTypes.map((type) => el('option', { value: type }, type)));
  const rows = data.webhookEndpoints.edges.map(({ node }) =>
    el(
      'tr',
      { 'data-endpoint-id': node.id },
      el('td', {}, el('code', {}, node.url), node.description ? el('div', { class: 'muted' }, node.description) : ''),
      el('td', {}, node.eventTypes.length ? node.eventTypes.join(', ') : 'every event'),
      el('td', {}, node.enabled ? 'enabled' : `disabled${node.disabledReason ? ` (${node.disabledReason.toLowerCase()})` : ''}`),
      el(
        'td',
        {},
        el('button', { type: 'button', onclick: () => act(async () => showSecret(`Secret of ${node.url}`, (await client.request(PanelRevealWebhookSecret, { id: node.id })).revealWebhookEndpointSecret.secret)) }, 'Reveal secret'),
        ' ',
        el('button', { type: 'button', onclick: () => act(async () => {
          const rotated = (await client.request(PanelRotateWebhookSecret, { id: node.id })).rotateWebhookEndpointSecret;
          showSecret(`New secret of ${node.url} (the old one also signs until ${when(rotated.previousSecretExpiresAt)})`, rotated.secret);
        }) }, 'Rotate secret'),
        ' ',
        el('button', { type: 'button', onclick: () => act(() => client.request(PanelSendTestWebhook, { endpointId: node.id })) }, 'Send test event'),
        ' ',
        el('button', { type: 'button', class: node.enabled ? 'danger' : '', onclick: () => act(async () => {
          await client.request(PanelUpdateWebhookEndpoint, { id: node.id, input: { enabled: !node.enabled } });
          await loadEndpoints();
        }) }, node.enabled ? 'Disable' : 'Enable'),
      ),
    ),
  );
  document.getElementById('endpoints').replaceChildren(...rows);
}

async function loadDeliveries() {
  const data = await client.request(PanelWebhookDeliveries);
  const rows = data.webhookDeliveries.edges.map(({ node }) =>
    el(
      'tr',
      { 'data-delivery-id': node.id, 'data-status': node.status },
      el('td', {}, `#${node.id}`, el('div', { class: 'muted' }, when(node.createdAt))),
      el('td', {}, node.event.type, el('div', { class: 'muted' }, node.event.objectPublicId)),
      el('td', {}, el('code', {}, node.endpoint.url)),
      el('td', { class: 'delivery-status' }, node.status.toLowerCase(), node.nextAttemptAt ? el('div', { class: 'muted' }, `next ${when(node.nextAttemptAt)}`) : ''),
      el(
        'td',
        {},
        el(
          'ul',
          { class: 'attempts' },
          node.attempts.map((attempt) =>
            el(
              'li',
              {},
              `${when(attempt.startedAt)} · ${attempt.httpStatus ?? attempt.error ?? attempt.outcome.toLowerCase()} · ${attempt.durationMs ?? '…'} ms`,
              attempt.trigger === 'MANUAL' ? ' · manual' : '',
              attempt.responseExcerpt ? el('pre', {}, attempt.responseExcerpt) : '',
            ),
          ),
        ),
      ),
      el('td', {}, el('button', { type: 'button', onclick: () => act(() => client.request(PanelRedeliverWebhook, { deliveryId: node.id })) }, 'Redeliver')),
    ),
  );
  document.getElementById('deliveries').replaceChildren(...rows);
}

document.getElementById('create-endpoint').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  void act(async () => {
    const eventTypes = [...form.elements.eventTypes.selectedOptions].map((option) => option.value);
    const created = await client.request(PanelCreateWebhookEndpoint, {
      input: { url: form.elements.url.value, description: form.elements.description.value || undefined, eventTypes },
    });
    showSecret('Signing secret of the new endpoint. Verify each request\u2019s X-YarrowPay-Signature with it.', created.createWebhookEndpoint.secret);
    form.reset();
    await loadEndpoints();
  });
});

document.getElementById('copy-endpoint-secret').addEventListener('click', () =>
  navigator.clipboard.writeText(document.getElementById('endpoint-secret-value').textContent),
);

// The log re-reads itself on every delivery update, coalescing bursts into one read.
live(PanelWebhookLog, {}, coalesced(loadDeliveries, 100));
loadEndpoints().catch(showError);
loadDeliveries().catch(showError);
