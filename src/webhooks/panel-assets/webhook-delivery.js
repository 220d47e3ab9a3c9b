// A webhook delivery as every panel page shows it (the webhooks, endpoint, payment and message
// pages): one rule for its state, so a failed attempt awaiting its retry reads "retrying at …"
// everywhere and never "pending", and one Redeliver action for the delivery lists.
import { PanelRedeliverWebhook } from '/panel/src/webhooks/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, DateTime, html } from '/panel/assets/ui.js';

/** Runs a button's action: its error goes to the top of the page. */
export async function act(action) {
  try {
    await action();
    clearError();
  } catch (error) {
    showError(error);
  }
}

/** The delivery lists' last column: send the delivery again now. */
export const redeliverColumn = {
  label: 'Actions',
  className: 'actions',
  cell: (node) =>
    html`<button type="button" class="secondary" aria-label="Redeliver #${node.id}" onClick=${() =>
      act(() => client.request(PanelRedeliverWebhook, { deliveryId: node.id }))}>Redeliver</button>`,
};

/** The panel page of an event's object, by its id's prefix (the detail pages the modules declare). */
const objectPages = { req: '/panel/messages/', pi: '/panel/payments/', inv: '/panel/invoices/', dev: '/panel/devices/', we: '/panel/webhooks/' };

/** A delivery's event: its name, and its object's id as a link to that object's page where there is one. */
export function EventCell({ event }) {
  const page = objectPages[event.objectPublicId.split('_')[0]];
  const id = html`<code>${event.objectPublicId}</code>`;
  return html`${event.type}<div class="muted event-object">${page ? html`<a href=${`${page}${event.objectPublicId}`}>${id}</a>` : id}</div>`;
}

export function DeliveryStatus({ node }) {
  if (node.status === 'SUCCEEDED') return html`<${Badge} tone="good">delivered<//>`;
  if (node.status === 'FAILED') return html`<${Badge} tone="bad">failed<//>`;
  if (node.attemptCount > 0 && node.nextAttemptAt) return html`<${Badge} tone="warn">retrying at <${DateTime} value=${node.nextAttemptAt} /><//>`;
  return html`<${Badge} tone="neutral">sending<//>`;
}
