import { html } from 'hono/html';
import type { PageHtml } from '../core/module.ts';

// The webhooks module's panel page (declared in module.ts); webhooks.js in panel-assets/ fills it.

/** Webhooks: the new-endpoint form, its signing secret shown once, endpoints and the delivery log. */
export function webhooksPage(): PageHtml {
  return html`
    <section aria-labelledby="new-endpoint">
      <h2 id="new-endpoint">New endpoint</h2>
      <form id="create-endpoint" class="card">
        <label for="endpoint-url">URL</label>
        <input id="endpoint-url" name="url" type="url" required placeholder="https://example.com/yarrow-hooks" />
        <label for="endpoint-description">Description</label>
        <input id="endpoint-description" name="description" maxlength="200" />
        <label for="endpoint-events">Events (none selected: every event)</label>
        <select id="endpoint-events" name="eventTypes" multiple size="6"></select>
        <button type="submit">Create endpoint</button>
      </form>
      <div id="endpoint-secret" class="card secret" hidden>
        <p id="endpoint-secret-label">Signing secret. Verify each request's X-YarrowPay-Signature with it.</p>
        <code id="endpoint-secret-value"></code>
        <button type="button" id="copy-endpoint-secret">Copy</button>
      </div>
    </section>
    <section aria-labelledby="endpoint-list">
      <h2 id="endpoint-list">Endpoints</h2>
      <table>
        <thead><tr><th>URL</th><th>Events</th><th>Status</th><th>Actions</th></tr></thead>
        <tbody id="endpoints"></tbody>
      </table>
    </section>
    <section aria-labelledby="delivery-log">
      <h2 id="delivery-log">Delivery log <span class="muted" id="log-state">(live)</span></h2>
      <table>
        <thead><tr><th>Delivery</th><th>Event</th><th>Endpoint</th><th>Status</th><th>Attempts</th><th></th></tr></thead>
        <tbody id="deliveries"></tbody>
      </table>
    </section>`;
}
