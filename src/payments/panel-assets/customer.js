import { PanelCustomer, PanelDetachPaymentMethod } from '/panel/src/payments/customers/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, html, Money, render, useEffect, useState } from '/panel/assets/ui.js';
import { intentStatuses, methodName } from '/panel/assets/payments-shared.js';

// One customer (issue 33): its details, its saved payment methods (brand and last four, never the
// card) with Detach after a confirmation, and its payments.

const customerId = decodeURIComponent(location.pathname.split('/').at(-1));

const brandNames = { visa: 'Visa', mastercard: 'Mastercard' };

function CustomerPage() {
  const [reloads, setReloads] = useState(0);
  const [customer, setCustomer] = useState(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    client.request(PanelCustomer, { id: customerId }).then(
      (data) => setCustomer(data.customer),
      (error) => {
        if (error.code === 'not_found') setMissing(true);
        else showError(error);
      },
    );
  }, [reloads]);
  if (missing) return html`<p class="card">There is no customer <code>${customerId}</code> in this account.</p>`;
  if (!customer) return html`<p class="muted">Loading…</p>`;
  const detach = async (method) => {
    const confirmed = await confirmAction({
      title: `Detach ${brandNames[method.brand] ?? method.brand} •••• ${method.last4}?`,
      message: 'It can no longer be charged, at checkout or off-session, and payment_method.detached is sent to your webhooks.',
      confirmLabel: 'Detach',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelDetachPaymentMethod, { id: method.id });
      clearError();
      setReloads((count) => count + 1);
    } catch (error) {
      showError(error);
    }
  };
  const methods = customer.paymentMethods.edges.map(({ node }) => node);
  const intents = customer.paymentIntents.edges.map(({ node }) => node);
  return html`<section class="card wide" aria-labelledby="customer-title" id="customer-summary">
      <h2 id="customer-title">${customer.name || customer.email || customer.id}</h2>
      <dl class="facts">
        <dt>Id</dt><dd><code>${customer.id}</code></dd>
        <dt>Email</dt><dd>${customer.email || '—'}</dd>
        <dt>Name</dt><dd>${customer.name || '—'}</dd>
        ${customer.description && html`<dt>Description</dt><dd>${customer.description}</dd>`}
        <dt>Created</dt><dd><${DateTime} value=${customer.createdAt} /></dd>
      </dl>
    </section>
    <section aria-labelledby="methods-heading">
      <h2 id="methods-heading">Saved payment methods</h2>
      ${methods.length === 0
        ? html`<p class="muted" id="no-methods">None saved. A payment for this customer with setup_future_usage: "off_session" saves the method it is paid with.</p>`
        : html`<table class="card wide">
            <thead><tr><th scope="col">Method</th><th scope="col">Saved</th><th scope="col">By payment</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody id="payment-methods">
              ${methods.map(
                (method) => html`<tr key=${method.id} data-payment-method-id=${method.id}>
                  <td>${methodName(method.paymentMethodCode)} · ${brandNames[method.brand] ?? method.brand} •••• ${method.last4}<div class="muted"><code>${method.id}</code></div></td>
                  <td><${DateTime} value=${method.createdAt} /></td>
                  <td>${method.paymentIntentId ? html`<a href="/panel/payments/${method.paymentIntentId}">${method.paymentIntentId}</a>` : '—'}</td>
                  <td><button type="button" class="danger" onClick=${() => detach(method)} aria-label="Detach ${method.brand} ending ${method.last4}">Detach</button></td>
                </tr>`,
              )}
            </tbody>
          </table>`}
    </section>
    <section aria-labelledby="customer-payments-heading">
      <h2 id="customer-payments-heading">Payments</h2>
      ${intents.length === 0
        ? html`<p class="muted">No payments yet.</p>`
        : html`<table class="card wide">
            <thead><tr><th scope="col">Payment</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
            <tbody id="customer-payments">
              ${intents.map((intent) => {
                const status = intentStatuses[intent.status] ?? { label: intent.status, tone: 'neutral' };
                return html`<tr key=${intent.id} data-status=${intent.status}>
                  <td><a href="/panel/payments/${intent.id}">${intent.title}</a></td>
                  <td><${Money} amount=${intent.amountDisplay} currency=${intent.currency} /></td>
                  <td><${Badge} tone=${status.tone}>${status.label}<//></td>
                  <td><${DateTime} value=${intent.createdAt} /></td>
                </tr>`;
              })}
            </tbody>
          </table>`}
    </section>`;
}

const mount = document.getElementById('customer-app');
mount.replaceChildren();
render(html`<${CustomerPage} />`, mount);
