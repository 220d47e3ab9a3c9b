import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import { pageSecurityHeaders } from '../../core/browser-security.ts';
import type { CardSession, Invoice, PaymentIntent, PaymentMethod, Refund } from '../../generated/prisma/client.ts';
import { invoiceNo, invoicePayable, isOverdue } from '../invoices/index.ts';
import { formatMoney } from '@yarrow/sdk/format';
import { formatAmount } from '../money.ts';
import { findToken, railNames, sandboxOutcomes, tokensOf, paymentMethodCodes, type PaymentMethodCode } from '../tokens.ts';

// The hosted pages. Every value goes through hono/html's `html` template, which escapes it: a
// title or name of `<script>…` is shown as text. The two `raw`s are the constant stylesheet and
// script below (their hashes are what the CSP allows). The pages work without JavaScript; the
// script only adds click-to-fill tokens and live state (a page showing a state that can still
// change reloads when it does).

const css = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1d2330}
.sandbox{background:#fff4d6;color:#6b4e00;text-align:center;font-size:13px;padding:6px 12px}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:28px}
@media (max-width:480px){main{margin:16px;padding:20px}}
h1{font-size:22px;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:17px;margin:24px 0 8px}.merchant{color:#5b6475;font-size:14px;margin:0 0 16px}
.amount{font-size:30px;font-weight:650;margin:8px 0;white-space:nowrap}.muted{color:#5b6475;font-size:14px}
.rails{display:grid;grid-template-columns:1fr 1fr;gap:8px;border:0;padding:0;margin:16px 0}
.rails label{border:1px solid #c5cad3;border-radius:8px;padding:12px;cursor:pointer;display:flex;gap:8px;align-items:center}
.rails label:has(input:checked){border-color:#2f5bea;background:#eef3ff;box-shadow:inset 0 0 0 1px #2f5bea;font-weight:600}
label.field{display:block;margin:12px 0 4px;font-size:14px;font-weight:600}
input[type=text],input[type=email],select{width:100%;padding:10px;border:1px solid #8a93a3;border-radius:8px;font:inherit}
button,.button{display:block;width:100%;margin-top:16px;padding:12px;border:0;border-radius:8px;background:#2f5bea;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button.secondary,.button.secondary{background:#e6e9ef;color:#1d2330}
button.fill{display:inline-block;width:auto;margin:0;padding:4px 8px;background:#eef1f6;color:#1d2330;border:1px solid #8a93a3;border-radius:6px;font-weight:500}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,.rails label:has(input:focus-visible){outline:3px solid #1a47d6;outline-offset:2px}
.rails input:focus-visible{outline:none}
.notice{border-radius:8px;padding:10px 12px;margin:12px 0;font-size:14px}.error{background:#fdecec;color:#8a1f1f}.info{background:#eaf1ff;color:#1f3d8a}.success{background:#e7f7ed;color:#17602f}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:6px 4px;border-top:1px solid #eceef2;vertical-align:top}code{font-size:13px;white-space:nowrap}
.receipt{margin:16px 0;font-size:14px}.receipt div{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-top:1px solid #eceef2}
.receipt dt{color:#5b6475}.receipt dd{margin:0;text-align:right;overflow-wrap:anywhere}
`;
const cssHash = createHash('sha256').update(css).digest('base64');

// Click-to-fill: a token button puts its token in the field it names. Live state: the element with
// `data-watch` names the intent's status socket and the status the page shows; when another status
// arrives (an API cancel, a review decision), the page reloads to show it. A socket that drops is
// opened again after 3 s. Posting a form stops following: the answer shows the new state, and a
// reload then would cut that navigation off.
const script = `
document.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-fill]');
  if (!button) return;
  const field = document.getElementById(button.dataset.for);
  field.value = button.dataset.fill;
  field.focus();
});
const watched = document.querySelector('[data-watch]');
let socket;
function follow() {
  socket = new WebSocket(new URL(watched.dataset.watch, location.href.replace(/^http/, 'ws')));
  socket.onmessage = (event) => {
    if (event.data === watched.dataset.status) return;
    stop();
    location.reload();
  };
  socket.onclose = () => setTimeout(follow, 3000);
}
function stop() {
  socket.onclose = null;
  socket.onmessage = null;
  socket.close();
}
if (watched) {
  follow();
  document.addEventListener('submit', stop);
}
`;
const scriptHash = createHash('sha256').update(script).digest('base64');

/** Headers for every hosted page: only our own stylesheet and script, no framing, no caching, no referrer leak. */
export const pageHeaders: Record<string, string> = {
  ...pageSecurityHeaders(`default-src 'none'; style-src 'sha256-${cssHash}'; script-src 'sha256-${scriptHash}'; connect-src 'self'`),
  'Cache-Control': 'no-store',
};

/** Where an open checkout page follows its payment's status (`?payment_intent=<pi>`), on a WebSocket. */
export const CHECKOUT_LIVE_PATH = '/checkout/live';

/** How often a page showing a state that can still change reloads itself without JavaScript (with it, the socket says when). */
const REFRESH_SECONDS = 5;

interface LayoutOptions {
  /** A state that can still change: the page follows it (a socket with JavaScript; with `refresh`, a meta refresh without). */
  watch?: { intent: Pick<PaymentIntent, 'id' | 'status'>; refresh?: boolean };
}

function layout(title: string, body: unknown, { watch }: LayoutOptions = {}) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${watch?.refresh ? html`<noscript><meta http-equiv="refresh" content="${REFRESH_SECONDS}"></noscript>` : ''}
<title>${title}</title>
<style>${raw(css)}</style>
</head>
<body>
<div class="sandbox" role="note">Yarrow Pay sandbox: test tokens only, no real money moves.</div>
<main${watch ? html` data-watch="${CHECKOUT_LIVE_PATH}?payment_intent=${watch.intent.id}" data-status="${watch.intent.status}"` : ''}>${body}</main>
<script>${raw(script)}</script>
</body>
</html>`;
}

interface Merchant {
  name: string;
}

/** What every page knows about its viewer: the locale money and dates are shown in (from Accept-Language). */
interface Viewer {
  locale: string;
}

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

/** The one money format of panel and checkout (`@yarrow/sdk/format`), in the payer's locale. */
const moneyOf = (thing: Pick<PaymentIntent, 'amount' | 'currency'>, locale: string) => formatMoney(formatAmount(thing.amount, thing.currency), thing.currency, locale);

/** A moment in the payer's locale; the server does not know their time zone, so it says UTC. */
function dateTime(date: Date, locale: string) {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date);
  return html`<time datetime="${date.toISOString()}">${text} UTC</time>`;
}

/** A DATE column (midnight UTC) as a calendar day in the payer's locale. */
function day(date: Date, locale: string) {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return html`<time datetime="${date.toISOString().slice(0, 10)}">${text}</time>`;
}

function summary(merchant: Merchant, intent: Pick<PaymentIntent, 'title' | 'amount' | 'currency'>, locale: string) {
  return html`<p class="merchant" data-testid="merchant">${merchant.name}</p>
<h1 data-testid="title">${intent.title}</h1>
<p class="amount" data-testid="amount">${moneyOf(intent, locale)}</p>`;
}

const outcomeLabels: Record<(typeof sandboxOutcomes)[number], string> = {
  pending: 'Let the test token decide (pending)',
  approve: 'Approve whatever token',
  challenge: '3-D Secure challenge whatever token (cards only)',
  decline: 'Decline whatever token',
  review: 'Hold for review whatever token',
};

/** `last_payment_error` as stored on the intent (the API's wording, for the merchant). */
type PaymentError = { code?: string; decline_code?: string | null; message?: string; card_session?: string } | null;

/**
 * What a decline means to the payer and what they can do, in place of the API's reason (which
 * speaks to the merchant: "do not honor"). Keyed by `decline_code`, else `code`.
 */
const customerDeclines: Record<string, string> = {
  insufficient_funds: 'Your card does not have enough funds for this payment. Try another card or another way to pay.',
  do_not_honor: 'Your bank declined this payment. Ask your bank why, or try another card or another way to pay.',
  generic_decline: 'The card in your wallet was declined. Try another card or another way to pay.',
  review_rejected: 'This payment could not be approved. Try another card or another way to pay.',
  authentication_failed: 'Your bank could not confirm it was you (3-D Secure). Try again, or choose another way to pay.',
  authentication_abandoned: 'The confirmation with your bank was not finished. Try again, or choose another way to pay.',
};
const unknownDecline = 'Your payment did not go through. Try again, or choose another way to pay.';

function customerDecline(error: PaymentError): string {
  return customerDeclines[error?.decline_code ?? ''] ?? customerDeclines[error?.code ?? ''] ?? unknownDecline;
}

export function checkoutPage(options: {
  merchant: Merchant;
  intent: PaymentIntent;
  csrfToken: string;
  pendingChallenge?: CardSession | null;
  error?: string;
  viewer: Viewer;
  /** The customer's saved methods, offered first (an intent with a `customer`). */
  savedMethods?: PaymentMethod[];
}) {
  const { merchant, intent, csrfToken, pendingChallenge, error, viewer, savedMethods = [] } = options;
  const lastError = intent.lastPaymentError as PaymentError;
  // The way the payer chose last time stays chosen (a retry after a decline starts from it).
  const chosen = paymentMethodCodes.find((code) => code === intent.paymentMethodCode) ?? paymentMethodCodes[0];
  return layout(
    `Pay ${merchant.name}`,
    html`${summary(merchant, intent, viewer.locale)}
<p class="muted">Billed to <span data-testid="customer">${intent.customerName}</span> (${intent.customerEmail})</p>
${error ? html`<div class="notice error" role="alert">${error}</div>` : ''}
${lastError && !error && !pendingChallenge ? html`<div class="notice error" data-testid="last-error">Your last attempt did not go through. ${customerDecline(lastError)}</div>` : ''}
${pendingChallenge
  ? html`<div class="notice info">Your bank is waiting for you to confirm this payment.</div>
<a class="button" href="/checkout/${intent.id}/card/${pendingChallenge.id}" id="continue-authentication">Continue authentication</a>
<h2>Or pay another way</h2>`
  : ''}
${savedMethods.length > 0 ? savedMethodsForm(intent, savedMethods, csrfToken, viewer.locale) : ''}
${intent.setupFutureUsage ? html`<p class="muted" data-testid="saves-method">The way you pay is saved with ${merchant.name} for future payments.</p>` : ''}
<form method="post" action="/checkout/${intent.id}/pay">
${hidden('csrf_token', csrfToken)}
<fieldset class="rails">
<legend class="muted">Pay with</legend>
${paymentMethodCodes.map(
  (code) =>
    html`<label><input type="radio" name="payment_method_code" value="${code}" id="rail-${code}"${code === chosen ? html` checked` : ''}> ${railNames[code]}</label>`,
)}
</fieldset>
<label class="field" for="sandbox_outcome">Sandbox outcome</label>
<select name="sandbox_outcome" id="sandbox_outcome">
${sandboxOutcomes.map((value) => html`<option value="${value}">${outcomeLabels[value]}</option>`)}
</select>
<button type="submit" id="continue"${pendingChallenge ? html` class="secondary"` : ''}>Continue</button>
</form>`,
    { watch: { intent } },
  );
}

/** A saved method as the payer knows it: `Visa •••• 4242`, `Google Pay (Mastercard •••• 4444)`. */
function savedMethodLabel(method: PaymentMethod) {
  const rail = method.paymentMethodCode as PaymentMethodCode;
  const card = `${railNames[method.brand as PaymentMethodCode] ?? method.brand} •••• ${method.last4}`;
  return rail === 'visa' || rail === 'mastercard' ? card : `${railNames[rail]} (${card})`;
}

/** One button per saved method: paying with one runs it as a new attempt (a 3-D Secure card still asks the payer). */
function savedMethodsForm(intent: PaymentIntent, methods: PaymentMethod[], csrfToken: string, locale: string) {
  return html`<h2>Your saved payment methods</h2>
<form method="post" action="/checkout/${intent.id}/saved" data-testid="saved-methods">
${hidden('csrf_token', csrfToken)}
${methods.map(
  (method) =>
    html`<button type="submit" name="payment_method" value="${method.id}" data-testid="saved-method" id="saved-${method.id}">Pay ${moneyOf(intent, locale)} with ${savedMethodLabel(method)}</button>`,
)}
</form>
<h2>Or pay with a new method</h2>`;
}

export function cardPage(options: { merchant: Merchant; intent: PaymentIntent; session: CardSession; csrfToken: string; error?: string; viewer: Viewer }) {
  const { merchant, intent, session, csrfToken, error, viewer } = options;
  const rail = session.paymentMethodCode as PaymentMethodCode;
  const expires = new Intl.DateTimeFormat(viewer.locale, { timeStyle: 'short', timeZone: 'UTC' }).format(session.expiresAt);
  return layout(
    `${railNames[rail]} · ${merchant.name}`,
    html`${summary(merchant, intent, viewer.locale)}
<h2>${railNames[rail]} (sandbox)</h2>
${error ? html`<div class="notice error" role="alert" data-testid="error">${error}</div>` : ''}
${session.sandboxOutcome !== 'pending'
  ? html`<div class="notice info">Sandbox outcome pinned to <strong>${session.sandboxOutcome}</strong>: any ${railNames[rail]} test token gives it.</div>`
  : ''}
<p class="muted" id="tokens-hint">Choose a test token to fill it in, or type one.</p>
<table data-testid="tokens" aria-describedby="tokens-hint">
${tokensOf(rail).map(
  (token) =>
    html`<tr><td><button type="button" class="fill" data-fill="${token.token}" data-for="token" aria-label="Use ${token.token}"><code>${token.token}</code></button></td><td>${token.description}</td></tr>`,
)}
</table>
<form method="post" action="/checkout/${intent.id}/card/${session.id}">
${hidden('csrf_token', csrfToken)}
<label class="field" for="token">Test token</label>
<input type="text" name="token" id="token" autocomplete="off" spellcheck="false" placeholder="${tokensOf(rail)[0]!.token}" required>
<button type="submit" id="pay">Pay ${moneyOf(intent, viewer.locale)}</button>
</form>
<p class="muted">Session expires at ${expires} UTC. <a href="/checkout/${intent.id}">Choose another way to pay</a></p>`,
    { watch: { intent } },
  );
}

export function challengePage(options: { merchant: Merchant; intent: PaymentIntent; session: CardSession; csrfToken: string; viewer: Viewer }) {
  const { merchant, intent, session, csrfToken, viewer } = options;
  return layout(
    `3-D Secure · ${merchant.name}`,
    html`${summary(merchant, intent, viewer.locale)}
<h2>Confirm your payment</h2>
<p>Your bank asks you to confirm a payment of <strong>${moneyOf(intent, viewer.locale)}</strong> to ${merchant.name}
with ${railNames[session.paymentMethodCode as PaymentMethodCode]}${session.paymentMethodId ? ' (your saved method)' : html` (${session.token})`}.</p>
<div class="notice info">Sandbox 3-D Secure: choose how the challenge ends.</div>
<form method="post" action="/checkout/${intent.id}/card/${session.id}/challenge">
${hidden('csrf_token', csrfToken)}
<button type="submit" name="challenge_result" value="pass" id="challenge-pass">Complete authentication</button>
<button type="submit" name="challenge_result" value="fail" id="challenge-fail" class="secondary">Fail authentication</button>
</form>`,
    { watch: { intent } },
  );
}

/** How the payer paid: the rail, and for a wallet the card network inside it. */
function methodOf(intent: PaymentIntent, session?: CardSession) {
  const rail = intent.paymentMethodCode as PaymentMethodCode | null;
  if (!rail) return '—';
  const token = session?.token ? findToken(session.token) : undefined;
  const wallet = rail === 'google_pay' || rail === 'apple_pay';
  return wallet && token ? `${railNames[rail]} (${railNames[token.network]})` : railNames[rail];
}

const refundLabels: Record<Refund['status'], string> = { pending: 'Refund pending', succeeded: 'Refunded', failed: 'Refund failed' };

/** The receipt, with the payment's refunds (oldest first): what came back to the payer, and when. */
function receipt(intent: PaymentIntent, session: CardSession | undefined, refunds: Refund[], locale: string) {
  return html`<h2>Receipt</h2>
<dl class="receipt" data-testid="receipt">
<div><dt>Reference</dt><dd data-testid="reference"><code>${intent.id}</code></dd></div>
<div><dt>Paid with</dt><dd data-testid="method">${methodOf(intent, session)}</dd></div>
<div><dt>Amount</dt><dd data-testid="receipt-amount">${moneyOf({ amount: intent.amountReceived, currency: intent.currency }, locale)}</dd></div>
<div><dt>Date</dt><dd data-testid="date">${dateTime(intent.succeededAt ?? intent.updatedAt, locale)}</dd></div>
${refunds.map(
  (refund) =>
    html`<div data-testid="refund" data-refund-status="${refund.status}"><dt>${refundLabels[refund.status]}</dt><dd>${moneyOf(refund, locale)} · ${dateTime(refund.succeededAt ?? refund.failedAt ?? refund.createdAt, locale)}</dd></div>`,
)}
</dl>`;
}

/** The final page of an attempt (and of a finished intent): what happened, and the way back. */
export function resultPage(options: { merchant: Merchant; intent: PaymentIntent; session?: CardSession; refunds?: Refund[]; viewer: Viewer }) {
  const { merchant, intent, session, refunds = [], viewer } = options;
  const lastError = intent.lastPaymentError as PaymentError;
  const declinedHere = intent.status === 'requires_payment_method' && (!session || lastError?.card_session === session.id);
  // One primary action per page: where the payer can still act here, going back to the merchant is secondary.
  let primaryHere = false;
  let heading: string;
  let body: unknown;
  switch (intent.status) {
    case 'succeeded':
      heading = intent.amountRefunded >= intent.amountReceived ? 'Payment refunded' : 'Payment successful';
      body = html`<div class="notice success">${
        intent.amountRefunded > 0
          ? `${merchant.name} refunded ${moneyOf({ amount: intent.amountRefunded, currency: intent.currency }, viewer.locale)} of your payment. Your bank shows it within a few days.`
          : `Thank you, ${intent.customerName}. ${merchant.name} received your payment.`
      }</div>
${receipt(intent, session, refunds, viewer.locale)}`;
      break;
    case 'requires_capture':
      // Manual capture: the card is authorized, and the merchant takes the money later (or releases it).
      heading = 'Payment authorized';
      body = html`<div class="notice success" role="status">Thank you, ${intent.customerName}. ${moneyOf({ amount: intent.amountCapturable, currency: intent.currency }, viewer.locale)} is authorized on your payment method. ${merchant.name} takes it when your order is ready; anything not taken is released.</div>`;
      break;
    case 'processing':
      heading = 'Payment under review';
      body = html`<div class="notice info" role="status">Your payment is being reviewed. This page updates by itself when it completes; you do not need to pay again.</div>`;
      break;
    case 'canceled':
      heading = 'Payment canceled';
      body =
        intent.cancellationReason === 'expired'
          ? html`<div class="notice error">The authorization expired before ${merchant.name} took the payment: it is released, and nothing was charged.</div>`
          : html`<div class="notice error">${merchant.name} canceled this payment. Nothing was charged.</div>`;
      break;
    case 'requires_action':
      heading = 'Authentication needed';
      primaryHere = true;
      body = html`<div class="notice info">This payment waits for a 3-D Secure confirmation.</div>
<a class="button" href="/checkout/${intent.id}" id="retry">Back to checkout</a>`;
      break;
    default:
      heading = declinedHere ? 'Payment declined' : 'Payment not completed';
      primaryHere = true;
      body = html`<div class="notice error" data-testid="decline">${lastError ? customerDecline(lastError) : 'This payment is not completed yet.'}</div>
<a class="button" href="/checkout/${intent.id}" id="retry">Try again</a>`;
  }
  const returnClass = primaryHere ? 'button secondary' : 'button';
  const stillChanging = intent.status === 'processing' || intent.status === 'requires_action';
  return layout(
    `${heading} · ${merchant.name}`,
    html`<div id="result" data-status="${intent.status}">
${summary(merchant, intent, viewer.locale)}
<h2 data-testid="heading">${heading}</h2>
${body}
${intent.returnUrl
  ? html`<a class="${returnClass}" href="${intent.returnUrl}" id="return" rel="noreferrer">Return to ${merchant.name}</a>`
  : intent.invoiceId
    ? html`<a class="${returnClass}" href="/invoices/${intent.invoiceId}" id="return">Back to the invoice</a>`
    : ''}
</div>`,
    stillChanging ? { watch: { intent, refresh: true } } : {},
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

export function invoicePage(options: {
  merchant: Merchant;
  invoice: Invoice;
  csrfToken: string;
  paymentStatus?: string;
  error?: string;
  viewer: Viewer;
}) {
  const { merchant, invoice, csrfToken, paymentStatus, error, viewer } = options;
  const overdue = isOverdue(invoice);
  const state = invoice.status === 'open' ? (overdue ? 'Overdue' : 'Open') : invoice.status === 'paid' ? 'Paid' : invoice.status === 'uncollectible' ? 'Uncollectible' : 'Void';
  return layout(
    `${invoiceNo(invoice.number)} · ${merchant.name}`,
    html`<p class="merchant" data-testid="merchant">${merchant.name}</p>
<h1 data-testid="title">${invoice.title}</h1>
<p class="amount" data-testid="amount">${moneyOf(invoice, viewer.locale)}</p>
<table>
<tr><td>Invoice</td><td data-testid="invoice-no">${invoiceNo(invoice.number)}</td></tr>
<tr><td>Due</td><td>${day(invoice.dueDate, viewer.locale)}</td></tr>
${invoice.customerName ? html`<tr><td>Billed to</td><td data-testid="customer">${invoice.customerName}</td></tr>` : ''}
<tr><td>Status</td><td data-testid="status" data-status="${invoice.status}">${state}</td></tr>
</table>
${error ? html`<div class="notice error" role="alert">${error}</div>` : ''}
${invoice.status === 'paid' ? html`<div class="notice success">Paid on ${dateTime(invoice.paidAt!, viewer.locale)}. Thank you.</div>` : ''}
${invoice.status === 'void' ? html`<div class="notice error">This invoice was voided and cannot be paid.</div>` : ''}
${invoicePayable(invoice.status)
  ? html`${paymentStatus === 'processing' ? html`<div class="notice info">A payment for this invoice is under review.</div>` : ''}
<form method="post" action="/invoices/${invoice.id}/pay">
${hidden('csrf_token', csrfToken)}
${invoice.customerName ? '' : html`<label class="field" for="customer_name">Your name</label><input type="text" name="customer_name" id="customer_name" autocomplete="name" required>`}
${invoice.customerEmail ? '' : html`<label class="field" for="customer_email">Your email</label><input type="email" name="customer_email" id="customer_email" autocomplete="email" required>`}
<button type="submit" id="pay-invoice">${paymentStatus ? 'Continue to payment' : 'Pay this invoice'}</button>
</form>`
  : ''}`,
  );
}
