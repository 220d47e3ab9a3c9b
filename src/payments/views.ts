import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import { pageSecurityHeaders } from '../core/browser-security.ts';
import type { CardSession, Invoice, PaymentIntent } from '../generated/prisma/client.ts';
import { dateOnly, invoiceNo, isOverdue } from './json.ts';
import { currencies, toMajorUnits } from './money.ts';
import { railNames, sandboxOutcomes, tokensOf, paymentMethodCodes, type PaymentMethodCode } from './tokens.ts';

// The hosted pages. Every value goes through hono/html's `html` template, which escapes it: a
// title or name of `<script>…` is shown as text. No JavaScript runs on these pages. The one
// `raw` is the constant stylesheet below (its hash is what the CSP allows).

const css = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1d2330}
.sandbox{background:#fff4d6;color:#6b4e00;text-align:center;font-size:13px;padding:6px}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:28px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}.merchant{color:#5b6475;font-size:14px;margin:0 0 16px}
.amount{font-size:30px;font-weight:650;margin:8px 0}.muted{color:#5b6475;font-size:14px}
.rails{display:grid;grid-template-columns:1fr 1fr;gap:8px;border:0;padding:0;margin:16px 0}
.rails label{border:1px solid #d5d9e0;border-radius:8px;padding:12px;cursor:pointer;display:flex;gap:8px;align-items:center}
label.field{display:block;margin:12px 0 4px;font-size:14px;font-weight:600}
input[type=text],input[type=email],select{width:100%;padding:10px;border:1px solid #c5cad3;border-radius:8px;font:inherit}
button,.button{display:inline-block;width:100%;margin-top:16px;padding:12px;border:0;border-radius:8px;background:#2f5bea;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button.secondary{background:#e6e9ef;color:#1d2330}
.notice{border-radius:8px;padding:10px 12px;margin:12px 0;font-size:14px}.error{background:#fdecec;color:#8a1f1f}.info{background:#eaf1ff;color:#1f3d8a}.success{background:#e7f7ed;color:#17602f}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:6px 4px;border-top:1px solid #eceef2}code{font-size:13px}
`;
const cssHash = createHash('sha256').update(css).digest('base64');

/** Headers for every hosted page: no scripts at all, no framing, no caching, no referrer leak. */
export const pageHeaders: Record<string, string> = {
  ...pageSecurityHeaders(`default-src 'none'; style-src 'sha256-${cssHash}'`),
  'Cache-Control': 'no-store',
};

export function money(minor: number, currency: string): string {
  const decimals = (currencies as Record<string, number>)[currency] ?? 2;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(toMajorUnits(minor, currency));
}

function layout(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${raw(css)}</style>
</head>
<body>
<div class="sandbox">Yarrow Pay sandbox: test tokens only, no real money moves.</div>
<main>${body}</main>
</body>
</html>`;
}

interface Merchant {
  name: string;
}

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

function summary(merchant: Merchant, intent: Pick<PaymentIntent, 'title' | 'amount' | 'currency'>) {
  return html`<p class="merchant" data-testid="merchant">${merchant.name}</p>
<h1 data-testid="title">${intent.title}</h1>
<p class="amount" data-testid="amount">${money(intent.amount, intent.currency)}</p>`;
}

const outcomeLabels: Record<(typeof sandboxOutcomes)[number], string> = {
  pending: 'Let the test token decide (pending)',
  approve: 'Approve whatever token',
  challenge: '3-D Secure challenge whatever token (cards only)',
  decline: 'Decline whatever token',
  review: 'Hold for review whatever token',
};

export function checkoutPage(options: {
  merchant: Merchant;
  intent: PaymentIntent;
  csrfToken: string;
  pendingChallenge?: CardSession | null;
  error?: string;
}) {
  const { merchant, intent, csrfToken, pendingChallenge, error } = options;
  const lastError = intent.lastPaymentError as { message?: string } | null;
  return layout(
    `Pay ${merchant.name}`,
    html`${summary(merchant, intent)}
<p class="muted">Billed to <span data-testid="customer">${intent.customerName}</span> (${intent.customerEmail})</p>
${error ? html`<div class="notice error" role="alert">${error}</div>` : ''}
${lastError?.message && !error ? html`<div class="notice error" data-testid="last-error">Your last attempt did not go through: ${lastError.message}</div>` : ''}
${pendingChallenge
  ? html`<div class="notice info">Your bank is waiting for you to confirm this payment.
<a class="button" href="/checkout/${intent.id}/card/${pendingChallenge.id}">Continue authentication</a></div>`
  : ''}
<form method="post" action="/checkout/${intent.id}/pay">
${hidden('csrf_token', csrfToken)}
<fieldset class="rails">
<legend class="muted">Pay with</legend>
${paymentMethodCodes.map(
  (code, index) =>
    html`<label><input type="radio" name="payment_method_code" value="${code}" id="rail-${code}"${index === 0 ? html` checked` : ''}> ${railNames[code]}</label>`,
)}
</fieldset>
<label class="field" for="sandbox_outcome">Sandbox outcome</label>
<select name="sandbox_outcome" id="sandbox_outcome">
${sandboxOutcomes.map((value) => html`<option value="${value}">${outcomeLabels[value]}</option>`)}
</select>
<button type="submit" id="continue">Continue</button>
</form>`,
  );
}

export function cardPage(options: { merchant: Merchant; intent: PaymentIntent; session: CardSession; csrfToken: string; error?: string }) {
  const { merchant, intent, session, csrfToken, error } = options;
  const rail = session.paymentMethodCode as PaymentMethodCode;
  return layout(
    `${railNames[rail]} · ${merchant.name}`,
    html`${summary(merchant, intent)}
<h2>${railNames[rail]} (sandbox)</h2>
${error ? html`<div class="notice error" role="alert" data-testid="error">${error}</div>` : ''}
${session.sandboxOutcome !== 'pending'
  ? html`<div class="notice info">Sandbox outcome pinned to <strong>${session.sandboxOutcome}</strong>: any ${railNames[rail]} test token gives it.</div>`
  : ''}
<table data-testid="tokens">
${tokensOf(rail).map((token) => html`<tr><td><code>${token.token}</code></td><td>${token.description}</td></tr>`)}
</table>
<form method="post" action="/checkout/${intent.id}/card/${session.id}">
${hidden('csrf_token', csrfToken)}
<label class="field" for="token">Test token</label>
<input type="text" name="token" id="token" autocomplete="off" spellcheck="false" placeholder="${tokensOf(rail)[0]!.token}" required>
<button type="submit" id="pay">Pay ${money(intent.amount, intent.currency)}</button>
</form>
<p class="muted">Session expires at ${session.expiresAt.toISOString().slice(11, 16)} UTC. <a href="/checkout/${intent.id}">Choose another way to pay</a></p>`,
  );
}

export function challengePage(options: { merchant: Merchant; intent: PaymentIntent; session: CardSession; csrfToken: string }) {
  const { merchant, intent, session, csrfToken } = options;
  return layout(
    `3-D Secure · ${merchant.name}`,
    html`<p class="merchant">${merchant.name}</p>
<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm a payment of <strong>${money(intent.amount, intent.currency)}</strong> to ${merchant.name}
with ${railNames[session.paymentMethodCode as PaymentMethodCode]} (${session.token}).</p>
<div class="notice info">Sandbox 3-D Secure: choose how the challenge ends.</div>
<form method="post" action="/checkout/${intent.id}/card/${session.id}/challenge">
${hidden('csrf_token', csrfToken)}
<button type="submit" name="challenge_result" value="pass" id="challenge-pass">Complete authentication</button>
<button type="submit" name="challenge_result" value="fail" id="challenge-fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

/** The final page of an attempt (and of a finished intent): what happened, and the way back. */
export function resultPage(options: { merchant: Merchant; intent: PaymentIntent; session?: CardSession }) {
  const { merchant, intent, session } = options;
  const lastError = intent.lastPaymentError as { message?: string; card_session?: string } | null;
  const declinedHere = intent.status === 'requires_payment_method' && (!session || lastError?.card_session === session.id);
  let heading: string;
  let body: unknown;
  switch (intent.status) {
    case 'succeeded':
      heading = 'Payment successful';
      body = html`<div class="notice success">Thank you, ${intent.customerName}. ${merchant.name} received your payment.</div>`;
      break;
    case 'processing':
      heading = 'Payment under review';
      body = html`<div class="notice info">Your payment is being reviewed. ${merchant.name} will let you know when it completes; you do not need to pay again.</div>`;
      break;
    case 'canceled':
      heading = 'Payment canceled';
      body = html`<div class="notice error">${merchant.name} canceled this payment. Nothing was charged.</div>`;
      break;
    case 'requires_action':
      heading = 'Authentication needed';
      body = html`<div class="notice info">This payment waits for a 3-D Secure confirmation.</div>
<a class="button" href="/checkout/${intent.id}">Back to checkout</a>`;
      break;
    default:
      heading = declinedHere ? 'Payment declined' : 'Payment not completed';
      body = html`<div class="notice error" data-testid="decline">${lastError?.message ?? 'This payment is not completed yet.'}</div>
<a class="button" href="/checkout/${intent.id}" id="retry">Try again</a>`;
  }
  return layout(
    `${heading} · ${merchant.name}`,
    html`<div id="result" data-status="${intent.status}">
${summary(merchant, intent)}
<h2 data-testid="heading">${heading}</h2>
${body}
${intent.returnUrl
  ? html`<a class="button" href="${intent.returnUrl}" id="return" rel="noreferrer">Return to ${merchant.name}</a>`
  : intent.invoiceId
    ? html`<a class="button" href="/invoices/${intent.invoiceId}" id="return">Back to the invoice</a>`
    : ''}
</div>`,
  );
}

export function errorPage(options: { heading: string; message: string; backTo?: string }) {
  const backLabel = options.backTo?.startsWith('/invoices/') ? 'Back to the invoice' : 'Back to checkout';
  return layout(
    options.heading,
    html`<h1 data-testid="heading">${options.heading}</h1>
<div class="notice error" role="alert" data-testid="error">${options.message}</div>
${options.backTo ? html`<a class="button" href="${options.backTo}" id="back">${backLabel}</a>` : ''}`,
  );
}

export function invoicePage(options: { merchant: Merchant; invoice: Invoice; csrfToken: string; paymentStatus?: string; error?: string }) {
  const { merchant, invoice, csrfToken, paymentStatus, error } = options;
  const overdue = isOverdue(invoice);
  const state = invoice.status === 'open' ? (overdue ? 'Overdue' : 'Open') : invoice.status === 'paid' ? 'Paid' : 'Void';
  return layout(
    `${invoiceNo(invoice.number)} · ${merchant.name}`,
    html`<p class="merchant" data-testid="merchant">${merchant.name}</p>
<h1 data-testid="title">${invoice.title}</h1>
<p class="amount" data-testid="amount">${money(invoice.amount, invoice.currency)}</p>
<table>
<tr><td>Invoice</td><td data-testid="invoice-no">${invoiceNo(invoice.number)}</td></tr>
<tr><td>Due</td><td>${dateOnly(invoice.dueDate)}</td></tr>
${invoice.customerName ? html`<tr><td>Billed to</td><td data-testid="customer">${invoice.customerName}</td></tr>` : ''}
<tr><td>Status</td><td data-testid="status" data-status="${invoice.status}">${state}</td></tr>
</table>
${error ? html`<div class="notice error" role="alert">${error}</div>` : ''}
${invoice.status === 'paid' ? html`<div class="notice success">Paid on ${invoice.paidAt!.toISOString().slice(0, 10)}. Thank you.</div>` : ''}
${invoice.status === 'void' ? html`<div class="notice error">This invoice was voided and cannot be paid.</div>` : ''}
${invoice.status === 'open'
  ? html`${paymentStatus === 'processing' ? html`<div class="notice info">A payment for this invoice is under review.</div>` : ''}
<form method="post" action="/invoices/${invoice.id}/pay">
${hidden('csrf_token', csrfToken)}
${invoice.customerName ? '' : html`<label class="field" for="customer_name">Your name</label><input type="text" name="customer_name" id="customer_name" required>`}
${invoice.customerEmail ? '' : html`<label class="field" for="customer_email">Your email</label><input type="email" name="customer_email" id="customer_email" required>`}
<button type="submit" id="pay-invoice">${paymentStatus ? 'Continue to payment' : 'Pay this invoice'}</button>
</form>`
  : ''}`,
  );
}

