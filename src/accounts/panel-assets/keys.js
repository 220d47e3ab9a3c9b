import { PanelApiKeysChanged, PanelCreateKey, PanelKeys, PanelRevokeKey } from '/panel/src/accounts/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, FieldError, fieldProps, html, List, render, useFieldErrors, useLiveKey, useState } from '/panel/assets/ui.js';

const mount = document.getElementById('keys-app');
const scopes = mount.dataset.scopes.split(' ');
/** `payments.read` ↔ the GraphQL enum value `PAYMENTS_READ`. */
const scopeValue = (scope) => scope.toUpperCase().replace('.', '_');
const scopeName = (value) => value.toLowerCase().replace('_', '.');

function NewKey({ onCreated }) {
  const { errors, show, clear } = useFieldErrors(['label', 'scopes']);
  const [secret, setSecret] = useState(null);
  const [copied, setCopied] = useState(false);
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = [...form.querySelectorAll('input[name="scopes"]:checked')].map((box) => box.value);
    try {
      const data = await client.request(PanelCreateKey, { input: { label: form.elements.label.value, scopes: chosen } });
      clear();
      clearError();
      setSecret(data.createApiKey.secret);
      setCopied(false);
      form.reset();
      onCreated();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  return html`<section aria-labelledby="new-key">
    <h2 id="new-key">New key</h2>
    <form id="create-key" class="card" onSubmit=${submit} novalidate>
      <label for="key-label">Label</label>
      <input name="label" maxlength="100" required ...${fieldProps('key-label', errors.label)} />
      <${FieldError} id="key-label" error=${errors.label} />
      <fieldset class="checks" aria-describedby=${errors.scopes ? 'key-scopes-error' : undefined}>
        <legend>Scopes</legend>
        ${scopes.map((scope) => html`<label class="check"><input type="checkbox" name="scopes" value=${scopeValue(scope)} /> ${scope}</label>`)}
      </fieldset>
      <${FieldError} id="key-scopes" error=${errors.scopes} />
      <button type="submit">Create key</button>
    </form>
    <div id="new-secret" class="card secret" hidden=${!secret}>
      <p>Copy this key now. It is never shown again.</p>
      <code id="secret-value">${secret ?? ''}</code>
      <button type="button" id="copy-secret" onClick=${async () => {
        await navigator.clipboard.writeText(secret);
        setCopied(true);
      }}>${copied ? 'Copied' : 'Copy'}</button>
    </div>
  </section>`;
}

async function revoke(node, reload) {
  const confirmed = await confirmAction({
    title: `Revoke ${node.label}?`,
    message: 'Requests with this key fail from now on. This cannot be undone.',
    confirmLabel: 'Revoke key',
  });
  if (!confirmed) return;
  try {
    await client.request(PanelRevokeKey, { id: node.id });
    clearError();
    reload();
  } catch (error) {
    showError(error);
  }
}

const columns = (reload) => [
  { label: 'Label', cell: (node) => node.label },
  { label: 'Prefix', cell: (node) => html`<code>${node.prefix}…</code>` },
  { label: 'Scopes', cell: (node) => node.scopes.map(scopeName).join(', ') },
  { label: 'Created', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
  { label: 'Last used', cell: (node) => (node.lastUsedAt ? html`<${DateTime} value=${node.lastUsedAt} />` : 'never') },
  { label: 'Status', cell: (node) => (node.revokedAt ? html`<${Badge} tone="neutral">revoked<//>` : html`<${Badge} tone="good">active<//>`) },
  {
    label: 'Actions',
    className: 'actions',
    cell: (node) =>
      node.revokedAt ? '' : html`<button type="button" class="danger" aria-label="Revoke ${node.label}" onClick=${() => revoke(node, reload)}>Revoke</button>`,
  },
];

function KeysPage() {
  const [changes, setChanges] = useState(0);
  const reload = () => setChanges((count) => count + 1);
  // Keys created or revoked elsewhere (another tab, the API, another person) show up here too.
  const liveKey = useLiveKey(PanelApiKeysChanged) + changes;
  return html`<${NewKey} onCreated=${reload} />
    <section aria-labelledby="key-list">
      <h2 id="key-list">Keys</h2>
      <${List}
        label="API keys"
        tbodyId="keys"
        columns=${columns(reload)}
        liveKey=${liveKey}
        rowAttributes=${(node) => ({ 'data-key-id': node.id })}
        fetchPage=${async (page) => (await client.request(PanelKeys, page)).account.apiKeys}
        empty="No keys yet. Make one above: give it a label and the scopes your server needs."
      />
    </section>`;
}

mount.replaceChildren();
render(html`<${KeysPage} />`, mount);
