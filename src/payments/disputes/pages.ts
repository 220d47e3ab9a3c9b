import { html } from 'hono/html';
import type { PageHtml } from '../../core/module.ts';

// The disputes panel pages (declared in module.ts); disputes.js and dispute.js in panel-assets/
// render them with the panel's components (src/panel/assets/ui.js).

/** Disputes: every dispute of the account, live. */
export function disputesPage(): PageHtml {
  return html`<div id="disputes-app"><p class="muted">Loading…</p></div>`;
}

/** One dispute (its id is in the URL): details, evidence form, accept; dispute.js renders it. */
export function disputePage(): PageHtml {
  return html`<p><a href="/panel/disputes">← All disputes</a></p>
    <div id="dispute-app"><p class="muted">Loading…</p></div>`;
}
