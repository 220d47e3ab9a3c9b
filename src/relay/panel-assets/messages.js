import { PanelMessageUpdates, PanelMessages } from '/panel/sdk/operations.ts';
import { client, coalesced, el, live, showError, when } from '/panel/assets/panel.js';

const form = document.getElementById('filter');

async function load() {
  const status = form.elements.status.value || undefined;
  const to = form.elements.to.value.trim() || undefined;
  const data = await client.request(PanelMessages, { status, to });
  document.getElementById('messages').replaceChildren(
    ...data.messages.edges.map(({ node }) =>
      el(
        'tr',
        { 'data-request-id': node.requestId, 'data-status': node.status },
        el('td', {}, el('code', {}, node.requestId), el('div', { class: 'muted' }, when(node.queuedAt))),
        el('td', {}, node.to),
        el('td', {}, node.body),
        el('td', { class: 'message-status' }, node.status.toLowerCase(), node.failureReason ? el('div', { class: 'muted' }, node.failureReason) : ''),
        el('td', {}, node.attempts),
        el('td', {}, node.device?.name ?? '—'),
      ),
    ),
  );
  document.getElementById('otps').replaceChildren(
    ...data.otps.edges.map(({ node }) =>
      el(
        'tr',
        { 'data-otp-id': node.id },
        el('td', {}, el('code', {}, node.id)),
        el('td', {}, node.to),
        el('td', {}, node.purpose),
        el('td', {}, node.status),
        el('td', {}, `${node.attempts}/${node.maxAttempts}`),
        el('td', {}, when(node.createdAt)),
      ),
    ),
  );
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  load().catch(showError);
});

live(PanelMessageUpdates, {}, coalesced(load, 100));
load().catch(showError);
