import { html } from 'hono/html';
import type { PageHtml } from '../core/module.ts';

// The payments module's panel page (declared in module.ts); payments.js in panel-assets/ fills it.

/** Payments: payment intents (live), invoices, and the KYC form. */
export function paymentsPage(): PageHtml {
  return html`
    <section aria-labelledby="intents-heading">
      <h2 id="intents-heading">Payment intents <span class="muted">(live)</span></h2>
      <table>
        <thead><tr><th>Id</th><th>Title</th><th>Customer</th><th>Amount</th><th>Status</th><th>Method</th><th>Checkout</th></tr></thead>
        <tbody id="intents"></tbody>
      </table>
    </section>
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Invoices</h2>
      <table>
        <thead><tr><th>Number</th><th>Title</th><th>Amount</th><th>Due</th><th>Status</th><th>Hosted page</th></tr></thead>
        <tbody id="invoices"></tbody>
      </table>
    </section>
    <section aria-labelledby="kyc-heading">
      <h2 id="kyc-heading">Business verification (KYC)</h2>
      <p id="kyc-state" class="card">Not submitted yet.</p>
      <form id="kyc-form" class="card">
        <label for="kyc-legal-name">Legal name</label>
        <input id="kyc-legal-name" name="legalName" required maxlength="200" />
        <label for="kyc-country">Country (ISO code, e.g. SA)</label>
        <input id="kyc-country" name="country" required maxlength="2" minlength="2" />
        <label for="kyc-registration">Registration number</label>
        <input id="kyc-registration" name="registrationNumber" required maxlength="64" />
        <label for="kyc-contact-name">Contact name</label>
        <input id="kyc-contact-name" name="contactName" required maxlength="200" />
        <label for="kyc-contact-email">Contact email</label>
        <input id="kyc-contact-email" name="contactEmail" type="email" required />
        <button type="submit">Submit for review</button>
      </form>
    </section>`;
}
