import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { typeid } from 'typeid-js';
import WebSocket from 'ws';
import { newId } from '../../src/core/ids.ts';
import { modules } from '../../src/modules.ts';
import { createPanelUser } from '../../src/panel/users.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { checkoutClient } from '../payments/checkout-client.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

// Two accounts, each with one of everything. Account A then tries every REST path and every
// GraphQL field, mutation and subscription that takes an id, with B's ids: nothing of B may be
// read or changed. The routes and fields come from the live OpenAPI document and from GraphQL
// introspection, so a new one is tried as soon as it exists, and one whose id cannot be matched
// to a kind of object fails the suite until it is taught here.
//
// The oracle: B's id must be indistinguishable from an id that exists nowhere (same status, same
// error code and param, same data), the answer must carry nothing of B, and B's rows must be
// byte-for-byte the same afterwards.

/** Every kind of object an id argument can name, with B's and A's ids of it. */
const kinds = [
  'apiKey',
  'paymentIntent',
  'cardSession',
  'refund',
  'dispute',
  'invoice',
  'kycReview',
  'webhookEndpoint',
  'webhookDelivery',
  'event',
  'apiRequest',
  'device',
  'message',
  'otp',
  'recipient',
  'recipientList',
  'optOut',
  /** A number on the account's opt-out list (`DELETE /api/v1/opt-outs/{phone}` names it, not an id). */
  'optOutNumber',
  'messageBatch',
  /** A part of a received MMS (`GET /api/v1/messages/{id}/attachments/{attachment_id}`). */
  'messageAttachment',
  'customer',
  'paymentMethod',
  'product',
  'price',
  'subscription',
] as const;
type Kind = (typeof kinds)[number];

/** An id of the kind that names nothing. */
function unknownId(kind: Kind): string {
  if (kind === 'webhookDelivery') return '9000000000000000';
  if (kind === 'apiRequest') return newId(kind);
  if (kind === 'optOutNumber') return '+14155550999';
  const prefix = modules.map((module): Record<string, string> => module.idPrefixes ?? {}).find((prefixes) => kind in prefixes)?.[kind];
  if (!prefix) throw new Error(`no module declares the id kind ${kind}`);
  return typeid(prefix).toString();
}

/** Written into B's names, titles and descriptions: must never show up in an answer to A. */
const MARKER = 'tenant-b-only-7f3a9c';

interface Tenant {
  label: string;
  account: TestAccount;
  ids: Record<Kind, string>;
  deviceToken: string;
  endpointSecret: string;
}

let app: TestApp;
let receiver: Receiver;
let a: Tenant;
let b: Tenant;

async function rest(key: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await app.request(method, path, { key, body, headers });
  return response;
}

async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** One account with one of everything, each named with `marker` where a name or text goes. */
async function populate(label: string, marker: string): Promise<Tenant> {
  const account = await app.account({ name: `${label} ${marker}` });
  const ok = (response: { status: number; body: any }, status: number) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  };
  const spareKey = ok(await rest(account.key, 'POST', '/api/v1/api-keys', { label: `spare ${marker}`, scopes: ['account.read'] }), 201);
  const endpoint = ok(await rest(account.key, 'POST', '/api/v1/webhook-endpoints', { url: receiver.url(`/${label}`), description: marker }), 201);
  const intent = ok(
    await rest(account.key, 'POST', '/api/v1/payment-intents', {
      amount: 12.5,
      currency: 'USD',
      title: `Order ${marker}`,
      customer_name: `Customer ${marker}`,
      customer_email: 'customer@example.com',
    }),
    201,
  ).payment_intent;
  const sessionPath = await checkoutClient(app).startSession(intent.id, 'visa');
  expect((await checkoutClient(app).submitToken(sessionPath, 'YP-VISA-APPROVE')).status).toBe(303);
  const customer = ok(await rest(account.key, 'POST', '/api/v1/customers', { email: 'customer@example.com', name: `Customer ${marker}`, description: marker }), 201).customer;
  const saving = ok(
    await rest(account.key, 'POST', '/api/v1/payment-intents', { amount: 3, currency: 'USD', title: `Saving ${marker}`, customer: customer.id, setup_future_usage: 'off_session' }),
    201,
  ).payment_intent;
  expect((await checkoutClient(app).submitToken(await checkoutClient(app).startSession(saving.id, 'visa'), 'YP-VISA-APPROVE')).status).toBe(303);
  const paymentMethod = ok(await rest(account.key, 'GET', `/api/v1/payment-intents/${saving.id}`), 200).payment_intent.payment_method as string;
  const product = ok(await rest(account.key, 'POST', '/api/v1/products', { name: `Plan ${marker}`, description: marker }), 201).product;
  const price = ok(await rest(account.key, 'POST', '/api/v1/prices', { product: product.id, unit_amount: 9, currency: 'USD', recurring: { interval: 'month' }, nickname: marker }), 201).price;
  const subscription = ok(
    await rest(account.key, 'POST', '/api/v1/subscriptions', { customer: customer.id, items: [{ price: price.id }], default_payment_method: paymentMethod, metadata: { note: marker } }),
    201,
  ).subscription;
  const refund = ok(await rest(account.key, 'POST', '/api/v1/refunds', { payment_intent: intent.id, amount: 1, metadata: { note: marker } }), 201).refund;
  const disputed = ok(
    await rest(account.key, 'POST', '/api/v1/payment-intents', { amount: 20, currency: 'USD', title: `Disputed ${marker}`, customer_name: `Customer ${marker}`, customer_email: 'customer@example.com' }),
    201,
  ).payment_intent;
  expect((await checkoutClient(app).submitToken(await checkoutClient(app).startSession(disputed.id, 'visa'), 'YP-VISA-DISPUTE')).status).toBe(303);
  const dispute = ok(await rest(account.key, 'GET', `/api/v1/disputes?payment_intent=${disputed.id}`), 200).data[0];
  const invoice = ok(
    await rest(account.key, 'POST', '/api/v1/invoices', {
      amount: 40,
      currency: 'USD',
      title: `Invoice ${marker}`,
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      customer_name: `Customer ${marker}`,
    }),
    201,
  ).invoice;
  const kyc = await gql(
    account.key,
    `mutation($input: SubmitKycInput!) { submitKyc(input: $input) { id } }`,
    {
      input: {
        legalName: `Legal ${marker}`,
        country: 'us',
        registrationNumber: '1010101010',
        contactName: `Contact ${marker}`,
        contactEmail: 'contact@example.com',
        contactPhone: '+14155550100',
      },
    },
  );
  const test = await gql(account.key, `mutation($id: ID!) { sendTestWebhook(endpointId: $id) { event { id } delivery { id } } }`, {
    id: endpoint.webhook_endpoint.id,
  });
  const code = (await gql(account.key, 'mutation { createPairingCode { code } }')).createPairingCode.code;
  const paired = ok(await rest(undefined, 'POST', '/api/v1/relay/app/pair', { pairing_code: code, device_name: `Phone ${marker}` }), 201);
  await gql(account.key, 'mutation { createPairingCode { id } }'); // one left unused
  const heartbeat = await rest(undefined, 'POST', '/api/v1/relay/device/heartbeat', {}, { authorization: `Bearer ${paired.device_token}` });
  expect(heartbeat.status).toBe(200);
  const sms = ok(await rest(account.key, 'POST', '/api/v1/sms/send', { to: '+14155552671', message: `Hello ${marker}` }), 202);
  const otp = ok(await rest(account.key, 'POST', '/api/v1/otp/send', { to: '+14155552672', purpose: 'login' }), 200);
  const recipient = await gql(account.key, `mutation($input: RecipientInput!) { createRecipient(input: $input) { id } }`, {
    input: { name: `Recipient ${marker}`, phone: '+14155552673', tags: [marker] },
  });
  const list = await gql(account.key, `mutation($input: RecipientListInput!) { createRecipientList(input: $input) { id } }`, {
    input: { name: `List ${marker}`, description: marker },
  });
  await gql(account.key, `mutation($list: ID!, $ids: [ID!]!) { addRecipientsToList(listId: $list, recipientIds: $ids) { id } }`, {
    list: list.createRecipientList.id,
    ids: [recipient.createRecipient.id],
  });
  // A number of this tenant's own: A removing B's must not find it, not remove A's.
  const optedOut = ok(await rest(account.key, 'POST', '/api/v1/opt-outs', { phone: marker === MARKER ? '+14155552675' : '+14155552674' }), 201);
  const queued = await rest(account.key, 'POST', '/api/v1/recipient-lists/queue', { list_id: list.createRecipientList.id, message: `List ${marker}` });
  ok(queued, 202);
  // An MMS part, as the phone's mms:downloaded hook stores one (test/relay/android-app/mms.test.ts walks that path).
  const part = await app.rt.db.prisma.messageAttachment.create({
    data: { id: typeid('part').toString(), messageId: sms.request_id, position: 0, contentType: 'text/plain', name: `${marker}.txt`, size: marker.length, data: new Uint8Array(Buffer.from(marker)) },
  });
  // The request log is written just after each answer: wait for the last request's row, so the
  // account's rows are all there before anything compares them.
  const db = app.rt.db.prisma;
  await vi.waitFor(async () => expect(await db.apiRequest.count({ where: { accountId: account.id, requestId: queued.headers.get('x-request-id')! } })).toBe(1));
  const created = await db.apiRequest.findFirstOrThrow({ where: { accountId: account.id, operationId: 'createPaymentIntent' } });
  return {
    label,
    account,
    deviceToken: paired.device_token,
    endpointSecret: endpoint.secret,
    ids: {
      apiKey: spareKey.api_key.id,
      paymentIntent: intent.id,
      cardSession: sessionPath.split('/').pop()!,
      refund: refund.id,
      dispute: dispute.id,
      invoice: invoice.id,
      kycReview: kyc.submitKyc.id,
      webhookEndpoint: endpoint.webhook_endpoint.id,
      webhookDelivery: String(test.sendTestWebhook.delivery.id),
      event: test.sendTestWebhook.event.id,
      apiRequest: created.id,
      device: paired.device.id,
      message: sms.request_id,
      otp: otp.otp_id,
      recipient: recipient.createRecipient.id,
      recipientList: list.createRecipientList.id,
      messageBatch: queued.body.batch_id,
      messageAttachment: part.id,
      optOut: optedOut.id,
      optOutNumber: optedOut.phone,
      customer: customer.id,
      paymentMethod,
      product: product.id,
      price: price.id,
      subscription: subscription.id,
    },
  };
}

// --- B's rows, every table ---

interface Snapshot {
  tables: Record<string, string[]>;
  /** Every prefixed id among B's rows (`pi_…`, `req_…`): none may appear in an answer to A. */
  ids: Set<string>;
}

/**
 * Every row that belongs to the account: tables with an account_id, and tables hanging off one of
 * those by a foreign key (attempts, list members, sessions). A table that is neither is listed in
 * `global`, or the snapshot fails: a new table must say whose rows it holds.
 */
async function snapshot(accountId: number): Promise<Snapshot> {
  const db = app.rt.db.prisma;
  const global = new Set(['_prisma_migrations', 'system_settings', 'rate_limits', 'invoice_counters']);
  const tables = (await db.$queryRaw<Array<{ table_name: string }>>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`).map(
    (row) => row.table_name,
  );
  const owned = new Set(
    (await db.$queryRaw<Array<{ table_name: string }>>`
      SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'account_id'`).map((row) => row.table_name),
  );
  const foreignKeys = await db.$queryRaw<Array<{ table_name: string; column_name: string; parent: string; parent_column: string }>>`
    SELECT tc.table_name, kcu.column_name, ccu.table_name AS parent, ccu.column_name AS parent_column
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
    JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public'`;
  const result: Snapshot = { tables: {}, ids: new Set() };
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  for (const table of tables) {
    let rows: Array<{ row: Record<string, unknown> }>;
    if (table === 'accounts') {
      rows = await db.$queryRawUnsafe(`SELECT to_jsonb(t) AS row FROM accounts t WHERE id = $1`, accountId);
    } else if (owned.has(table)) {
      rows = await db.$queryRawUnsafe(`SELECT to_jsonb(t) AS row FROM ${quote(table)} t WHERE account_id = $1`, accountId);
    } else {
      const link = foreignKeys.find((key) => key.table_name === table && owned.has(key.parent));
      if (!link) {
        expect(global.has(table), `table ${table} has no account_id and no foreign key to an account's table: add it to \`global\` if it holds no account's rows`).toBe(true);
        continue;
      }
      rows = await db.$queryRawUnsafe(
        `SELECT to_jsonb(t) AS row FROM ${quote(table)} t
         WHERE ${quote(link.column_name)} IN (SELECT ${quote(link.parent_column)} FROM ${quote(link.parent)} WHERE account_id = $1)`,
        accountId,
      );
    }
    result.tables[table] = rows.map((entry) => JSON.stringify(entry.row)).sort();
    for (const { row } of rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string' && /^[a-z]+_[0-9a-z]{26}$/.test(value)) result.ids.add(value);
      }
    }
  }
  return result;
}

let before: Snapshot;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { KYC_REVIEW_DELAY_SECONDS: '3600', PAYMENT_REVIEW_DELAY_SECONDS: '3600' } });
  a = await populate('a', 'tenant-a');
  b = await populate('b', MARKER);
  // Deliveries get attempts (rows of both accounts' logs); then nothing runs that could change B.
  const worker = await app.startWorkers(['webhooks']);
  const db = app.rt.db.prisma;
  for (;;) {
    if ((await db.webhookDelivery.count({ where: { status: 'pending' } })) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise<void>((resolve) => {
    worker.once('exit', () => resolve());
    worker.kill('SIGTERM');
  });
  before = await snapshot(b.account.id);
  expect(before.tables.webhook_attempts?.length).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

/** What an answer says, without what differs between any two calls (request ids, timestamps). */
function gist(status: number, body: any) {
  if (body?.ok === false) return { status, code: body.error?.code, param: body.error?.param };
  return { status, data: body?.data };
}

/** Fails if the text carries anything of B but the ids the request itself sent. */
function expectNothingOfB(text: string, sent: string[], what: string) {
  expect(text.includes(MARKER), `${what} answered with B's text`).toBe(false);
  const leaked = [...before.ids].filter((id) => !sent.includes(id) && text.includes(id));
  expect(leaked, `${what} answered with B's ids`).toEqual([]);
}

describe('REST, from the live OpenAPI document', () => {
  it('answers A about B exactly as about ids that exist nowhere, and shows nothing of B', async () => {
    const spec = (await rest(undefined, 'GET', '/api/openapi.json')).body;
    /** Resource path segment → the kind its `{id}` (and its list cursors) name. */
    const segmentKinds: Record<string, Kind> = {
      'api-keys': 'apiKey',
      'payment-intents': 'paymentIntent',
      refunds: 'refund',
      disputes: 'dispute',
      invoices: 'invoice',
      'webhook-endpoints': 'webhookEndpoint',
      'webhook-deliveries': 'webhookDelivery',
      events: 'event',
      'request-logs': 'apiRequest',
      messages: 'message',
      attachments: 'messageAttachment',
      recipients: 'recipient',
      'opt-outs': 'optOut',
      devices: 'device',
      customers: 'customer',
      'payment-methods': 'paymentMethod',
      products: 'product',
      prices: 'price',
      subscriptions: 'subscription',
    };
    /** Id parameters in queries and bodies → their kind. */
    const paramKinds: Record<string, Kind> = {
      request_id: 'message',
      payment_intent: 'paymentIntent',
      otp_id: 'otp',
      list_id: 'recipientList',
      device_id: 'device',
      endpoint_id: 'webhookEndpoint',
      event_id: 'event',
      api_key_id: 'apiKey',
      request_log_id: 'apiRequest',
      batch_id: 'messageBatch',
      customer: 'customer',
      payment_method: 'paymentMethod',
      default_payment_method: 'paymentMethod',
      product: 'product',
      price: 'price',
    };
    /** Id parameters whose kind only their operation tells (`id` in a body). */
    const operationParamKinds: Record<string, Record<string, Kind>> = {
      'patch /api/mobile/v1/device': { id: 'device' },
      // The Android app's received-SMS hook (its signature is the credential); `id` is the webhook event's (the app's own).
      'post /api/mobile/v1/inbound/{deviceId}': { deviceId: 'device', id: 'event' },
      'delete /api/v1/opt-outs/{phone}': { phone: 'optOutNumber' },
    };
    /** Filters that take any object's public id. */
    const anyObjectParams = new Set(['object_public_id']);
    /** A valid body for each operation that takes one, so the call gets as far as the id check. */
    const validBodies: Record<string, Record<string, unknown>> = {
      'post /api/v1/otp/verify': { code: '123456' },
      'post /api/v1/sms/send': { to: '+14155552671', message: 'hello' },
      'post /api/v1/otp/send': { to: '+14155552671', purpose: 'login' },
      'post /api/v1/recipient-lists/queue': { message: 'hello' },
      'post /api/v1/recipient-lists/preview': { message: 'hello' },
      'post /api/v1/relay/device/messages/{id}/ack': { attempt: 1 },
      'post /api/v1/relay/device/messages/{id}/report': { attempt: 1, status: 'sent' },
      'post /api/v1/payment-intents/{id}/review/reject': { reason: 'not this one' },
      'post /api/v1/payment-intents/{id}/cancel': {},
      'post /api/v1/payment-intents': { amount: 5, currency: 'USD', title: 'Isolation', customer_name: 'A', customer_email: 'a@example.com' },
      'post /api/v1/customers/{id}': { name: 'Renamed' },
      'post /api/v1/webhook-endpoints/{id}/recover': { since: new Date(Date.now() - 3600_000).toISOString() },
      'post /api/v1/products/{id}': { name: 'Renamed' },
      'post /api/v1/prices': { unit_amount: 5, currency: 'USD', recurring: { interval: 'month' } },
      'post /api/v1/prices/{id}': { nickname: 'Renamed' },
      'post /api/v1/subscriptions': { items: [{ price: a.ids.price }] },
      'post /api/v1/subscriptions/{id}': { quantity: 2 },
      'post /api/v1/subscriptions/{id}/cancel': {},
    };
    const isIdParam = (name: string) => /(^|_)ids?$/.test(name) || name in paramKinds || name === 'starting_after' || name === 'ending_before' || anyObjectParams.has(name);

    const unmatched: string[] = [];
    const tried: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, any>>(spec.paths)) {
      // Hosted pages are capabilities by design: the unguessable id in the URL is the key (like a
      // Stripe Checkout or hosted invoice link), so anyone holding it may open them.
      if (path.startsWith('/checkout/') || path.startsWith('/invoices/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        // A server-sent events stream never ends, and takes no id: the device token alone picks it.
        if (operation.responses?.['200']?.content?.['text/event-stream']) continue;
        const security = JSON.stringify(operation.security ?? []);
        const credentials: Record<string, string> = security.includes('deviceToken')
          ? { authorization: `Bearer ${a.deviceToken}` }
          : security.includes('apiKey')
            ? { authorization: `Bearer ${a.account.key}` }
            : {};
        const parameters: Array<{ name: string; in: string; required?: boolean }> = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const segments = path.split('/').filter(Boolean);
        const listKind = segmentKinds[segments[segments.length - 1]!];
        const idParams = [
          ...parameters.filter((parameter) => parameter.in === 'path' || (parameter.in === 'query' && isIdParam(parameter.name))),
          ...Object.keys(bodySchema?.properties ?? {})
            .filter(isIdParam)
            .map((name) => ({ name, in: 'body', required: (bodySchema.required ?? []).includes(name) })),
        ];
        const kindOf = (parameter: { name: string; in: string }): Kind | 'any' | undefined => {
          const ofOperation = operationParamKinds[`${method} ${path}`]?.[parameter.name];
          if (ofOperation) return ofOperation;
          if (parameter.in === 'path') return segmentKinds[segments[segments.indexOf(`{${parameter.name}}`) - 1] ?? ''];
          if (parameter.name === 'starting_after' || parameter.name === 'ending_before') return listKind;
          if (anyObjectParams.has(parameter.name)) return 'any';
          return paramKinds[parameter.name];
        };
        // Relay paths also answer under /api/api/…: same operation, same body.
        const bodyKey = `${method} ${path.replace(/^\/api\/api\//, '/api/')}`;

        const call = async (values: Record<string, string>) => {
          let url = path;
          // A long-poll answers at once instead of holding the request.
          const query = new URLSearchParams(parameters.some((parameter) => parameter.name === 'wait') ? { wait: '0' } : {});
          const body: Record<string, unknown> = { ...(validBodies[bodyKey] ?? {}) };
          for (const parameter of idParams) {
            const value = values[parameter.name];
            if (value === undefined) continue;
            if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
            else if (parameter.in === 'query') query.set(parameter.name, value);
            else body[parameter.name] = value;
          }
          const target = query.size > 0 ? `${url}?${query}` : url;
          const response = await fetch(`${app.baseUrl}${target}`, {
            method: method.toUpperCase(),
            headers: { ...credentials, ...(bodySchema ? { 'content-type': 'application/json' } : {}) },
            body: bodySchema ? JSON.stringify(body) : undefined,
          });
          const text = await response.text();
          let parsed: any = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          return { status: response.status, body: parsed, text };
        };

        if (idParams.length === 0) {
          // No id to aim at B, but lists and summaries must still show A's objects only.
          if (method === 'get' && !path.includes('{')) {
            const answer = await call({});
            expectNothingOfB(answer.text, [], `GET ${path}`);
          }
          continue;
        }
        for (const parameter of idParams) {
          const kind = kindOf(parameter);
          if (!kind) {
            unmatched.push(`${method.toUpperCase()} ${path} ${parameter.in} parameter ${parameter.name}`);
            continue;
          }
          // The other id parameters: A's own where required, left out where optional.
          const others: Record<string, string> = {};
          for (const other of idParams) {
            if (other === parameter || (!other.required && other.in !== 'path')) continue;
            const otherKind = kindOf(other);
            if (otherKind && otherKind !== 'any') others[other.name] = a.ids[otherKind];
          }
          const targets: Array<[string, string]> =
            kind === 'any' ? kinds.map((each) => [b.ids[each], unknownId(each)]) : [[b.ids[kind], unknownId(kind)]];
          for (const [theirs, nobodys] of targets) {
            const what = `${method.toUpperCase()} ${path} with B's ${kind === 'any' ? 'object' : kind} as ${parameter.name}`;
            const onB = await call({ ...others, [parameter.name]: theirs });
            const onNothing = await call({ ...others, [parameter.name]: nobodys });
            tried.push(what);
            expect(onNothing.status, `${what}: an unknown id must not fail elsewhere first (${onNothing.text})`).not.toBe(400);
            expect(onNothing.status, `${what}: ${onNothing.text}`).toBeLessThan(500);
            expect(gist(onB.status, onB.body), what).toEqual(gist(onNothing.status, onNothing.body));
            expectNothingOfB(onB.text, [theirs], what);
          }
        }
      }
    }
    expect(unmatched, 'id parameters this suite cannot match to a kind of object: teach it (segmentKinds, paramKinds)').toEqual([]);
    expect(tried.length).toBeGreaterThan(20);
  });
});

// --- GraphQL ---

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface Field {
  name: string;
  args: Array<{ name: string; type: TypeRef }>;
  type: TypeRef;
}
interface SchemaType {
  kind: string;
  name: string;
  fields: Field[] | null;
  inputFields: Array<{ name: string; type: TypeRef }> | null;
  enumValues: Array<{ name: string }> | null;
}

const typeRef = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const introspection = `{ __schema {
  queryType { name } mutationType { name } subscriptionType { name }
  types { kind name enumValues { name } fields { name args { name type { ${typeRef} } } type { ${typeRef} } } inputFields { name type { ${typeRef} } } }
} }`;

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);
const printType = (type: TypeRef): string =>
  type.kind === 'NON_NULL' ? `${printType(type.ofType!)}!` : type.kind === 'LIST' ? `[${printType(type.ofType!)}]` : type.name!;
const isList = (type: TypeRef): boolean => type.kind === 'LIST' || (type.kind === 'NON_NULL' && isList(type.ofType!));

/** Id arguments named for what they name. */
const argKinds: Record<string, Kind> = {
  listId: 'recipientList',
  recipientIds: 'recipient',
  deliveryId: 'webhookDelivery',
  endpointId: 'webhookEndpoint',
  requestId: 'message',
  paymentIntentId: 'paymentIntent',
  paymentIntent: 'paymentIntent',
  eventId: 'event',
  deviceId: 'device',
  apiKeyId: 'apiKey',
  batchId: 'messageBatch',
  customer: 'customer',
  paymentMethod: 'paymentMethod',
  defaultPaymentMethod: 'paymentMethod',
  customerId: 'customer',
  product: 'product',
  productId: 'product',
  priceId: 'price',
};
/** A bare `id` argument names what its field is about (first match wins: lists before recipients). */
const fieldKinds: Array<[RegExp, Kind]> = [
  [/paymentIntent|PaymentReview/i, 'paymentIntent'],
  [/^refund$/, 'refund'],
  [/Dispute/i, 'dispute'],
  [/KycReview/i, 'kycReview'],
  [/ApiKey/i, 'apiKey'],
  [/RecipientList/i, 'recipientList'],
  [/Recipient/i, 'recipient'],
  [/WebhookEndpoint/i, 'webhookEndpoint'],
  [/WebhookDelivery/i, 'webhookDelivery'],
  [/Device/i, 'device'],
  [/Invoice/i, 'invoice'],
  [/CardSession/i, 'cardSession'],
  [/^event$/, 'event'],
  [/^apiRequest$/, 'apiRequest'],
  [/PaymentMethod/i, 'paymentMethod'],
  [/Subscription/i, 'subscription'],
  [/Customer/i, 'customer'],
  [/Product/i, 'product'],
  [/Price/i, 'price'],
];
/** Arguments that need a meaningful value for the call to get as far as the id check. */
const argValues: Record<string, unknown> = {
  'updateDevice.input': { name: 'Renamed' },
  'submitDisputeEvidence.evidence': { uncategorizedText: 'winning_evidence' },
  'updateRecipient.input': { name: 'Renamed' },
  'updateRecipientList.input': { name: 'Renamed' },
  'updateWebhookEndpoint.input': { description: 'Renamed' },
  'updateCustomer.input': { name: 'Renamed' },
  'updateProduct.input': { name: 'Renamed' },
  'updatePrice.input': { nickname: 'Renamed' },
  'createPrice.input': { unitAmount: 5, currency: 'USD', recurring: { interval: 'MONTH' } },
  'updateSubscription.input': { quantity: 2 },
  'createPaymentIntent.input': { amount: 5, currency: 'USD', title: 'Isolation', customerName: 'A', customerEmail: 'a@example.com' },
  'importRecipients.csv': 'name,phone\nNew person,+14155550199',
  'recoverWebhookEndpoint.since': new Date(Date.now() - 3600_000).toISOString(),
  'queueRecipientList.input': { listId: 'x', message: 'hello' },
  'recipientListSendPreview.input': { listId: 'x', message: 'hello' },
};

/** How A talks GraphQL: an API key, or a panel session (cookie + CSRF token). */
interface Transport {
  name: string;
  headers: Record<string, string>;
}

async function panelSession(tenant: Tenant): Promise<Transport> {
  const email = `${tenant.label}@tenants.example`;
  await createPanelUser(app.rt.db.prisma, tenant.account.id, email, 'correct horse battery');
  const cookies = new Map<string, string>();
  const visit = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [name, value] = header.split(';')[0]!.split('=');
      cookies.set(name!, value!);
    }
    return response;
  };
  const form = await (await visit('/panel/sign-in')).text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(form)![1]!;
  const signedIn = await visit('/panel/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf_token: csrf, email, password: 'correct horse battery' }).toString(),
  });
  expect(signedIn.status).toBe(303);
  const page = await (await visit('/panel/keys')).text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page)![1]!;
  return {
    name: 'panel session',
    headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'x-csrf-token': token },
  };
}

interface IdCall {
  root: 'query' | 'mutation' | 'subscription';
  field: Field;
  /** Path of the id under test: [arg] or [arg, inputField]. */
  path: string[];
  kind: Kind;
  list: boolean;
}

async function graphqlSurface() {
  const { __schema: schema } = await gql(a.account.key, introspection);
  const types = new Map<string, SchemaType>(schema.types.map((type: SchemaType) => [type.name, type]));
  const calls: IdCall[] = [];
  const unmatched: string[] = [];
  const roots = [
    ['query', schema.queryType?.name],
    ['mutation', schema.mutationType?.name],
    ['subscription', schema.subscriptionType?.name],
  ] as const;
  for (const [root, typeName] of roots) {
    for (const field of types.get(typeName!)?.fields ?? []) {
      const kindFor = (name: string): Kind | undefined =>
        name === 'id' ? fieldKinds.find(([pattern]) => pattern.test(field.name))?.[1] : argKinds[name];
      for (const arg of field.args) {
        const target = named(arg.type);
        const found: Array<{ path: string[]; type: TypeRef }> = [];
        if (target.name === 'ID') found.push({ path: [arg.name], type: arg.type });
        if (target.kind === 'INPUT_OBJECT') {
          for (const inner of types.get(target.name!)!.inputFields ?? []) {
            if (named(inner.type).name === 'ID') found.push({ path: [arg.name, inner.name], type: inner.type });
          }
        }
        for (const { path, type } of found) {
          const kind = kindFor(path[path.length - 1]!);
          if (!kind) unmatched.push(`${root} ${field.name}(${path.join('.')})`);
          else calls.push({ root, field, path, kind, list: isList(type) });
        }
      }
    }
  }
  return { types, calls, unmatched };
}

/** A value for a required argument that is not under test. */
function sample(types: Map<string, SchemaType>, type: TypeRef): unknown {
  const target = named(type);
  let value: unknown;
  if (target.kind === 'ENUM') value = types.get(target.name!)!.enumValues![0]!.name;
  else if (target.kind === 'INPUT_OBJECT') {
    const object: Record<string, unknown> = {};
    for (const inner of types.get(target.name!)!.inputFields ?? []) {
      if (inner.type.kind === 'NON_NULL') object[inner.name] = sample(types, inner.type);
    }
    value = object;
  } else value = { Int: 1, Float: 1, Boolean: true, String: 'x', DateTime: new Date().toISOString() }[target.name!] ?? 'x';
  return isList(type) ? [value] : value;
}

/** What to select of a result: enough to see whose objects came back. */
function selection(types: Map<string, SchemaType>, type: TypeRef, depth = 0): string {
  const target = types.get(named(type).name!)!;
  if (target.kind !== 'OBJECT') return '';
  const parts = ['__typename'];
  const fields = target.fields ?? [];
  if (fields.some((field) => field.name === 'id' && field.args.length === 0)) parts.push('id');
  const edges = fields.find((field) => field.name === 'edges');
  if (edges && depth === 0) parts.push(`edges ${selection(types, edges.type, 1)}`);
  const node = fields.find((field) => field.name === 'node');
  if (node && depth === 1) parts.push(`node ${selection(types, node.type, 2)}`);
  return `{ ${parts.join(' ')} }`;
}

function operation(types: Map<string, SchemaType>, call: IdCall, value: string) {
  const variables: Record<string, unknown> = {};
  const declarations: string[] = [];
  const args: string[] = [];
  for (const arg of call.field.args) {
    let given: unknown;
    if (arg.name === call.path[0]) {
      if (call.path.length === 1) given = call.list ? [value] : value;
      else {
        const object = (argValues[`${call.field.name}.${arg.name}`] as Record<string, unknown>) ?? (sample(types, arg.type) as Record<string, unknown>);
        given = { ...object, [call.path[1]!]: call.list ? [value] : value };
      }
    } else if (arg.type.kind === 'NON_NULL') {
      const kind = named(arg.type).name === 'ID' ? argKinds[arg.name] : undefined;
      given = kind ? (isList(arg.type) ? [a.ids[kind]] : a.ids[kind]) : (argValues[`${call.field.name}.${arg.name}`] ?? sample(types, arg.type));
    } else continue;
    variables[arg.name] = given;
    declarations.push(`$${arg.name}: ${printType(arg.type)}`);
    args.push(`${arg.name}: $${arg.name}`);
  }
  const query = `${call.root} Isolation(${declarations.join(', ')}) { ${call.field.name}(${args.join(', ')}) ${selection(types, call.field.type)} }`;
  return { query, variables };
}

type GqlAnswer = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

function gqlGist(answer: GqlAnswer) {
  return {
    errors: answer.errors?.map((error) => [error.extensions?.code, error.extensions?.param]),
    data: answer.data,
  };
}

async function overHttp(transport: Transport, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...transport.headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return { answer: JSON.parse(text) as GqlAnswer, text };
}

/** The first thing a subscription says (a result, or its error), over graphql-ws with A's key. */
async function firstWord(query: string, variables: Record<string, unknown>) {
  const client = createClient({
    url: app.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${a.account.key}` },
    retryAttempts: 0,
    lazy: true,
  });
  try {
    const answer = await new Promise<GqlAnswer>((resolve, reject) => {
      // A deadline for a failure message, not a wait standing in for an event: a subscription with
      // another account's id must answer at once (every one of them yields its current state first).
      const deadline = setTimeout(() => reject(new Error(`no answer within 10 s: ${query}`)), 10_000);
      client.subscribe(
        { query, variables },
        {
          next: (value) => {
            clearTimeout(deadline);
            resolve(value as GqlAnswer);
          },
          error: (error) => {
            clearTimeout(deadline);
            resolve({ errors: Array.isArray(error) ? error : [{ message: String(error) }] });
          },
          complete: () => {
            clearTimeout(deadline);
            resolve({ errors: [{ message: 'completed without a word' }] });
          },
        },
      );
    });
    return { answer, text: JSON.stringify(answer) };
  } finally {
    await client.dispose();
  }
}

describe('GraphQL, from introspection', () => {
  it('every field, mutation and subscription with an id argument has a kind of object this suite knows', async () => {
    const { calls, unmatched } = await graphqlSurface();
    expect(unmatched, 'id arguments this suite cannot match to a kind of object: teach it (argKinds, fieldKinds)').toEqual([]);
    expect(calls.filter((call) => call.root === 'subscription').length).toBeGreaterThan(2);
  });

  async function sweep(transport: Transport, roots: Array<IdCall['root']>, atLeast: number) {
    const { types, calls } = await graphqlSurface();
    let tried = 0;
    for (const call of calls.filter((each) => roots.includes(each.root))) {
      const what = `${transport.name}: ${call.root} ${call.field.name}(${call.path.join('.')}) with B's ${call.kind}`;
      const theirs = b.ids[call.kind];
      const run = (value: string) => {
        const { query, variables } = operation(types, call, value);
        return call.root === 'subscription' ? firstWord(query, variables) : overHttp(transport, query, variables);
      };
      const onB = await run(theirs);
      const onNothing = await run(unknownId(call.kind));
      tried += 1;
      // The call got as far as looking the id up: no validation error, no internal error.
      for (const error of onNothing.answer.errors ?? []) {
        expect(error.extensions?.code, `${what}: ${onNothing.text}`).toBeDefined();
        expect(['invalid_request', 'internal_error'], `${what}: ${onNothing.text}`).not.toContain(error.extensions?.code);
      }
      expect(gqlGist(onB.answer), what).toEqual(gqlGist(onNothing.answer));
      expectNothingOfB(onB.text, [theirs], what);
    }
    expect(tried).toBeGreaterThanOrEqual(atLeast);
  }

  it("A's API key: queries and mutations", () => sweep({ name: 'API key', headers: { authorization: `Bearer ${a.account.key}` } }, ['query', 'mutation'], 30));

  it("A's API key: subscriptions", () => sweep({ name: 'API key', headers: {} }, ['subscription'], 4));

  it("A's panel session: queries and mutations", async () => sweep(await panelSession(a), ['query', 'mutation'], 30));
});

describe('GraphQL lists and limits', () => {
  it("refuses B's cursors on A's lists as cursors of no list, showing nothing of B", async () => {
    const { __schema: schema } = await gql(a.account.key, introspection);
    const query = schema.types.find((type: SchemaType) => type.name === schema.queryType.name) as SchemaType;
    const lists = query.fields!.filter((field) => field.args.some((arg) => arg.name === 'after') && field.args.every((arg) => arg.type.kind !== 'NON_NULL'));
    expect(lists.length).toBeGreaterThan(8);
    let tried = 0;
    for (const list of lists) {
      const page = `query Page($after: String) { ${list.name}(first: 1, after: $after) { edges { cursor } } }`;
      const theirs = (await gql(b.account.key, page))[list.name].edges[0]?.cursor as string | undefined;
      if (!theirs) continue;
      const answer = await overHttp({ name: 'API key', headers: { authorization: `Bearer ${a.account.key}` } }, page, { after: theirs });
      expect(answer.answer.errors?.[0]?.extensions, `${list.name} with B's cursor`).toMatchObject({ code: 'invalid_request', param: 'after' });
      expectNothingOfB(answer.text, [], `${list.name} with B's cursor`);
      tried += 1;
    }
    expect(tried).toBeGreaterThan(8);
  });

  it("A's flood of oversized queries leaves B's requests answered", async () => {
    const flood = `{ ${Array.from({ length: 4000 }, (_, i) => `a${i}: paymentIntents(first: 100) { edges { node { id amount } } }`).join(' ')} }`;
    const floods = Array.from({ length: 6 }, () => overHttp({ name: 'API key', headers: { authorization: `Bearer ${a.account.key}` } }, flood, {}));
    const theirs = await rest(b.account.key, 'GET', '/api/v1/payment-intents?limit=100');
    expect(theirs.status).toBe(200);
    for (const { answer } of await Promise.all(floods)) expect(answer.errors?.[0]?.extensions?.code).toBe('query_too_complex');
  });
});

describe('afterwards', () => {
  it("B's rows are exactly as they were, and B's key still works", async () => {
    const after = await snapshot(b.account.id);
    // B's request log grows with B's own requests made meanwhile (B's key, above): its earlier rows stay as they were.
    const logged = before.tables.api_requests ?? [];
    const bKey = JSON.parse(logged[0]!).api_key_id;
    for (const row of (after.tables.api_requests ?? []).filter((entry) => !logged.includes(entry))) {
      expect(JSON.parse(row).api_key_id, "a row in B's request log made by a key not B's").toBe(bKey);
    }
    after.tables.api_requests = (after.tables.api_requests ?? []).filter((entry) => logged.includes(entry));
    // B's key marks its own use (last_used_at, at most once a minute): a slow run outlasts the minute.
    const withoutLastUse = (rows: string[] = []) => rows.map((row) => JSON.stringify({ ...JSON.parse(row), last_used_at: null }));
    before.tables.api_keys = withoutLastUse(before.tables.api_keys);
    after.tables.api_keys = withoutLastUse(after.tables.api_keys);
    for (const [table, rows] of Object.entries(before.tables)) expect(after.tables[table], table).toEqual(rows);
    expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
    const account = await rest(b.account.key, 'GET', '/api/v1/account');
    expect(account.status).toBe(200);
  });
});
