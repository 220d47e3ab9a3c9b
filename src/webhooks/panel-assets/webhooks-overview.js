// The webhooks part of the panel's overview: endpoints failing now (every attempt failing since a
// moment) or disabled for failing, each linking to its page. Reads the endpoints as the webhooks page does.
import { PanelWebhookEndpoints } from '/panel/src/webhooks/panel-operations.ts';
import { client, showError } from '/panel/assets/panel.js';
import { Badge, DateTime, html, render, useEffect, useState } from '/panel/assets/ui.js';

/** At most this many endpoints are read; an account with more sees a link to the webhooks page for the rest. */
const READ = 100;

function WebhooksOverview({ ready }) {
  const [endpoints, setEndpoints] = useState(null);
  useEffect(() => {
    client.request(PanelWebhookEndpoints, { first: READ }).then((data) => setEndpoints(data.webhookEndpoints), (error) => {
      showError(error);
      ready();
    });
  }, []);
  useEffect(() => {
    if (endpoints) ready();
  }, [endpoints]);
  if (!endpoints) return html`<p class="muted" aria-busy="true">Loading…</p>`;
  const all = endpoints.edges.map((edge) => edge.node);
  const failing = all.filter((endpoint) => endpoint.failingSince || (endpoint.disabledReason && endpoint.disabledReason !== 'MANUAL'));
  return html`
    ${failing.length === 0
      ? html`<p id="failing-endpoints" data-count="0">${all.length === 0 ? 'No webhook endpoint yet.' : `All ${all.length} endpoints are answering.`}</p>`
      : html`<ul id="failing-endpoints" data-count=${failing.length}>
          ${failing.map(
            (endpoint) => html`<li key=${endpoint.id}>
              <a href=${`/panel/webhooks/${endpoint.id}`} class="breakable">${endpoint.url}</a>${' '}
              ${endpoint.disabledReason
                ? html`<${Badge} tone="bad">disabled (${endpoint.disabledReason.toLowerCase()})<//>`
                : // The date stays outside the (unbreakable) badge: a long one would widen a phone's page.
                  html`<${Badge} tone="warn">failing<//> since <${DateTime} value=${endpoint.failingSince} />`}
            </li>`,
          )}
        </ul>`}
    ${endpoints.pageInfo.hasNextPage ? html`<p class="muted">Only the first ${READ} endpoints are shown here.</p>` : null}
    <p><a href="/panel/webhooks">All webhook endpoints</a></p>`;
}

/** Renders the part; resolves once its first data is shown (or its error). */
export default function renderPart(element) {
  return new Promise((ready) => render(html`<${WebhooksOverview} ready=${ready} />`, element));
}
