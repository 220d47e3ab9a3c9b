// The payments domain's raw SQL (pg-boss `plans.ts` style): only what Prisma cannot say, or what a
// measured hot path needs in fewer steps (docs/performance.md#raw-sql-or-prisma).
import type { DbClient } from '../../core/db.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';

/** A new payment intent's columns, as `createPaymentIntents` validated them. */
export type NewPaymentIntentRow = Pick<
  PaymentIntent,
  'id' | 'accountId' | 'amount' | 'currency' | 'title' | 'customerName' | 'customerEmail' | 'metadata' | 'returnUrl' | 'invoiceId' | 'captureMethod'
  | 'customerId' | 'setupFutureUsage' | 'paymentMethodId'
>;

/**
 * Inserts payment intents (one group commit's creates) with one statement of arrays (`unnest`) and
 * answers the rows as Prisma's `PaymentIntent`. Prisma's `createManyAndReturn` compiled a new query
 * plan on every call (its plan cache skips `createMany*`): the largest cost left of a REST create
 * in a gateway profile (round 4, 26-gateway). The defaults are Prisma's: status
 * `requires_payment_method`, nothing refunded or disputed, `created_at` and `updated_at` the caller's `now`.
 */
export async function insertPaymentIntents(tx: DbClient, rows: NewPaymentIntentRow[], now: Date): Promise<PaymentIntent[]> {
  const column = <T>(pick: (row: NewPaymentIntentRow) => T) => rows.map(pick);
  return tx.$queryRaw<PaymentIntent[]>`
    INSERT INTO payment_intents (id, account_id, amount, currency, title, customer_name, customer_email, metadata, return_url, invoice_id,
                                 capture_method, customer_id, setup_future_usage, payment_method_id, created_at, updated_at)
    SELECT p.id, p.account_id, p.amount, p.currency, p.title, p.customer_name, p.customer_email, p.metadata::jsonb, p.return_url, p.invoice_id,
           p.capture_method::"CaptureMethod", p.customer_id, p.setup_future_usage, p.payment_method_id, ${now}, ${now}
    FROM unnest(${column((row) => row.id)}::text[], ${column((row) => row.accountId)}::int[], ${column((row) => row.amount)}::int[],
                ${column((row) => row.currency)}::text[], ${column((row) => row.title)}::text[], ${column((row) => row.customerName)}::text[],
                ${column((row) => row.customerEmail)}::text[], ${column((row) => JSON.stringify(row.metadata))}::text[],
                ${column((row) => row.returnUrl)}::text[], ${column((row) => row.invoiceId)}::text[],
                ${column((row) => row.captureMethod)}::text[],
                ${column((row) => row.customerId)}::text[], ${column((row) => row.setupFutureUsage)}::text[],
                ${column((row) => row.paymentMethodId)}::text[])
      AS p(id, account_id, amount, currency, title, customer_name, customer_email, metadata, return_url, invoice_id, capture_method,
           customer_id, setup_future_usage, payment_method_id)
    RETURNING id, account_id AS "accountId", status::text AS status, amount, currency, title, customer_name AS "customerName",
              customer_email AS "customerEmail", metadata, return_url AS "returnUrl", payment_method_code AS "paymentMethodCode",
              last_payment_error AS "lastPaymentError", cancellation_reason AS "cancellationReason",
              latest_card_session_id AS "latestCardSessionId", invoice_id AS "invoiceId", amount_refunded AS "amountRefunded",
              capture_method::text AS "captureMethod", amount_capturable AS "amountCapturable", amount_received AS "amountReceived",
              amount_disputed AS "amountDisputed",
              capture_before AS "captureBefore", customer_id AS "customerId", setup_future_usage AS "setupFutureUsage",
              payment_method_id AS "paymentMethodId", succeeded_at AS "succeededAt", canceled_at AS "canceledAt", created_at AS "createdAt", updated_at AS "updatedAt"`;
}
