import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { keyedHash, safeEqual } from '../../core/crypto.ts';
import { YarrowError, parseInput } from '../../core/errors.ts';
import type { HttpEnv } from '../../core/http.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { z } from 'zod';
import { defineRoute } from '../../core/route.ts';
import {
  answerChallenge,
  challengeForm,
  findIntentForCheckout,
  findSessionForCheckout,
  startCardSession,
  startCardSessionCommand,
  startCardSessionForm,
  submitToken,
  submitTokenForm,
} from './card-sessions.ts';
import { currentInvoicePayment, findInvoiceForHostedPage } from '../invoices/index.ts';
import { invoicePayerOf, payInvoice, payInvoiceForm } from './invoice-payment.ts';
import { accountNow } from '../../accounts/index.ts';
import { payWithSavedMethod, payWithSavedMethodForm, savedMethodsForCheckout } from './saved-checkout.ts';
import { cardSessionStatus } from './session-lifecycle.ts';
import { CHECKOUT_LIVE_PATH, cardPage, challengePage, checkoutPage, errorPage, invoicePage, pageHeaders, resultPage } from './views.ts';

type PageContext = Context<HttpEnv>;

/** How long one status socket stays open before the page opens a new one. */
const STATUS_SOCKET_MS = 10 * 60_000;
/** Open status sockets one payment may have on a gateway (a payer's tabs; more is a misuse): more are refused with 429. */
export const MAX_SOCKETS_PER_PAYMENT = 20;

/** `tag` canonicalized if `Intl` formats in it, else undefined (a malformed tag included). */
function knownLocale(tag: string): string | undefined {
  try {
    const locale = Intl.NumberFormat.supportedLocalesOf(tag)[0];
    if (locale === undefined) return undefined;
    // The pages are written in English (`lang="en"`): a locale of another script (ar-EG's
    // Arabic-Indic digits and month names) would mix two languages on one page, so English of the
    // payer's region stands in for it; a Latin-script one keeps its conventions (de-DE: 1.250,00 €),
    // always with Latin digits and the Gregorian calendar.
    const full = new Intl.Locale(locale).maximize();
    if (full.script !== 'Latn') return new Intl.Locale('en', full.region ? { region: full.region } : {}).toString();
    return new Intl.Locale(locale, { numberingSystem: 'latn', calendar: 'gregory' }).toString();
  } catch {
    return undefined;
  }
}

const headings: Partial<Record<YarrowError['code'], string>> = {
  not_found: 'Not found',
  invalid_state: 'This cannot be done now',
  invalid_request: 'Please check your entry',
  forbidden: 'Form expired',
};

/**
 * The hosted checkout and invoice pages. No API key: the unguessable `pi_`/`cs_`/`inv_` ids are
 * the capability. Forms carry `csrf_token`, an HMAC of the form's object id under the server
 * secret, so another site cannot post them on a customer's behalf.
 */
const csrfField = z.object({ csrf_token: z.string().describe('The token printed in the page that holds the form.') });
/** What every hosted page and form declares: public, HTML, in the hosted-pages group. */
const hostedPage = { tag: 'Hosted pages', auth: 'none', produces: 'html' } as const;
const pageResponses = { 200: 'The page.' };
/** Forms are read by the page itself (CSRF token first), and their fields checked by the service: a refused form is shown again with the reason. */
const hostedForm = (form: z.ZodObject) => ({
  ...hostedPage,
  body: form.extend(csrfField.shape),
  bodyType: 'form',
  bodyValidatedBy: 'service',
  responses: { 303: 'On to the next page.', 400: 'The form again, with the reason.' },
  // 403: the CSRF token is not this page's; 409: the payment or session cannot take this now.
  errorCodes: ['forbidden', 'invalid_state'],
}) as const;

export function registerCheckoutPages(ctx: GatewayContext) {
  const { rt } = ctx;
  const csrfToken = (purpose: string, id: string) => keyedHash(rt.config.secret, `hosted-form:${purpose}:${id}`);

  async function readForm(c: PageContext, purpose: string, id: string): Promise<Record<string, string>> {
    const parsed = await c.req.parseBody();
    const form: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') form[name] = value;
    if (!safeEqual(form.csrf_token ?? '', csrfToken(purpose, id))) {
      throw new YarrowError('forbidden', 'This form did not come from this page or has expired. Go back, reload the page and try again.', {
        param: 'csrf_token',
      });
    }
    return form;
  }

  function render(c: PageContext, page: Parameters<PageContext['html']>[0], status: 200 | 400 | 403 | 404 | 409 = 200) {
    for (const [name, value] of Object.entries(pageHeaders)) c.header(name, value);
    return c.html(page, status);
  }

  /** Shows a refused request as an error page with its status; other failures stay 500s. */
  function failure(c: PageContext, error: unknown, backTo?: string) {
    if (!(error instanceof YarrowError)) throw error;
    const status = error.status as 400 | 403 | 404 | 409;
    return render(c, errorPage({ heading: headings[error.code] ?? 'Something went wrong', message: error.message, backTo }), status);
  }

  /** The payer's locale for money and dates: the first Accept-Language tag `Intl` knows, else English. */
  const viewerOf = (c: PageContext) => ({
    locale: accepts(c, {
      header: 'Accept-Language',
      supports: [],
      default: 'en',
      match: (tags, { default: fallback }) =>
        tags
          .filter((tag) => tag.q > 0)
          .sort((a, b) => b.q - a.q)
          .slice(0, 10)
          .map((tag) => knownLocale(tag.type))
          .find((locale) => locale !== undefined) ?? fallback,
    }),
  });

  const merchantOf = async (accountId: number) =>
    (await rt.db.prisma.account.findUnique({ where: { id: accountId }, select: { name: true } })) ?? { name: 'Merchant' };

  /** The final page, with the refunds of a paid intent on its receipt. */
  async function showResult(c: PageContext, options: Omit<Parameters<typeof resultPage>[0], 'refunds'>) {
    const refunds =
      options.intent.status === 'succeeded'
        ? await rt.db.prisma.refund.findMany({ where: { paymentIntentId: options.intent.id }, orderBy: { id: 'asc' }, take: 100 })
        : [];
    return render(c, resultPage({ ...options, refunds }));
  }

  async function showCheckout(c: PageContext, intentId: string, error?: string) {
    const intent = await findIntentForCheckout(rt.db.prisma, intentId);
    const merchant = await merchantOf(intent.accountId);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action') {
      return showResult(c, { merchant, intent, viewer: viewerOf(c) });
    }
    const latest = intent.latestCardSessionId
      ? await rt.db.prisma.cardSession.findUnique({ where: { id: intent.latestCardSessionId } })
      : null;
    const pendingChallenge =
      intent.status === 'requires_action' && latest && cardSessionStatus(latest, await accountNow(rt.db.prisma, intent.accountId)) === 'challenge' ? latest : null;
    return render(
      c,
      checkoutPage({
        merchant,
        intent,
        csrfToken: csrfToken('checkout', intent.id),
        pendingChallenge,
        error,
        viewer: viewerOf(c),
        savedMethods: await savedMethodsForCheckout(rt.db.prisma, intent),
      }),
      error ? 400 : 200,
    );
  }

  async function showSession(c: PageContext, intentId: string, sessionId: string, error?: string) {
    const { intent, session } = await findSessionForCheckout(rt.db.prisma, intentId, sessionId);
    const merchant = await merchantOf(intent.accountId);
    const viewer = viewerOf(c);
    const status = cardSessionStatus(session, await accountNow(rt.db.prisma, intent.accountId));
    if (status === 'completed') return showResult(c, { merchant, intent, session, viewer });
    // The payment moved on without this session (canceled through the API, paid by another
    // attempt): the page shows where it stands rather than a form that can no longer pay it.
    const sessionPays = status === 'challenge' ? intent.status === 'requires_action' : intent.status === 'requires_payment_method';
    if (!sessionPays) return showResult(c, { merchant, intent, viewer });
    if (status === 'expired') {
      throw new YarrowError('invalid_state', 'This payment session has expired (sessions last 30 minutes). Start again from the checkout page.', {
        param: 'card_session',
      });
    }
    const csrf = csrfToken('card', session.id);
    if (status === 'challenge') return render(c, challengePage({ merchant, intent, session, csrfToken: csrf, viewer }));
    return render(c, cardPage({ merchant, intent, session, csrfToken: csrf, error, viewer }), error ? 400 : 200);
  }

  /** A page route: a refused request shows an error page (with a link back to `backTo`). */
  const hosted =
    (handler: (c: PageContext) => Promise<Response>, backTo?: (c: PageContext) => string) => async (c: PageContext) => {
      try {
        return await handler(c);
      } catch (error) {
        return failure(c, error, backTo?.(c));
      }
    };

  /** A form action whose refused input shows the form again with the reason, rather than an error page. */
  async function orFormAgain(action: () => Promise<Response>, again: (reason: string) => Promise<Response>) {
    try {
      return await action();
    } catch (error) {
      if (error instanceof YarrowError && error.code === 'invalid_request') return again(error.message);
      throw error;
    }
  }

  const backToCheckout = (c: PageContext) => `/checkout/${c.req.param('pi')}`;

  defineRoute(ctx, {
    ...hostedPage,
    method: 'get',
    path: '/checkout/:pi',
    summary: 'Checkout page: amount, title, merchant, the four payment rails',
    operationId: 'showCheckoutPage',
    responses: pageResponses,
    handler: hosted((c) => showCheckout(c, c.req.param('pi')!)),
  });

  // The live status of an open page, on a WebSocket (`CHECKOUT_LIVE_PATH?payment_intent=<pi>`):
  // the status now, then each change, so the payer's page notices a cancel through the API or a
  // review decision. A WebSocket rather than an event stream because the page closes it cleanly
  // when left, where a stream is cut and shows as a failed request. Subscribed before the read, so
  // no change falls in between; a socket lasts STATUS_SOCKET_MS (the page then opens another).
  const liveSockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const socketsOf = new Map<string, number>();
  const release = (intentId: string) => {
    const left = (socketsOf.get(intentId) ?? 1) - 1;
    if (left > 0) socketsOf.set(intentId, left);
    else socketsOf.delete(intentId);
  };
  const refuseUpgrade = (socket: Duplex, status: string) => socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  ctx.onUpgrade(CHECKOUT_LIVE_PATH, (request, socket, head) => {
    const intentId = new URL(request.url ?? '/', 'http://localhost').searchParams.get('payment_intent') ?? '';
    const open = socketsOf.get(intentId) ?? 0;
    if (open >= MAX_SOCKETS_PER_PAYMENT) return refuseUpgrade(socket, '429 Too Many Requests');
    // The slot is the TCP connection's: it frees when that closes, however (refused, a bad handshake, the socket's end).
    socketsOf.set(intentId, open + 1);
    socket.once('close', () => release(intentId));
    findIntentForCheckout(rt.db.prisma, intentId).then(
      () => liveSockets.handleUpgrade(request, socket, head, (ws) => followStatus(ws, intentId)),
      () => refuseUpgrade(socket, '404 Not Found'),
    );
  });
  ctx.onStop(async () => {
    for (const ws of liveSockets.clients) ws.close(1001, 'server stopping');
  });

  function followStatus(ws: WebSocket, intentId: string) {
    const updates = ctx.pubsub.subscribe('paymentIntentUpdated', intentId);
    const send = (status: string) => ws.readyState === ws.OPEN && ws.send(status);
    const lifetime = setTimeout(() => ws.close(1000, 'open a new socket'), STATUS_SOCKET_MS);
    ws.on('close', () => {
      clearTimeout(lifetime);
      void updates.return?.();
    });
    void (async () => {
      send((await findIntentForCheckout(rt.db.prisma, intentId)).status);
      for await (const update of updates) send(update.status);
    })().catch((error: unknown) => {
      rt.logger.warn({ err: error, intentId }, 'checkout live status failed');
      ws.close(1011, 'status unavailable');
    });
  }

  defineRoute(ctx, {
    ...hostedForm(startCardSessionForm),
    method: 'post',
    path: '/checkout/:pi/pay',
    summary: 'Choose a rail: opens a card session (cs_…) and redirects to its page',
    operationId: 'startCardSession',
    handler: hosted(async (c) => {
      const intentId = c.req.param('pi')!;
      const form = await readForm(c, 'checkout', intentId);
      return orFormAgain(
        async () => c.redirect(`/checkout/${intentId}/card/${(await startCardSession(rt, intentId, startCardSessionCommand(parseInput(startCardSessionForm, form)))).id}`, 303),
        (reason) => showCheckout(c, intentId, reason),
      );
    }, backToCheckout),
  });

  defineRoute(ctx, {
    ...hostedForm(payWithSavedMethodForm),
    method: 'post',
    path: '/checkout/:pi/saved',
    summary: "Pay with one of the customer's saved methods (field `payment_method`): redirects to its card session",
    operationId: 'payWithSavedMethod',
    handler: hosted(async (c) => {
      const intentId = c.req.param('pi')!;
      const form = await readForm(c, 'checkout', intentId);
      return orFormAgain(
        async () => c.redirect(`/checkout/${intentId}/card/${(await payWithSavedMethod(rt, intentId, parseInput(payWithSavedMethodForm, form).payment_method)).id}`, 303),
        (reason) => showCheckout(c, intentId, reason),
      );
    }, backToCheckout),
  });

  defineRoute(ctx, {
    ...hostedPage,
    method: 'get',
    path: '/checkout/:pi/card/:cs',
    summary: "Card session page: the rail's test tokens, the token field, or the result",
    operationId: 'showCardSessionPage',
    errorCodes: ['invalid_state'],
    responses: pageResponses,
    handler: hosted((c) => showSession(c, c.req.param('pi')!, c.req.param('cs')!), backToCheckout),
  });

  defineRoute(ctx, {
    ...hostedForm(submitTokenForm),
    method: 'post',
    path: '/checkout/:pi/card/:cs',
    summary: 'Submit a test token (field `token`)',
    operationId: 'submitCardToken',
    handler: hosted(async (c) => {
      const intentId = c.req.param('pi')!;
      const sessionId = c.req.param('cs')!;
      const form = await readForm(c, 'card', sessionId);
      // A wrong token keeps the customer on the card page, with the reason, to try another.
      return orFormAgain(
        async () => {
          // The token's rules are the card session's, checked after the session (./card-sessions.ts).
          await submitToken(rt, intentId, sessionId, { token: form.token });
          return c.redirect(`/checkout/${intentId}/card/${sessionId}`, 303);
        },
        (reason) => showSession(c, intentId, sessionId, reason),
      );
    }, backToCheckout),
  });

  defineRoute(ctx, {
    ...hostedForm(challengeForm),
    method: 'post',
    path: '/checkout/:pi/card/:cs/challenge',
    summary: 'Answer the sandbox 3-D Secure challenge',
    operationId: 'answerCardChallenge',
    handler: hosted(async (c) => {
      const intentId = c.req.param('pi')!;
      const sessionId = c.req.param('cs')!;
      const { challenge_result: result } = parseInput(challengeForm, await readForm(c, 'card', sessionId));
      await answerChallenge(rt, intentId, sessionId, result);
      return c.redirect(`/checkout/${intentId}/card/${sessionId}`, 303);
    }, backToCheckout),
  });

  async function showInvoice(c: PageContext, invoiceId: string, error?: string) {
    const invoice = await findInvoiceForHostedPage(rt.db.prisma, invoiceId);
    const merchant = await merchantOf(invoice.accountId);
    const payment = await currentInvoicePayment(rt.db.prisma, invoice.id);
    return render(
      c,
      invoicePage({ merchant, invoice, csrfToken: csrfToken('invoice', invoice.id), paymentStatus: payment?.status, error, viewer: viewerOf(c) }),
      error ? 400 : 200,
    );
  }

  defineRoute(ctx, {
    ...hostedPage,
    method: 'get',
    path: '/invoices/:inv',
    summary: 'Hosted invoice page',
    operationId: 'showInvoicePage',
    responses: pageResponses,
    handler: hosted((c) => showInvoice(c, c.req.param('inv')!)),
  });

  defineRoute(ctx, {
    ...hostedForm(payInvoiceForm),
    method: 'post',
    path: '/invoices/:inv/pay',
    summary: 'Pay an invoice: opens its payment intent and redirects to checkout',
    operationId: 'payInvoice',
    handler: hosted(
      async (c) => {
        const invoiceId = c.req.param('inv')!;
        const form = await readForm(c, 'invoice', invoiceId);
        return orFormAgain(
          async () => c.redirect(`/checkout/${(await payInvoice(rt, invoiceId, invoicePayerOf(parseInput(payInvoiceForm, form)))).id}`, 303),
          (reason) => showInvoice(c, invoiceId, reason),
        );
      },
      (c) => `/invoices/${c.req.param('inv')}`,
    ),
  });
}
