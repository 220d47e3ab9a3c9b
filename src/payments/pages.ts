import type { Context } from 'hono';
import { keyedHash, safeEqual } from '../core/crypto.ts';
import { YarrowError } from '../core/errors.ts';
import type { HttpEnv } from '../core/http.ts';
import type { GatewayContext } from '../gateway.ts';
import {
  answerChallenge,
  findIntentForCheckout,
  findSessionForCheckout,
  startCardSession,
  submitToken,
} from './card-sessions.ts';
import { currentInvoicePayment, findInvoiceForHostedPage, payInvoice } from './invoices.ts';
import { cardSessionStatus } from './json.ts';
import { cardPage, challengePage, checkoutPage, errorPage, invoicePage, pageHeaders, resultPage } from './views.ts';

type PageContext = Context<HttpEnv>;

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
export function registerCheckoutPages({ app, rt }: GatewayContext) {
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

  const merchantOf = async (accountId: number) =>
    (await rt.db.prisma.account.findUnique({ where: { id: accountId }, select: { name: true } })) ?? { name: 'Merchant' };

  async function showCheckout(c: PageContext, intentId: string, error?: string) {
    const intent = await findIntentForCheckout(rt.db.prisma, intentId);
    const merchant = await merchantOf(intent.accountId);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action') {
      return render(c, resultPage({ merchant, intent }));
    }
    const latest = intent.latestCardSessionId
      ? await rt.db.prisma.cardSession.findUnique({ where: { id: intent.latestCardSessionId } })
      : null;
    const pendingChallenge = intent.status === 'requires_action' && latest && cardSessionStatus(latest) === 'challenge' ? latest : null;
    return render(
      c,
      checkoutPage({ merchant, intent, csrfToken: csrfToken('checkout', intent.id), pendingChallenge, error }),
      error ? 400 : 200,
    );
  }

  async function showSession(c: PageContext, intentId: string, sessionId: string, error?: string) {
    const { intent, session } = await findSessionForCheckout(rt.db.prisma, intentId, sessionId);
    const merchant = await merchantOf(intent.accountId);
    const status = cardSessionStatus(session);
    if (status === 'completed') return render(c, resultPage({ merchant, intent, session }));
    if (status === 'expired') {
      throw new YarrowError('invalid_state', 'This payment session has expired (sessions last 30 minutes). Start again from the checkout page.', {
        param: 'card_session',
      });
    }
    const csrf = csrfToken('card', session.id);
    if (status === 'challenge') return render(c, challengePage({ merchant, intent, session, csrfToken: csrf }));
    return render(c, cardPage({ merchant, intent, session, csrfToken: csrf, error }), error ? 400 : 200);
  }

  app.get('/checkout/:pi', async (c) => {
    try {
      return await showCheckout(c, c.req.param('pi'));
    } catch (error) {
      return failure(c, error);
    }
  });

  app.post('/checkout/:pi/pay', async (c) => {
    const intentId = c.req.param('pi');
    try {
      const form = await readForm(c, 'checkout', intentId);
      try {
        const session = await startCardSession(rt, intentId, form);
        return c.redirect(`/checkout/${intentId}/card/${session.id}`, 303);
      } catch (error) {
        if (error instanceof YarrowError && error.code === 'invalid_request') return await showCheckout(c, intentId, error.message);
        throw error;
      }
    } catch (error) {
      return failure(c, error, `/checkout/${intentId}`);
    }
  });

  app.get('/checkout/:pi/card/:cs', async (c) => {
    const intentId = c.req.param('pi');
    try {
      return await showSession(c, intentId, c.req.param('cs'));
    } catch (error) {
      return failure(c, error, `/checkout/${intentId}`);
    }
  });

  app.post('/checkout/:pi/card/:cs', async (c) => {
    const intentId = c.req.param('pi');
    const sessionId = c.req.param('cs');
    try {
      const form = await readForm(c, 'card', sessionId);
      try {
        await submitToken(rt, intentId, sessionId, form);
      } catch (error) {
        // A wrong token keeps the customer on the card page, with the reason, to try another.
        if (error instanceof YarrowError && error.code === 'invalid_request') return await showSession(c, intentId, sessionId, error.message);
        throw error;
      }
      return c.redirect(`/checkout/${intentId}/card/${sessionId}`, 303);
    } catch (error) {
      return failure(c, error, `/checkout/${intentId}`);
    }
  });

  app.post('/checkout/:pi/card/:cs/challenge', async (c) => {
    const intentId = c.req.param('pi');
    const sessionId = c.req.param('cs');
    try {
      const form = await readForm(c, 'card', sessionId);
      await answerChallenge(rt, intentId, sessionId, form);
      return c.redirect(`/checkout/${intentId}/card/${sessionId}`, 303);
    } catch (error) {
      return failure(c, error, `/checkout/${intentId}`);
    }
  });

  async function showInvoice(c: PageContext, invoiceId: string, error?: string) {
    const invoice = await findInvoiceForHostedPage(rt.db.prisma, invoiceId);
    const merchant = await merchantOf(invoice.accountId);
    const payment = await currentInvoicePayment(rt.db.prisma, invoice.id);
    return render(
      c,
      invoicePage({ merchant, invoice, csrfToken: csrfToken('invoice', invoice.id), paymentStatus: payment?.status, error }),
      error ? 400 : 200,
    );
  }

  app.get('/invoices/:inv', async (c) => {
    try {
      return await showInvoice(c, c.req.param('inv'));
    } catch (error) {
      return failure(c, error);
    }
  });

  app.post('/invoices/:inv/pay', async (c) => {
    const invoiceId = c.req.param('inv');
    try {
      const form = await readForm(c, 'invoice', invoiceId);
      try {
        const intent = await payInvoice(rt, invoiceId, form);
        return c.redirect(`/checkout/${intent.id}`, 303);
      } catch (error) {
        if (error instanceof YarrowError && error.code === 'invalid_request') return await showInvoice(c, invoiceId, error.message);
        throw error;
      }
    } catch (error) {
      return failure(c, error, `/invoices/${invoiceId}`);
    }
  });
}
