import { PanelApprovePaymentReview, PanelCancelPaymentIntent, PanelCreateRefund, PanelPaymentIntent, PanelPaymentIntentUpdated, PanelRejectPaymentReview } from '/panel/src/payments/intents/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, FieldError, fieldProps, html, Money, render, useEffect, useFieldErrors, useLiveKey, useState } from '/panel/assets/ui.js';
import { intentStatuses, methodName, payable } from '/panel/assets/payments-shared.js';
import { DeliveryStatus } from '/panel/assets/webhook-delivery.js';
import { CaptureForm } from '/panel/assets/payment-capture.js';
import { disputeStatuses } from '/panel/assets/disputes-shared.js';

// One payment intent (issue 15): what it is, its status changes as a timeline (its events, each
// with the webhook deliveries it made), its card sessions, and the sandbox actions its state allows.
// Live: the page re-reads when the intent changes.

const intentId = decodeURIComponent(location.pathname.split('/').at(-1));


const refundStatuses = {
  PENDING: { label: 'Pending', tone: 'warn' },
  SUCCEEDED: { label: 'Refunded', tone: 'good' },
  FAILED: { label: 'Failed', tone: 'bad' },
};
const refundReasons = [
  ['', 'No reason given'],
  ['REQUESTED_BY_CUSTOMER', 'Requested by customer'],
  ['DUPLICATE', 'Duplicate'],
  ['FRAUDULENT', 'Fraudulent'],
];

/** Refund a paid intent: an amount (all that is left by default) and a reason, confirmed before it is sent. */
function RefundForm({ intent, reload }) {
  const { errors, show, clear } = useFieldErrors(['amount', 'reason']);
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const amount = form.elements.amount.value.trim();
    const reason = form.elements.reason.value;
    const confirmed = await confirmAction({
      title: 'Refund this payment?',
      message: `${amount || intent.amountRefundable} ${intent.currency} goes back to ${intent.customerName}. This cannot be undone; refund.created is sent to your webhooks.`,
      confirmLabel: 'Refund',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelCreateRefund, {
        input: { paymentIntent: intent.id, amount: amount ? Number(amount) : undefined, reason: reason || undefined },
      });
      clear();
      clearError();
      form.reset();
      reload();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  return html`<form id="refund-form" onSubmit=${submit} novalidate aria-labelledby="refund-heading">
    <h3 id="refund-heading">Refund</h3>
    <div class="grid-2">
      <div class="field">
        <label for="refund-amount">Amount (${intent.currency}, at most ${intent.amountRefundable})</label>
        <input name="amount" inputmode="decimal" placeholder=${String(intent.amountRefundable)} ...${fieldProps('refund-amount', errors.amount)} />
        <${FieldError} id="refund-amount" error=${errors.amount} />
      </div>
      <div class="field">
        <label for="refund-reason">Reason</label>
        <select name="reason" ...${fieldProps('refund-reason', errors.reason)}>
          ${refundReasons.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
        </select>
        <${FieldError} id="refund-reason" error=${errors.reason} />
      </div>
    </div>
    <p class="muted">Leave the amount empty to refund everything left.</p>
    <div class="actions"><button type="submit" class="danger">Refund payment</button></div>
  </form>`;
}

/** The actions the intent's state allows, and only those: cancel while unpaid, decide a held payment, refund a paid one. */
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
  if (intent.status === 'REQUIRES_CAPTURE') return html`<${CaptureForm} intent=${intent} reload=${reload} />`;
  if (intent.status === 'SUCCEEDED' && intent.amountRefundable > 0) return html`<${RefundForm} intent=${intent} reload=${reload} />`;
  return buttons.length
    ? html`<div class="actions" role="group" aria-label="Actions">${buttons}</div>`
    : html`<p class="muted">No actions: this payment is ${intent.amountRefunded > 0 ? 'refunded in full' : (intentStatuses[intent.status]?.label.toLowerCase() ?? intent.status)}.</p>`;
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
  const refunds = intent.refunds.edges;
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
        ${intent.captureMethod === 'MANUAL' && intent.status === 'SUCCEEDED' && html`<dt>Captured</dt><dd id="amount-received"><${Money} amount=${intent.amountReceived.toFixed(intent.amountDisplay.split('.')[1]?.length ?? 0)} currency=${intent.currency} /></dd>`}
        ${intent.amountRefunded > 0 && html`<dt>Refunded</dt><dd id="amount-refunded"><${Money} amount=${intent.amountRefunded.toFixed(intent.amountDisplay.split('.')[1]?.length ?? 0)} currency=${intent.currency} /></dd>`}
        ${intent.cancellationReason && html`<dt>Cancellation reason</dt><dd>${intent.cancellationReason.replaceAll('_', ' ')}</dd>`}
        ${intent.disputes.edges.length > 0 &&
        html`<dt>Disputed</dt><dd id="intent-disputes">${intent.disputes.edges.map(
          ({ node: dispute }) => html`<a key=${dispute.id} href="/panel/disputes/${dispute.id}">${dispute.id}</a> (${disputeStatuses[dispute.status]?.label.toLowerCase() ?? dispute.status}) `,
        )}</dd>`}
      </dl>
      <${Actions} intent=${intent} reload=${() => setReloads((count) => count + 1)} />
    </section>
    ${refunds.length > 0 &&
    html`<section aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      <table aria-label="Refunds">
        <thead><tr><th scope="col">Refund</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Reason</th><th scope="col">Created</th></tr></thead>
        <tbody id="refunds">
          ${refunds.map(
            ({ node: refund }) => html`<tr key=${refund.id} data-refund-id=${refund.id} data-status=${refund.status}>
              <td data-label="Refund"><code>${refund.id}</code></td>
              <td data-label="Amount"><${Money} amount=${refund.amountDisplay} currency=${refund.currency} /></td>
              <td data-label="Status"><${Badge} tone=${refundStatuses[refund.status]?.tone ?? 'neutral'}>${refundStatuses[refund.status]?.label ?? refund.status}<//>${refund.failureReason ? html` <span class="muted">${refund.failureReason.replaceAll('_', ' ')}</span>` : ''}</td>
              <td data-label="Reason">${refund.reason ? refund.reason.toLowerCase().replaceAll('_', ' ') : '—'}</td>
              <td data-label="Created"><${DateTime} value=${refund.createdAt} /></td>
            </tr>`,
          )}
        </tbody>
      </table>
    </section>`}
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
