import { PanelApiKeysChanged, PanelCreateKey, PanelKeys, PanelRevokeKey } from '/panel/sdk/operations.ts';
import { clearError, client, coalesced, el, live, showError, when } from '/panel/assets/panel.js';

const scopeName = (value) => value.toLowerCase().replace('_', '.');

async function load() {
  const data = await client.request(PanelKeys);
  const rows = data.account.apiKeys.edges.map(({ node }) =>
    el(
      'tr',
      { 'data-key-id': node.id },
      el('td', {}, node.label),
      el('td', {}, el('code', {}, `${node.prefix}…`)),
      el('td', {}, node.scopes.map(scopeName).join(', ')),
      el('td', {}, when(node.createdAt)),
      el('td', {}, when(node.lastUsedAt)),
      el('td', {}, node.revokedAt ? 'revoked' : 'active'),
      el(
        'td',
        {},
        node.revokedAt
          ? ''
          : el('button', { type: 'button', class: 'danger', 'aria-label': `Revoke ${node.label}`, onclick: () => revoke(node.id) }, 'Revoke'),
      ),
    ),
  );
  document.getElementById('keys').replaceChildren(...rows);
}

async function revoke(id) {
  try {
    await client.request(PanelRevokeKey, { id });
    clearError();
    await load();
  } catch (error) {
    showError(error);
  }
}

document.getElementById('create-key').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const label = form.elements.label.value;
  const scopes = [...form.querySelectorAll('input[name="scopes"]:checked')].map((box) => box.value);
  try {
    const data = await client.request(PanelCreateKey, { input: { label, scopes } });
    clearError();
    document.getElementById('secret-value').textContent = data.createApiKey.secret;
    document.getElementById('new-secret').hidden = false;
    form.reset();
    await load();
  } catch (error) {
    showError(error);
  }
});

document.getElementById('copy-secret').addEventListener('click', async () => {
  await navigator.clipboard.writeText(document.getElementById('secret-value').textContent);
  document.getElementById('copy-secret').textContent = 'Copied';
});

load().catch(showError);
// Keys created or revoked elsewhere (another tab, the API, another person) show up here too.
live(PanelApiKeysChanged, {}, coalesced(load, 100));
