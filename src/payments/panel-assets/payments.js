import { PanelPaymentActivity, PanelPaymentIntents } from '/panel/src/payments/intents/panel-operations.ts';
import { PanelInvoices } from '/panel/src/payments/invoices/panel-operations.ts';
import { PanelKyc, PanelSubmitKyc } from '/panel/src/payments/kyc/panel-operations.ts';
import { clearError, client, live, showError } from '/panel/assets/panel.js';
import { intentStatuses, methodName, payable } from '/panel/assets/payments-shared.js';
import { Badge, DateTime, FieldError, fieldProps, html, List, Money, render, useEffect, useFieldErrors, useLiveKey, useState } from '/panel/assets/ui.js';

// The payments page (issue 15): intents and invoices as lists with human status badges, filters
// (status, creation date), search and pages, both following live payment activity; the KYC form
// with its errors beside the fields, gone once the account is verified.

const invoiceStatuses = {
  OPEN: { label: 'Open', tone: 'neutral' },
  PAID: { label: 'Paid', tone: 'good' },
  VOID: { label: 'Void', tone: 'neutral' },
};

const kycStatuses = {
  PENDING_REVIEW: { label: 'Under review', tone: 'warn' },
  APPROVED: { label: 'Verified', tone: 'good' },
  REJECTED: { label: 'Rejected', tone: 'bad' },
};

/** A `YYYY-MM-DD` from a date input as the start of that day where the viewer is. */
const startOfDay = (day) => new Date(`${day}T00:00:00`);

/**
 * The list filters as the GraphQL arguments: a status, a search, and a creation-date range whose
 * "to" day is included (the query's `createdBefore` is the start of the next day).
 */
function listVariables(page, values) {
  const variables = { ...page };
  if (values.status) variables.status = [values.status];
  if (values.search) variables.search = values.search;
  if (values.from) variables.createdFrom = startOfDay(values.from).toISOString();
  if (values.to) {
    const next = startOfDay(values.to);
    next.setDate(next.getDate() + 1);
    variables.createdBefore = next.toISOString();
  }
  return variables;
}

const dateFilters = [
  { name: 'from', label: 'Created from', date: true },
  { name: 'to', label: 'Created to', date: true },
];

const intentColumns = [
  { label: 'Payment', cell: (node) => html`<a href="/panel/payments/${node.id}">${node.title}</a><div class="muted"><code>${node.id}</code></div>` },
  { label: 'Customer', cell: (node) => html`${node.customerName}<div class="muted">${node.customerEmail}</div>` },
  { label: 'Amount', cell: (node) => html`<${Money} amount=${node.amountDisplay} currency=${node.currency} />` },
  {
    label: 'Status',
    className: 'intent-status',
    cell: (node) => {
      const status = intentStatuses[node.status] ?? { label: node.status, tone: 'neutral' };
      return html`<${Badge} tone=${status.tone}>${status.label}<//>${node.lastPaymentError && html`<div class="muted">${node.lastPaymentError.message}</div>`}${
        node.amountRefundedMinor > 0 && html`<div class="muted refunded">${node.refunded ? 'Refunded in full' : 'Partly refunded'}</div>`
      }`;
    },
  },
  { label: 'Method', cell: (node) => methodName(node.paymentMethodCode) },
  { label: 'Created', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
  {
    label: 'Checkout',
    cell: (node) =>
      payable.has(node.status)
        ? html`<a href=${node.checkoutUrl} target="_blank" rel="noopener" aria-label="Open checkout for ${node.title}">Open checkout</a>`
        : '—',
  },
];

const invoiceColumns = [
  { label: 'Number', cell: (node) => html`<a href="/panel/invoices/${node.id}">${node.invoiceNo}</a><div class="muted"><code>${node.id}</code></div>` },
  { label: 'Title', cell: (node) => node.title },
  { label: 'Amount', cell: (node) => html`<${Money} amount=${node.amountDisplay} currency=${node.currency} />` },
  { label: 'Due', cell: (node) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${node.dueDate}T00:00:00Z`)) },
  {
    label: 'Status',
    cell: (node) =>
      node.status === 'OPEN' && node.overdue
        ? html`<${Badge} tone="bad">Overdue<//>`
        : html`<${Badge} tone=${invoiceStatuses[node.status]?.tone ?? 'neutral'}>${invoiceStatuses[node.status]?.label ?? node.status}<//>`,
  },
  {
    label: 'Hosted page',
    cell: (node) => html`<a href=${node.hostedUrl} target="_blank" rel="noopener" aria-label="Open invoice ${node.invoiceNo}">Open invoice</a>`,
  },
];

const kycFields = [
  { name: 'legalName', id: 'kyc-legal-name', label: 'Legal name', attributes: { required: true, maxlength: 200, autocomplete: 'organization' } },
  { name: 'country', id: 'kyc-country', label: 'Country (ISO code, e.g. SA)', attributes: { required: true, maxlength: 2, minlength: 2, autocomplete: 'country' } },
  { name: 'registrationNumber', id: 'kyc-registration', label: 'Registration number', attributes: { required: true, maxlength: 64 } },
  { name: 'contactName', id: 'kyc-contact-name', label: 'Contact name', attributes: { required: true, maxlength: 200, autocomplete: 'name' } },
  { name: 'contactEmail', id: 'kyc-contact-email', label: 'Contact email', attributes: { required: true, type: 'email', autocomplete: 'email' } },
];

function Kyc() {
  const [review, setReview] = useState(null);
  const { errors, show, clear } = useFieldErrors(kycFields.map((field) => field.name));
  useEffect(() => live(PanelKyc, {}, ({ kycReviewUpdated }) => setReview(kycReviewUpdated)), []);
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = Object.fromEntries(kycFields.map((field) => [field.name, form.elements[field.name].value]));
    try {
      await client.request(PanelSubmitKyc, { input });
      clear();
      clearError();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  const status = review ? kycStatuses[review.status] : null;
  // Approved is final, and a pending review must be decided first: the form is for a first submission or a new try.
  const formShown = !review || review.status === 'REJECTED';
  return html`<p id="kyc-state" class="card" data-status=${review?.status}>
      ${review
        ? html`<${Badge} tone=${status?.tone}>${status?.label ?? review.status}<//> ${review.legalName} (${review.country}) · submitted <${DateTime} value=${review.submittedAt} />
            ${review.reviewedAt && html` · reviewed <${DateTime} value=${review.reviewedAt} />`}
            ${review.reason && html`<span class="kyc-reason">Reason: ${review.reason}</span>`}
            ${review.status === 'APPROVED' && html`<span class="kyc-reason">Your business is verified; these details are locked.</span>`}`
        : 'Not submitted yet. Send your business details below; the review usually takes a few minutes.'}
    </p>
    ${formShown &&
    html`<form id="kyc-form" class="card" onSubmit=${submit} novalidate>
      ${kycFields.map(
        (field) => html`<label for=${field.id}>${field.label}</label>
          <input name=${field.name} ...${field.attributes} ...${fieldProps(field.id, errors[field.name])} />
          <${FieldError} id=${field.id} error=${errors[field.name]} />`,
      )}
      <button type="submit">${review ? 'Submit again' : 'Submit for review'}</button>
    </form>`}`;
}

function PaymentsPage() {
  // Both lists re-read their page when a payment or invoice changes (a burst counts once).
  const activityKey = useLiveKey(PanelPaymentActivity);
  return html`<section aria-labelledby="intents-heading">
      <h2 id="intents-heading">Payment intents <span class="muted">(live)</span></h2>
      <${List}
        label="Payment intents"
        tbodyId="intents"
        columns=${intentColumns}
        liveKey=${activityKey}
        rowAttributes=${(node) => ({ 'data-intent-id': node.id, 'data-status': node.status })}
        fetchPage=${async (page, values) => (await client.request(PanelPaymentIntents, listVariables(page, values))).paymentIntents}
        filters=${[
          { name: 'status', label: 'Status', options: Object.entries(intentStatuses).map(([value, { label }]) => ({ value, label })) },
          ...dateFilters,
          { name: 'search', label: 'Search', search: true, placeholder: 'Id, email or title' },
        ]}
        empty="No payments yet. Create a payment intent with the API (POST /api/v1/payment-intents) and send your customer its checkout link."
      />
    </section>
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Invoices</h2>
      <${List}
        label="Invoices"
        tbodyId="invoices"
        columns=${invoiceColumns}
        liveKey=${activityKey}
        rowAttributes=${(node) => ({ 'data-invoice-id': node.id, 'data-status': node.status })}
        fetchPage=${async (page, values) => (await client.request(PanelInvoices, listVariables(page, values))).invoices}
        filters=${[
          { name: 'status', label: 'Status', options: Object.entries(invoiceStatuses).map(([value, { label }]) => ({ value, label })) },
          ...dateFilters,
          { name: 'search', label: 'Search', search: true, placeholder: 'Number, email or title' },
        ]}
        empty="No invoices yet. Create one with the API (POST /api/v1/invoices); its hosted page lets the customer pay."
      />
    </section>
    <section aria-labelledby="kyc-heading">
      <h2 id="kyc-heading">Business verification (KYC)</h2>
      <${Kyc} />
    </section>`;
}

const mount = document.getElementById('payments-app');
mount.replaceChildren();
render(html`<${PaymentsPage} />`, mount);
