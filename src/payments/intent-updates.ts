import type { DbClient } from '../core/db.ts';
import { publish } from '../core/pubsub.ts';
import type { PaymentIntent } from '../generated/prisma/client.ts';

// A payment intent's live update (the paymentIntentUpdated topic), published by whatever changes an
// intent: its lifecycle (intents/), a refund's amount (refunds/) and a dispute's (disputes/).

export async function publishIntentUpdate(tx: DbClient, intent: PaymentIntent) {
  await publish(tx, 'paymentIntentUpdated', intent.id, {
    id: intent.id,
    status: intent.status,
    paymentMethodCode: intent.paymentMethodCode,
    lastPaymentError: (intent.lastPaymentError as Record<string, unknown> | null) ?? null,
    cancellationReason: intent.cancellationReason,
    latestCardSessionId: intent.latestCardSessionId,
    succeededAt: intent.succeededAt?.toISOString() ?? null,
    canceledAt: intent.canceledAt?.toISOString() ?? null,
    amountRefunded: intent.amountRefunded,
    amountCapturable: intent.amountCapturable,
    amountReceived: intent.amountReceived,
    amountDisputed: intent.amountDisputed,
    captureBefore: intent.captureBefore?.toISOString() ?? null,
    updatedAt: intent.updatedAt.toISOString(),
  });
}
