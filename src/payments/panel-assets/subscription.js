import { PanelCancelSubscription, PanelSubscription, PanelUpdateSubscriptionPrice } from '/panel/src/payments/billing/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, html, Money, render, useEffect, useState } from '/panel/assets/ui.js';
import { priceText, subscriptionStatuses } from '/panel/assets/billing-shared.js';

// One subscription (issue 38): its status, current period, trial and next renewal, its invoices, and
// the merchant's moves: Change price (prorated as the API's default), Cancel at period end (or undo
// it), Cancel now, each after a confirmation.

const subscriptionId = decodeURIComponent(location.pathname.split('/').at(-1));
const ended = new Set(['CANCELED', 'INCOMPLETE_EXPIRED']);

function ChangePrice({ subscription, prices, onChanged }) {
  const current = subscription.items[0]?.price.id;
  const others = prices.filter((price) => price.id !== current && price.currency === subscription.currency);
  if (others.length === 0) return html`<p class="muted">No other active price in ${subscription.currency.toUpperCase()} to move to: add one on Products.</p>`;
  const submit = async (event) => {
    event.preventDefault();
    const priceId = event.currentTarget.elements.price.value;
    const price = others.find((candidate) => candidate.id === priceId);
    const confirmed = await confirmAction({
      title: `Move to ${price.product.name} · ${priceText(price)}?`,
      message: 'The change is prorated: the unused time of the current price is credited on the next invoice.',
      confirmLabel: 'Change price',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelUpdateSubscriptionPrice, { id: subscription.id, input: { items: [{ price: priceId, quantity: subscription.items[0]?.quantity ?? 1 }] } });
      clearError();
      onChanged();
    } catch (error) {
      showError(error);
    }
  };
  return html`<form class="card" id="change-price" onSubmit=${submit} aria-labelledby="change-price-heading">
    <h2 id="change-price-heading">Change price</h2>
    <label for="new-price">New price</label>
    <select id="new-price" name="price">
      ${others.map((price) => html`<option value=${price.id}>${price.product.name} · ${priceText(price)}${price.nickname ? ` · ${price.nickname}` : ''}</option>`)}
    </select>
    <button type="submit">Change price</button>
  </form>`;
}

function SubscriptionPage() {
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    client.request(PanelSubscription, { id: subscriptionId }).then(setData, (error) => {
      if (error.code === 'not_found') setMissing(true);
      else showError(error);
    });
  }, [reloads]);
  if (missing) return html`<p class="card">There is no subscription <code>${subscriptionId}</code> in this account.</p>`;
  if (!data) return html`<p class="muted">Loading…</p>`;
  const subscription = data.subscription;
  const reload = () => setReloads((count) => count + 1);
  const status = subscriptionStatuses[subscription.status] ?? { label: subscription.status, tone: 'neutral' };
  const customerName = subscription.customer.name || subscription.customer.email || subscription.customer.id;
  const cancel = async (atPeriodEnd) => {
    const confirmed = await confirmAction(
      atPeriodEnd
        ? { title: 'Cancel at the end of the period?', message: 'It stays active until then and does not renew; you can undo this before then.', confirmLabel: 'Cancel at period end' }
        : { title: 'Cancel now?', message: 'It ends now and is not billed again; this cannot be undone.', confirmLabel: 'Cancel now' },
    );
    if (!confirmed) return;
    try {
      if (atPeriodEnd) await client.request(PanelUpdateSubscriptionPrice, { id: subscription.id, input: { cancelAtPeriodEnd: true } });
      else await client.request(PanelCancelSubscription, { id: subscription.id });
      clearError();
      reload();
    } catch (error) {
      showError(error);
    }
  };
  const undoCancel = async () => {
    try {
      await client.request(PanelUpdateSubscriptionPrice, { id: subscription.id, input: { cancelAtPeriodEnd: false } });
      clearError();
      reload();
    } catch (error) {
      showError(error);
    }
  };
  const invoices = subscription.invoices.edges.map(({ node }) => node);
  const live = !ended.has(subscription.status);
  const trialing = subscription.trialEnd && new Date(subscription.trialEnd) > new Date();
  return html`<section class="card wide" aria-labelledby="subscription-title" id="subscription-summary" data-status=${subscription.status}>
      <h2 id="subscription-title">${customerName} <${Badge} tone=${status.tone}>${status.label}<//></h2>
      <dl class="facts">
        <dt>Id</dt><dd><code>${subscription.id}</code></dd>
        <dt>Customer</dt><dd><a href="/panel/customers/${subscription.customer.id}">${customerName}</a></dd>
        <dt>Price</dt>
        <dd id="subscription-price">${subscription.items.map((item) => html`<div data-price-id=${item.price.id}>${item.price.product.name} · ${priceText(item.price)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</div>`)}</dd>
        <dt>Current period</dt><dd><${DateTime} value=${subscription.currentPeriodStart} /> – <${DateTime} value=${subscription.currentPeriodEnd} /></dd>
        ${subscription.trialEnd && html`<dt>Trial</dt><dd>${subscription.trialStart ? html`<${DateTime} value=${subscription.trialStart} /> – ` : ''}<${DateTime} value=${subscription.trialEnd} /></dd>`}
        <dt>Next renewal</dt>
        <dd id="next-renewal">
          ${!live
            ? 'None: it has ended'
            : subscription.cancelAtPeriodEnd
              ? html`None: it cancels on <${DateTime} value=${subscription.currentPeriodEnd} />`
              : html`<${DateTime} value=${subscription.currentPeriodEnd} />${trialing ? ' (the trial ends: its first charge)' : ''}`}
        </dd>
        ${subscription.canceledAt && html`<dt>Canceled</dt><dd><${DateTime} value=${subscription.canceledAt} /></dd>`}
        ${subscription.endedAt && html`<dt>Ended</dt><dd><${DateTime} value=${subscription.endedAt} /></dd>`}
        <dt>Created</dt><dd><${DateTime} value=${subscription.createdAt} /></dd>
      </dl>
      ${live &&
      html`<div class="actions">
        ${subscription.cancelAtPeriodEnd
          ? html`<button type="button" onClick=${undoCancel}>Don't cancel</button>`
          : html`<button type="button" class="danger" onClick=${() => cancel(true)}>Cancel at period end</button>`}
        <button type="button" class="danger" onClick=${() => cancel(false)}>Cancel now</button>
      </div>`}
    </section>
    ${live && html`<${ChangePrice} subscription=${subscription} prices=${data.prices.edges.map(({ node }) => node)} onChanged=${reload} />`}
    <section aria-labelledby="subscription-invoices-heading">
      <h2 id="subscription-invoices-heading">Invoices</h2>
      ${invoices.length === 0
        ? html`<p class="muted">No invoices yet.</p>`
        : html`<table class="card wide stack" aria-label="Invoices">
            <thead><tr><th scope="col">Invoice</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Period</th></tr></thead>
            <tbody id="subscription-invoices">
              ${invoices.map(
                (invoice) => html`<tr key=${invoice.id} data-invoice-id=${invoice.id} data-status=${invoice.status}>
                  <td data-label="Invoice"><a href="/panel/invoices/${invoice.id}">${invoice.id}</a></td>
                  <td data-label="Amount"><${Money} amount=${invoice.amountDisplay} currency=${invoice.currency} /></td>
                  <td data-label="Status">${invoice.status.toLowerCase()}</td>
                  <td data-label="Period">${invoice.periodStart ? html`<${DateTime} value=${invoice.periodStart} /> – <${DateTime} value=${invoice.periodEnd} />` : '—'}</td>
                </tr>`,
              )}
            </tbody>
          </table>`}
    </section>`;
}

const mount = document.getElementById('subscription-app');
mount.replaceChildren();
render(html`<${SubscriptionPage} />`, mount);
