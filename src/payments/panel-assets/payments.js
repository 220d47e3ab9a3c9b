import { PanelKyc, PanelPaymentActivity, PanelPayments, PanelSubmitKyc } from '/panel/sdk/operations.ts';
import { clearError, client, coalesced, el, live, showError, when } from '/panel/assets/panel.js';
import { formatMoney } from '/panel/sdk/format.ts';

async function load() {
  const data = await client.request(PanelPayments);
  document.getElementById('intents').replaceChildren(
    ...data.paymentIntents.edges.map(({ node }) =>
      el(
        'tr',
        { 'data-intent-id': node.id, 'data-status': node.status },
        el('td', {}, el('code', {}, node.id), el('div', { class: 'muted' }, when(node.createdAt))),
        el('td', {}, node.title),
        el('td', {}, node.customerName),
        el('td', { class: 'money' }, formatMoney(node.amountDisplay, node.currency)),
        el('td', { class: 'intent-status' }, node.status.toLowerCase().replaceAll('_', ' '), node.lastPaymentError ? el('div', { class: 'muted' }, node.lastPaymentError.message) : ''),
        el('td', {}, node.paymentMethodCode?.toLowerCase() ?? '—'),
        // A cancelled intent has no checkout to open.
        el('td', {}, node.status === 'CANCELED' ? '—' : el('a', { href: node.checkoutUrl, target: '_blank', rel: 'noopener' }, 'Open checkout')),
      ),
    ),
  );
  document.getElementById('invoices').replaceChildren(
    ...data.invoices.edges.map(({ node }) =>
      el(
        'tr',
        { 'data-invoice-id': node.id, 'data-status': node.status },
        el('td', {}, node.invoiceNo),
        el('td', {}, node.title),
        el('td', { class: 'money' }, formatMoney(node.amountDisplay, node.currency)),
        el('td', {}, node.dueDate),
        el('td', {}, node.status.toLowerCase(), node.overdue ? ' (overdue)' : ''),
        el('td', {}, el('a', { href: node.hostedUrl, target: '_blank', rel: 'noopener' }, 'Open invoice')),
      ),
    ),
  );
}

live(PanelPaymentActivity, {}, coalesced(load, 100));

live(PanelKyc, {}, ({ kycReviewUpdated: review }) => {
  const state = document.getElementById('kyc-state');
  if (!review) return;
  state.replaceChildren(
    el('strong', {}, review.status.toLowerCase().replace('_', ' ')),
    ` · ${review.legalName} (${review.country}) · submitted ${when(review.submittedAt)}`,
    review.reviewedAt ? ` · reviewed ${when(review.reviewedAt)}` : '',
    review.reason ? el('div', {}, `Reason: ${review.reason}`) : '',
  );
  state.dataset.status = review.status;
});

document.getElementById('kyc-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const input = Object.fromEntries(['legalName', 'country', 'registrationNumber', 'contactName', 'contactEmail'].map((name) => [name, form.elements[name].value]));
  try {
    await client.request(PanelSubmitKyc, { input });
    clearError();
  } catch (error) {
    showError(error);
  }
});

load().catch(showError);
