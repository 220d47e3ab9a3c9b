import { html } from 'hono/html';
import type { PageHtml } from '../core/module.ts';

// The webhooks module's panel page (declared in module.ts); webhooks.js in panel-assets/ renders it
// with the panel's components (src/panel/assets/ui.js).

/** Webhooks: the new-endpoint form, its signing secret shown once, endpoints and the delivery log. */
export function webhooksPage(): PageHtml {
  return html`<div id="webhooks-app"><p class="muted">Loading…</p></div>`;
}

/** One webhook endpoint (its id is in the URL); webhook-endpoint.js renders it. */
export function webhookEndpointPage(): PageHtml {
  return html`<p><a href="/panel/webhooks">← All webhooks</a></p>
    <div id="webhook-endpoint-app"><p class="muted">Loading…</p></div>`;
}
