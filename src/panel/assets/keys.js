import { clearError, el, gql, showError, when } from './panel.js';

const KEYS = `query PanelKeys { account { apiKeys(first: 100) { edges { node { id label prefix scopes createdAt lastUsedAt revokedAt } } } } }`;
const CREATE = `mutation PanelCreateKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }`;
const REVOKE = `mutation PanelRevokeKey($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }`;

const scopeName = (value) => value.toLowerCase().replace('_', '.');

async function load() {
  const data = await gql(KEYS);
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
    await gql(REVOKE, { id });
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
    const data = await gql(CREATE, { input: { label, scopes } });
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
