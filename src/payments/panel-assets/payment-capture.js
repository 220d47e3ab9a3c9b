import { PanelCancelPaymentIntent, PanelCapturePaymentIntent } from '/panel/src/payments/intents/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { confirmAction, DateTime, FieldError, fieldProps, html, useFieldErrors } from '/panel/assets/ui.js';

// An authorized payment (capture_method manual, issue 33) on its panel page: capture all or part of
// it (the rest is released), or cancel it to release it all; each confirmed before it is sent, the
// server's refusal shown beside the amount.

export function CaptureForm({ intent, reload }) {
  const { errors, show, clear } = useFieldErrors(['amountToCapture']);
  const settled = () => {
    clear();
    clearError();
    reload();
  };
  const capture = async (event) => {
    event.preventDefault();
    const amount = event.currentTarget.elements.amount.value.trim();
    const taken = amount || intent.amountCapturable;
    const confirmed = await confirmAction({
      title: 'Capture this payment?',
      message: `${taken} ${intent.currency} is taken from ${intent.customerName}${Number(taken) < intent.amountCapturable ? '; the rest of the authorization is released' : ''}. payment_intent.succeeded is sent to your webhooks.`,
      confirmLabel: 'Capture',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelCapturePaymentIntent, { id: intent.id, amountToCapture: amount ? Number(amount) : undefined });
      settled();
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
    }
  };
  const release = async () => {
    const confirmed = await confirmAction({
      title: 'Cancel this authorization?',
      message: `${intent.amountCapturable} ${intent.currency} held on ${intent.customerName}'s payment method is released, and payment_intent.canceled is sent to your webhooks.`,
      confirmLabel: 'Cancel authorization',
    });
    if (!confirmed) return;
    try {
      await client.request(PanelCancelPaymentIntent, { id: intent.id });
      settled();
    } catch (error) {
      showError(error);
    }
  };
  return html`<form id="capture-form" onSubmit=${capture} novalidate aria-labelledby="capture-heading">
    <h3 id="capture-heading">Capture</h3>
    <p>Authorized, not yet taken. Capture by <${DateTime} value=${intent.captureBefore} />, or the authorization expires and is released.</p>
    <div class="field">
      <label for="capture-amount">Amount (${intent.currency}, at most ${intent.amountCapturable})</label>
      <input name="amount" inputmode="decimal" placeholder=${String(intent.amountCapturable)} ...${fieldProps('capture-amount', errors.amountToCapture)} />
      <${FieldError} id="capture-amount" error=${errors.amountToCapture} />
    </div>
    <p class="muted">Leave the amount empty to capture all of it.</p>
    <div class="actions">
      <button type="submit">Capture payment</button>
      <button type="button" class="danger" onClick=${release}>Cancel authorization</button>
    </div>
  </form>`;
}
