import type { EventType } from '../../src/webhooks/events.ts';
import { recordEvent } from '../../src/webhooks/events.ts';
import type { TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { CreateEndpoint } from './operations.ts';

/** Records an event the way payments and relay do (in their own transaction) and returns its deliveries. */
export async function emitEvent(
  app: TestApp,
  accountId: number,
  type: EventType = 'payment_intent.succeeded',
  data: Record<string, unknown> = { amount: 1999, currency: 'usd' },
) {
  return app.rt.db.prisma.$transaction(async (tx) => {
    const event = await recordEvent(app.rt, tx, { accountId, type, objectType: 'payment_intent', objectPublicId: 'pi_test_123', data });
    const deliveries = await tx.webhookDelivery.findMany({ where: { eventId: event.id }, orderBy: { id: 'asc' } });
    return { event, deliveries: deliveries.map((delivery) => ({ ...delivery, id: String(delivery.id) })) };
  });
}

export async function createEndpoint(
  app: TestApp,
  key: string,
  input: { url: string; eventTypes?: string[]; description?: string; enabled?: boolean },
) {
  const result = await execute(app.baseUrl, key, CreateEndpoint, { input });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.createWebhookEndpoint;
}
