// The web pay button: a script any merchant page loads from the gateway (`/js/yarrow-pay.js`),
// defining `<yarrow-pay-button payment-intent="pi_…">`, and the keyless checkout state it reads.
// The intent's unguessable id is the capability, as on the hosted checkout (README, "Pay button").
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { readFileSync } from 'node:fs';
import { publicReadCors } from '../../core/browser-security.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { ok, okSchema } from '../../core/http.ts';
import { defineRoute } from '../../core/route.ts';
import { findIntentForCheckout } from './card-sessions.ts';
import { checkoutStateSchema, paymentIntentJson } from '../intents/index.ts';

const script = readFileSync(new URL('./assets/yarrow-pay.js', import.meta.url), 'utf8');
const scriptTag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 22)}"`;

/** Statuses the customer can still pay from (a declined attempt returns to the first). */
const payableStatuses = new Set(['requires_payment_method', 'requires_action']);

export function registerPayButtonRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  ctx.app.use('/js/yarrow-pay.js', publicReadCors);
  ctx.app.use('/checkout/:pi/state', publicReadCors);

  defineRoute(ctx, {
    method: 'get',
    path: '/js/yarrow-pay.js',
    tag: 'Hosted pages',
    summary: 'The pay button script (an ES module defining <yarrow-pay-button>)',
    auth: 'none',
    produces: 'text',
    openapi: false,
    responses: { 200: 'The script.', 304: 'Not modified.' },
    handler: (c) => {
      // Cached an hour, then revalidated by ETag: a new version reaches pages within the hour.
      c.header('Cache-Control', 'public, max-age=3600');
      c.header('ETag', scriptTag);
      c.header('X-Content-Type-Options', 'nosniff');
      if (c.req.header('if-none-match') === scriptTag) return c.body(null, 304);
      return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/checkout/:pi/state',
    tag: 'Hosted pages',
    summary: "A payment intent's checkout state, for the pay button: can it be paid, where, how much",
    operationId: 'getCheckoutState',
    auth: 'none',
    responses: { 200: 'The state.' },
    response: okSchema(checkoutStateSchema.shape),
    handler: async (c) => {
      const intent = await findIntentForCheckout(rt.db.prisma, c.req.param('pi'));
      const json = paymentIntentJson(rt.config, intent);
      c.header('Cache-Control', 'no-store');
      const state: z.infer<typeof checkoutStateSchema> = {
        id: json.id,
        status: json.status,
        payable: payableStatuses.has(intent.status),
        title: json.title,
        amount_display: json.amount_display,
        currency: json.currency,
        checkout_url: json.checkout_url,
      };
      return ok(c, state);
    },
  });
}
