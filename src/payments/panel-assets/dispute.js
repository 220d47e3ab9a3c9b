import { PanelCloseDispute, PanelDispute, PanelDisputeEvents, PanelSubmitDisputeEvidence } from '/panel/src/payments/disputes/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, confirmAction, DateTime, FieldError, fieldProps, html, Money, render, useEffect, useFieldErrors, useLiveKey, useState } from '/panel/assets/ui.js';
import { disputeStatuses, reasonName } from '/panel/assets/disputes-shared.js';

// One dispute (issue 33): what is disputed and by when a response is due; the evidence form (save a
// draft, or submit it for review, which is final) with each refusal beside its field; accepting the
// dispute after a confirmation; its events as a timeline. Live: re-read on each dispute event (the
// sandbox issuer's decision comes from a worker).

const disputeId = decodeURIComponent(location.pathname.split('/').at(-1));

/** The text evidence the form offers: GraphQL name, REST name (how the saved evidence is keyed), label, multi-line. */
const evidenceFields = [
  { name: 'productDescription', key: 'product_description', label: 'Product description' },
  { name: 'customerName', key: 'customer_name', label: 'Customer name' },
  { name: 'customerEmailAddress', key: 'customer_email_address', label: 'Customer email address' },
  { name: 'shippingTrackingNumber', key: 'shipping_tracking_number', label: 'Shipping tracking number' },
  { name: 'customerCommunication', key: 'customer_communication', label: 'Customer communication', long: true },
  { name: 'uncategorizedText', key: 'uncategorized_text', label: 'Other evidence', long: true, hint: 'Sandbox: winning_evidence wins the dispute, losing_evidence loses it.' },
];
const MAX_FIELD_LENGTH = 20000;

function EvidenceForm({ dispute, reload }) {
  const { errors, show, clear } = useFieldErrors(['evidence', ...evidenceFields.map((field) => field.name)]);
  const saved = dispute.evidence.all;
  const send = async (form, submit) => {
    const evidence = Object.fromEntries(evidenceFields.map((field) => [field.name, form.elements[field.name].value]));
    try {
      await client.request(PanelSubmitDisputeEvidence, { id: dispute.id, evidence, submit });
      clear();
      clearError();
      reload();
    } catch (error) {
      // `evidence.uncategorizedText` → the field's own name, so the error sits under its input.
      if (show({ code: error.code, message: error.message, param: error.param?.replace(/^evidence\./, '') })) clearError();
      else showError(error);
    }
  };
  // A text file (a message thread, a delivery receipt) goes into Customer communication, checked
  // here against the field's cap: the API takes text evidence only.
  const attach = async (event) => {
    const input = event.currentTarget;
    const file = input.files[0];
    if (!file) return;
    const text = await file.text();
    const field = input.form.elements.customerCommunication;
    const joined = field.value ? `${field.value}\n\n${text}` : text;
    if (joined.length > MAX_FIELD_LENGTH) {
      show({ message: `The file ${file.name} is too long: Customer communication holds at most ${MAX_FIELD_LENGTH.toLocaleString()} characters.`, param: 'customerCommunication' });
    } else {
      field.value = joined;
      clear();
    }
    input.value = '';
  };
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const confirmed = await confirmAction({
      title: 'Submit this evidence?',
      message: 'The card issuer reviews it and decides; you cannot change or add evidence afterwards.',
      confirmLabel: 'Submit evidence',
    });
    if (confirmed) await send(form, true);
  };
  return html`<form id="evidence-form" onSubmit=${submit} novalidate aria-labelledby="evidence-heading">
    <h3 id="evidence-heading">Evidence</h3>
    <p class="muted">Respond by <${DateTime} value=${dispute.evidenceDueBy} />: with no submitted evidence by then the dispute is lost.</p>
    ${errors.evidence && html`<p class="field-error" id="evidence-error" role="alert">${errors.evidence}</p>`}
    ${evidenceFields.map(
      (field) => html`<div class="field">
        <label for="evidence-${field.name}">${field.label}</label>
        ${field.long
          ? html`<textarea name=${field.name} rows="4" maxlength=${MAX_FIELD_LENGTH} defaultValue=${saved[field.key] ?? ''} ...${fieldProps(`evidence-${field.name}`, errors[field.name])}></textarea>`
          : html`<input name=${field.name} maxlength=${MAX_FIELD_LENGTH} defaultValue=${saved[field.key] ?? ''} ...${fieldProps(`evidence-${field.name}`, errors[field.name])} />`}
        ${field.hint && html`<p class="muted">${field.hint}</p>`}
        <${FieldError} id="evidence-${field.name}" error=${errors[field.name]} />
      </div>`,
    )}
    <div class="field">
      <label for="evidence-file">Attach a text file to Customer communication</label>
      <input type="file" id="evidence-file" accept=".txt,text/plain" onChange=${attach} />
    </div>
    <div class="actions">
      <button type="button" class="secondary" id="save-evidence" onClick=${(event) => send(event.currentTarget.form, false)}>Save draft</button>
      <button type="submit" id="submit-evidence">Submit evidence</button>
    </div>
  </form>`;
}

function DisputePage() {
  const liveKey = useLiveKey(PanelDisputeEvents);
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    client.request(PanelDispute, { id: disputeId, objectId: disputeId }).then(setData, (error) => {
      if (error.code === 'not_found') setMissing(true);
      else showError(error);
    });
  }, [liveKey, reloads]);
  if (missing) return html`<p class="card">There is no dispute <code>${disputeId}</code> in this account.</p>`;
  if (!data) return html`<p class="muted">Loading…</p>`;
  const dispute = data.dispute;
  const reload = () => setReloads((count) => count + 1);
  const status = disputeStatuses[dispute.status] ?? { label: dispute.status, tone: 'neutral' };
  const accept = async () => {
    const confirmed = await confirmAction({
      title: 'Accept this dispute?',
      message: `${dispute.amountDisplay} ${dispute.currency} stays with the card holder and the dispute closes as lost. This cannot be undone.`,
      confirmLabel: 'Accept dispute',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelCloseDispute, { id: dispute.id });
      clearError();
      reload();
    } catch (error) {
      showError(error);
    }
  };
  const evidence = Object.entries(dispute.evidence.all);
  const payment = dispute.paymentIntent;
  return html`<section class="card wide" aria-labelledby="dispute-title" id="dispute-summary" data-status=${dispute.status}>
      <h2 id="dispute-title">Dispute of ${payment.title} <${Badge} tone=${status.tone}>${status.label}<//></h2>
      <dl class="facts">
        <dt>Amount</dt><dd><${Money} amount=${dispute.amountDisplay} currency=${dispute.currency} /></dd>
        <dt>Reason</dt><dd>${reasonName(dispute.reason)}</dd>
        <dt>Payment</dt><dd><a href="/panel/payments/${payment.id}">${payment.id}</a> · ${payment.customerName} · ${payment.customerEmail}</dd>
        <dt>Opened</dt><dd><${DateTime} value=${dispute.createdAt} /></dd>
        <dt>Respond by</dt><dd><${DateTime} value=${dispute.evidenceDueBy} /></dd>
        ${dispute.evidenceSubmittedAt && html`<dt>Evidence submitted</dt><dd><${DateTime} value=${dispute.evidenceSubmittedAt} /></dd>`}
        ${dispute.closedAt && html`<dt>Closed</dt><dd><${DateTime} value=${dispute.closedAt} /></dd>`}
      </dl>
      ${dispute.status === 'NEEDS_RESPONSE'
        ? html`<${EvidenceForm} dispute=${dispute} reload=${reload} />
            <div class="actions" role="group" aria-label="Actions">
              <button type="button" class="danger" id="accept-dispute" onClick=${accept}>Accept dispute</button>
            </div>`
        : html`<p class="muted" id="dispute-outcome">${
            dispute.status === 'UNDER_REVIEW'
              ? 'The evidence is with the card issuer; the decision arrives as dispute.closed.'
              : `Closed: ${dispute.status === 'WON' ? 'the payment stays yours' : 'the card holder keeps the money'}.`
          }</p>
          ${evidence.length > 0 &&
          html`<h3>Evidence</h3>
            <dl class="facts" id="evidence-saved">${evidence.map(([key, value]) => html`<dt>${key.replaceAll('_', ' ')}</dt><dd>${value}</dd>`)}</dl>`}`}
    </section>
    <section aria-labelledby="dispute-timeline">
      <h2 id="dispute-timeline">Timeline</h2>
      <ol class="timeline" id="timeline">
        ${[...data.events.edges].reverse().map(
          ({ node: event }) => html`<li key=${event.id} data-event-type=${event.type}><strong>${event.type}</strong> · <${DateTime} value=${event.createdAt} /></li>`,
        )}
      </ol>
    </section>`;
}

const mount = document.getElementById('dispute-app');
mount.replaceChildren();
render(html`<${DisputePage} />`, mount);
