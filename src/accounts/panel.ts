import { html } from 'hono/html';
import type { PageHtml } from '../core/module.ts';

// The accounts module's panel page (declared in module.ts); keys.js in panel-assets/ renders it
// with the panel's components (src/panel/assets/ui.js).

/** API keys: the new-key form (a checkbox per scope), the key shown once, the list. */
// Scope names as plain strings: the module's own type cannot be inferred through the scopes the modules compose.
export function keysPage(scopes: readonly string[]): PageHtml {
  return html`<div id="keys-app" data-scopes="${scopes.join(' ')}"><p class="muted">Loading…</p></div>`;
}

/** The sandbox test clock: its time, what it holds, advance and delete (test-clock.js). */
export function testClockPage(): PageHtml {
  return html`<div id="test-clock-app"><p class="muted">Loading…</p></div>`;
}

/** The API request log: filters, the requests newest first, each one's bodies and events on demand. */
export function requestsPage(): PageHtml {
  return html`<div id="requests-app"><p class="muted">Loading…</p></div>`;
}
