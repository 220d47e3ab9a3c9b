import {
  PanelApprovePaymentReview,
  PanelCancelPaymentIntent,
  PanelPaymentIntent,
  PanelPaymentIntentUpdated,
  PanelRejectPaymentReview,
} from '/panel/sdk/operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, html, Money, render, useEffect, useLiveKey, useState } from '/panel/assets/ui.js';
import { intentStatuses, methodName, payable } from '/panel/assets/payments-shared.js';
import { DeliveryStatus } from '/panel/assets/webhook-delivery.js';

// One payment intent (issue 15): what it is, its status changes as a timeline (its events, each
// with the webhook deliveries it made), its card sessions, and the sandbox actions its state allows.
// Live: the page re-reads when the intent changes.

const intentId = decodeURIComponent(location.pathname.split('/').at(-1));


/** The actions the intent's state allows, and only those: cancel while unpaid, decide a held payment. */
function Actions({ intent, reload }) {
  const run = async (action) => {
    try {
      await action();
      clearError();
      reload();
    } catch (error) {
      showError(error);
    }
  };
  const cancel = async () => {
    const confirmed = await confirmAction({
      title: 'Cancel this payment?',
      message: `${intent.title}: the customer can no longer pay it, and payment_intent.canceled is sent to your webhooks.`,
      confirmLabel: 'Cancel payment',
    });
    if (confirmed) await run(() => client.request(PanelCancelPaymentIntent, { id: intent.id }));
  };
  const reject = async () => {
    const confirmed = await confirmAction({
      title: 'Reject this payment?',
      message: 'The payment held for review fails and the customer is told it was declined.',
      confirmLabel: 'Reject payment',
    });
    if (confirmed) await run(() => client.request(PanelRejectPaymentReview, { id: intent.id, reason: 'Rejected in the panel' }));
  };
  const buttons = [];
  if (payable.has(intent.status)) {
    buttons.push(html`<a class="button" href=${intent.checkoutUrl} target="_blank" rel="noopener">Open checkout</a>`);
    buttons.push(html`<button type="button" class="danger" onClick=${cancel}>Cancel payment</button>`);
  }
  if (intent.status === 'PROCESSING') {
    buttons.push(html`<button type="button" onClick=${() => run(() => client.request(PanelApprovePaymentReview, { id: intent.id }))}>Approve review</button>`);
    buttons.push(html`<button type="button" class="danger" onClick=${reject}>Reject review</button>`);
  }
  return buttons.length
    ? html`<div class="actions" role="group" aria-label="Actions">${buttons}</div>`
    : html`<p class="muted">No actions: this payment is ${intentStatuses[intent.status]?.label.toLowerCase() ?? intent.status}.</p>`;
}

function IntentPage() {
  const liveKey = useLiveKey(PanelPaymentIntentUpdated, { id: intentId });
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    client.request(PanelPaymentIntent, { id: intentId, objectId: intentId }).then(setData, (error) => {
      if (error.code === 'not_found') setMissing(true);
      else showError(error);
    });
  }, [liveKey, reloads]);
  if (missing) return html`<p class="card">There is no payment <code>${intentId}</code> in this account.</p>`;
  if (!data) return html`<p class="muted">Loading…</p>`;
  const intent = data.paymentIntent;
  const status = intentStatuses[intent.status] ?? { label: intent.status, tone: 'neutral' };
  const events = [...data.events.edges].reverse();
  const endpointUrls = new Map(data.webhookEndpoints.edges.map(({ node }) => [node.id, node.url]));
  const sessions = intent.cardSessions.edges;
  return html`<section class="card wide" aria-labelledby="intent-title" data-status=${intent.status} id="intent-summary">
      <h2 id="intent-title">${intent.title} <${Badge} tone=${status.tone}>${status.label}<//></h2>
      <dl class="facts">
        <dt>Amount</dt><dd><${Money} amount=${intent.amountDisplay} currency=${intent.currency} /></dd>
        <dt>Customer</dt><dd>${intent.customerName} · ${intent.customerEmail}</dd>
        <dt>Id</dt><dd><code>${intent.id}</code></dd>
        <dt>Method</dt><dd>${methodName(intent.paymentMethodCode)}</dd>
        <dt>Created</dt><dd><${DateTime} value=${intent.createdAt} /></dd>
        ${intent.invoice && html`<dt>Invoice</dt><dd>${intent.invoice.invoiceNo}</dd>`}
        ${intent.lastPaymentError && html`<dt>Last error</dt><dd>${intent.lastPaymentError.message}</dd>`}
        ${intent.cancellationReason && html`<dt>Cancellation reason</dt><dd>${intent.cancellationReason.replaceAll('_', ' ')}</dd>`}
      </dl>
      <${Actions} intent=${intent} reload=${() => setReloads((count) => count + 1)} />
    </section>
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      ${events.length
        ? html`<ol class="timeline" id="timeline">
            ${events.map(
              ({ node: event }) => html`<li key=${event.id} data-event-type=${event.type}>
                <strong>${event.type}</strong> · <${DateTime} value=${event.createdAt} /> <span class="muted">${event.id}</span>
                ${event.deliveries.edges.length > 0 &&
                html`<ul class="deliveries">
                  ${event.deliveries.edges.map(
                    ({ node: delivery }) => html`<li key=${delivery.id}><${DeliveryStatus} node=${delivery} /> to <code>${endpointUrls.get(delivery.endpointId) ?? 'a deleted endpoint'}</code>
                      · ${delivery.attemptCount === 1 ? '1 attempt' : `${delivery.attemptCount} attempts`}${delivery.lastStatusCode ? ` · HTTP ${delivery.lastStatusCode}` : ''}</li>`,
                  )}
                </ul>`}
              </li>`,
            )}
          </ol>`
        : html`<p class="empty">No events yet.</p>`}
    </section>
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Card sessions</h2>
      ${sessions.length
        ? html`<table aria-label="Card sessions">
            <thead><tr><th scope="col">Session</th><th scope="col">Method</th><th scope="col">Status</th><th scope="col">Outcome</th><th scope="col">Test token</th><th scope="col">Started</th></tr></thead>
            <tbody id="card-sessions">
              ${sessions.map(
                ({ node: session }) => html`<tr key=${session.id}>
                  <td data-label="Session"><code>${session.id}</code></td>
                  <td data-label="Method">${methodName(session.paymentMethodCode)}</td>
                  <td data-label="Status">${session.status.toLowerCase().replaceAll('_', ' ')}</td>
                  <td data-label="Outcome">${session.outcome?.replaceAll('_', ' ') ?? '—'}</td>
                  <td data-label="Test token">${session.token ? html`<code>${session.token}</code>` : '—'}</td>
                  <td data-label="Started"><${DateTime} value=${session.createdAt} /></td>
                </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="empty">No card sessions: the customer has not started paying by card.</p>`}
    </section>`;
}

const mount = document.getElementById('payment-intent-app');
mount.replaceChildren();
render(html`<${IntentPage} />`, mount);
