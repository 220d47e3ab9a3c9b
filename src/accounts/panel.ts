import { html } from 'hono/html';
import type { PageHtml } from '../core/module.ts';
import { scopes } from '../modules.ts';

// The accounts module's panel page (declared in module.ts); keys.js in panel-assets/ fills it.

/** API keys: the new-key form (a checkbox per scope), the key shown once, the list. */
export function keysPage(): PageHtml {
  return html`
    <section aria-labelledby="new-key">
      <h2 id="new-key">New key</h2>
      <form id="create-key" class="card">
        <label for="key-label">Label</label>
        <input id="key-label" name="label" required maxlength="100" />
        <fieldset>
          <legend>Scopes</legend>
          ${scopes.map(
            (scope) => html`<label class="check"><input type="checkbox" name="scopes" value="${scope.toUpperCase().replace('.', '_')}" /> ${scope}</label>`,
          )}
        </fieldset>
        <button type="submit">Create key</button>
      </form>
      <div id="new-secret" class="card secret" hidden>
        <p>Copy this key now. It is never shown again.</p>
        <code id="secret-value"></code>
        <button type="button" id="copy-secret">Copy</button>
      </div>
    </section>
    <section aria-labelledby="key-list">
      <h2 id="key-list">Keys</h2>
      <table>
        <thead><tr><th>Label</th><th>Prefix</th><th>Scopes</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead>
        <tbody id="keys"></tbody>
      </table>
    </section>`;
}
