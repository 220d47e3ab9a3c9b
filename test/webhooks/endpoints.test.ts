import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import {
  Attempts,
  CreateEndpoint,
  DeleteEndpoint,
  Deliveries,
  DeliveryUpdates,
  Endpoint,
  Endpoints,
  EventTypes,
  Events,
  Redeliver,
  RevealSecret,
  RotateSecret,
  SendTest,
  UpdateEndpoint,
} from './operations.ts';

// No worker runs here: deliveries stay pending, which is what these tests look at.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

const url = 'http://127.0.0.1:9/hooks';

describe('webhook endpoints over GraphQL', () => {
  it('creates an endpoint with a whsec_ secret shown once and stored encrypted', async () => {
    const account = await app.account();
    const created = await createEndpoint(app, account.key, { url, description: 'Orders' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({ url, description: 'Orders', eventTypes: [], enabled: true, disabledAt: null });
    expect(created.endpoint.id).toMatch(/^we_/);

    const row = await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: created.endpoint.id } });
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));
    const revealed = await execute(app.baseUrl, account.key, RevealSecret, { id: created.endpoint.id });
    expect(revealed.data!.revealWebhookEndpointSecret).toEqual({ secret: created.secret, previousSecretExpiresAt: null });
  });

  it('rejects bad input naming the param, and creates nothing', async () => {
    const account = await app.account();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/hook' }, 'input.url'],
      [{ url: 'not a url' }, 'input.url'],
      [{ url: 'https://user:pass@example.com/hook' }, 'input.url'],
      [{ url: `https://example.com/${'a'.repeat(2100)}` }, 'input.url'],
      [{ url, eventTypes: ['payment_intent.exploded'] }, 'input.eventTypes[0]'],
      [{ url, description: 'x'.repeat(501) }, 'input.description'],
    ];
    for (const [input, param] of cases) {
      const result = await execute(app.baseUrl, account.key, CreateEndpoint, { input: input as { url: string } });
      expect(result.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ code: 'invalid_request', param });
    }
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('needs the webhooks.manage scope', async () => {
    const account = await app.account({ scopes: ['payments.read'] });
    const result = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url } });
    expect(result.errors?.[0]?.extensions).toEqual({ code: 'forbidden', param: 'webhooks.manage' });
    const list = await app.request('GET', '/api/v1/webhook-endpoints', { key: account.key });
    expect(list.status).toBe(403);
  });

  it("never shows or changes another account's endpoints", async () => {
    const owner = await app.account();
    const stranger = await app.account();
    const { endpoint } = await createEndpoint(app, owner.key, { url });
    const { deliveries } = await emitEvent(app, owner.id);
    const attempts = [
      await execute(app.baseUrl, stranger.key, Endpoint, { id: endpoint.id }),
      await execute(app.baseUrl, stranger.key, UpdateEndpoint, { id: endpoint.id, input: { enabled: false } }),
      await execute(app.baseUrl, stranger.key, RotateSecret, { id: endpoint.id }),
      await execute(app.baseUrl, stranger.key, RevealSecret, { id: endpoint.id }),
      await execute(app.baseUrl, stranger.key, DeleteEndpoint, { id: endpoint.id }),
      await execute(app.baseUrl, stranger.key, SendTest, { endpointId: endpoint.id }),
      await execute(app.baseUrl, stranger.key, Attempts, { deliveryId: deliveries[0]!.id }),
      await execute(app.baseUrl, stranger.key, Redeliver, { deliveryId: deliveries[0]!.id }),
      await execute(app.baseUrl, owner.key, Redeliver, { deliveryId: '99999999999999999999' }),
      await execute(app.baseUrl, owner.key, Redeliver, { deliveryId: '9223372036854775808' }),
      await execute(app.baseUrl, owner.key, Redeliver, { deliveryId: '-1' }),
    ];
    for (const result of attempts) expect(result.errors?.[0]?.extensions?.code).toBe('not_found');
    const list = await execute(app.baseUrl, stranger.key, Endpoints, { first: 10 });
    expect(list.data!.webhookEndpoints.edges).toEqual([]);
    const theirDeliveries = await execute(app.baseUrl, stranger.key, Deliveries, { filter: { endpointId: endpoint.id } });
    expect(theirDeliveries.data!.webhookDeliveries.edges).toEqual([]);
    expect((await app.request('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: stranger.key })).status).toBe(404);
    // Still there, unchanged.
    const mine = await execute(app.baseUrl, owner.key, Endpoint, { id: endpoint.id });
    expect(mine.data!.webhookEndpoint).toMatchObject({ enabled: true });
  });

  it('fans an event out to the enabled endpoints that subscribe to it, each with its own delivery number', async () => {
    const account = await app.account();
    const all = await createEndpoint(app, account.key, { url: `${url}/all` });
    const invoices = await createEndpoint(app, account.key, { url: `${url}/invoices`, eventTypes: ['invoice.paid', 'invoice.voided'] });
    const off = await createEndpoint(app, account.key, { url: `${url}/off`, enabled: false });
    expect(off.endpoint).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });

    const payment = await emitEvent(app, account.id, 'payment_intent.succeeded');
    expect(payment.deliveries.map((delivery) => delivery.endpointId)).toEqual([all.endpoint.id]);
    const invoice = await emitEvent(app, account.id, 'invoice.paid');
    expect(invoice.deliveries.map((delivery) => delivery.endpointId).sort()).toEqual([all.endpoint.id, invoices.endpoint.id].sort());
    const numbers = [...payment.deliveries, ...invoice.deliveries].map((delivery) => BigInt(delivery.id));
    expect(new Set(numbers).size).toBe(3);
    // Each delivery's first job was enqueued in the event's own transaction.
    const jobs = await app.rt.db.prisma.$queryRaw<Array<{ id: string }>>`
      SELECT id::text FROM pgboss.job WHERE name = 'webhook_deliver' AND data->>'deliveryId' = ANY(${numbers.map(String)})`;
    expect(jobs).toHaveLength(3);

    const filtered = await execute(app.baseUrl, account.key, Deliveries, { filter: { endpointId: invoices.endpoint.id, status: 'PENDING' } });
    expect(filtered.data!.webhookDeliveries.edges.map((edge) => edge.node.event.type)).toEqual(['invoice.paid']);
    const byType = await execute(app.baseUrl, account.key, Deliveries, { filter: { eventType: 'payment_intent.succeeded' } });
    expect(byType.data!.webhookDeliveries.edges.map((edge) => edge.node.endpoint.id)).toEqual([all.endpoint.id]);
    const none = await execute(app.baseUrl, account.key, Deliveries, { filter: { status: 'SUCCEEDED' } });
    expect(none.data!.webhookDeliveries.edges).toEqual([]);

    // An event recorded in a transaction that rolls back leaves no delivery and no job.
    await expect(
      app.rt.db.prisma.$transaction(async (tx) => {
        const { recordEvent } = await import('../../src/webhooks/events.ts');
        await recordEvent(app.rt, tx, { accountId: account.id, type: 'invoice.voided', objectType: 'invoice', objectPublicId: 'in_x', data: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await app.rt.db.prisma.webhookDelivery.count({ where: { accountId: account.id } })).toBe(3);
  });

  it('updates, disables and re-enables an endpoint', async () => {
    const account = await app.account();
    const { endpoint } = await createEndpoint(app, account.key, { url });
    const updated = await execute(app.baseUrl, account.key, UpdateEndpoint, {
      id: endpoint.id,
      input: { url: `${url}/v2`, description: 'v2', eventTypes: ['invoice.paid'] },
    });
    expect(updated.data!.updateWebhookEndpoint).toMatchObject({ url: `${url}/v2`, description: 'v2', eventTypes: ['invoice.paid'], enabled: true });

    const disabled = await execute(app.baseUrl, account.key, UpdateEndpoint, { id: endpoint.id, input: { enabled: false } });
    expect(disabled.data!.updateWebhookEndpoint).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
    expect((await emitEvent(app, account.id, 'invoice.paid')).deliveries).toEqual([]);
    const test = await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id });
    expect(test.errors?.[0]?.extensions?.code).toBe('invalid_state');

    await app.rt.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date() } });
    const enabled = await execute(app.baseUrl, account.key, UpdateEndpoint, { id: endpoint.id, input: { enabled: true } });
    expect(enabled.data!.updateWebhookEndpoint).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
    expect((await emitEvent(app, account.id, 'invoice.paid')).deliveries).toHaveLength(1);

    const invalid = await execute(app.baseUrl, account.key, UpdateEndpoint, { id: endpoint.id, input: { url: 'javascript:alert(1)' } });
    expect(invalid.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.url' });
  });

  it('rotates the secret, keeping the old one for 24 hours', async () => {
    const account = await app.account();
    const { endpoint, secret } = await createEndpoint(app, account.key, { url });
    const rotated = (await execute(app.baseUrl, account.key, RotateSecret, { id: endpoint.id })).data!.rotateWebhookEndpointSecret;
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    const revealed = (await execute(app.baseUrl, account.key, RevealSecret, { id: endpoint.id })).data!.revealWebhookEndpointSecret;
    expect(revealed).toEqual({ secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt });
  });

  it('deletes an endpoint with its deliveries', async () => {
    const account = await app.account();
    const { endpoint } = await createEndpoint(app, account.key, { url });
    const sent = await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id });
    expect(sent.data!.sendTestWebhook.delivery.status).toBe('PENDING');
    const deleted = await execute(app.baseUrl, account.key, DeleteEndpoint, { id: endpoint.id });
    expect(deleted.data!.deleteWebhookEndpoint).toEqual({ id: endpoint.id, deleted: true });
    expect(await app.rt.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await execute(app.baseUrl, account.key, Endpoint, { id: endpoint.id })).errors?.[0]?.extensions?.code).toBe('not_found');
  });

  it('lists endpoints, events and event types', async () => {
    const account = await app.account();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createEndpoint(app, account.key, { url: `${url}/${i}` })).endpoint.id);
    const page1 = (await execute(app.baseUrl, account.key, Endpoints, { first: 2 })).data!.webhookEndpoints;
    expect(page1.edges.map((edge) => edge.node.id)).toEqual([ids[2], ids[1]]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await execute(app.baseUrl, account.key, Endpoints, { first: 2, after: page1.pageInfo.endCursor })).data!.webhookEndpoints;
    expect(page2.edges.map((edge) => edge.node.id)).toEqual([ids[0]]);

    const { event } = await emitEvent(app, account.id, 'invoice.paid', { total: 5 });
    const events = (await execute(app.baseUrl, account.key, Events, { type: 'invoice.paid', first: 5 })).data!.events;
    expect(events.edges.map((edge) => edge.node)).toEqual([
      {
        id: event.id,
        type: 'invoice.paid',
        objectType: 'payment_intent',
        objectPublicId: 'pi_test_123',
        data: { total: 5 },
        payload: {
          id: event.id,
          event: 'invoice.paid',
          object_type: 'payment_intent',
          object_public_id: 'pi_test_123',
          merchant_id: account.id,
          data: { total: 5 },
          created_at: event.createdAt.toISOString(),
        },
      },
    ]);
    const types = (await execute(app.baseUrl, account.key, EventTypes)).data!.webhookEventTypes;
    expect(types).toEqual(expect.arrayContaining(['payment_intent.succeeded', 'endpoint.disabled', 'webhook.test', 'message.delivered']));
  });

  it('streams new deliveries of an endpoint to webhookDeliveryUpdated', async () => {
    const account = await app.account();
    const { endpoint } = await createEndpoint(app, account.key, { url });
    const other = await createEndpoint(app, account.key, { url: `${url}/other` });
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, DeliveryUpdates, { endpointId: endpoint.id });
    // The subscription goes live asynchronously: send test events until one is heard.
    const sent = new Set<string>();
    const first = live.next();
    let heard = false;
    void first.finally(() => (heard = true));
    while (!heard) {
      await execute(app.baseUrl, account.key, SendTest, { endpointId: other.endpoint.id });
      const result = await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id });
      sent.add(result.data!.sendTestWebhook.delivery.id);
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 250))]);
    }
    const update = (await first).data!.webhookDeliveryUpdated;
    expect(sent.has(update.deliveryId)).toBe(true);
    expect(update).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', status: 'PENDING', attemptCount: 0 });
    expect(update.delivery).toEqual({ id: update.deliveryId, status: 'PENDING' });
    live.dispose();
    await client.dispose();
  });
});

describe('webhook REST shims', () => {
  it('creates endpoints idempotently and lists them', async () => {
    const account = await app.account();
    const body = { url, description: 'REST', event_types: ['invoice.paid'] };
    const headers = { 'Idempotency-Key': 'endpoint-1' };
    const first = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body, headers });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      ok: true,
      secret: expect.stringMatching(/^whsec_/),
      webhook_endpoint: { object: 'webhook_endpoint', url, description: 'REST', event_types: ['invoice.paid'], enabled: true },
    });
    const replay = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // The secret was shown once: the replay has the endpoint but not its secret (reveal it instead).
    expect(replay.body).toEqual({ ...first.body, secret: null, secret_redacted: true });
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(1);

    const bad = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url, event_types: ['nope'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'event_types[0]' });

    const second = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: `${url}/2` } });
    const list = await app.request('GET', '/api/v1/webhook-endpoints?limit=1', { key: account.key });
    expect(list.body).toMatchObject({ object: 'list', has_more: true, url: '/api/v1/webhook-endpoints' });
    expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([second.body.webhook_endpoint.id]);
    const next = await app.request('GET', `/api/v1/webhook-endpoints?limit=1&starting_after=${second.body.webhook_endpoint.id}`, { key: account.key });
    expect(next.body.data.map((row: { id: string }) => row.id)).toEqual([first.body.webhook_endpoint.id]);
    expect(next.body.data[0].secret).toBeUndefined();

    const shown = await app.request('GET', `/api/v1/webhook-endpoints/${first.body.webhook_endpoint.id}`, { key: account.key });
    expect(shown.body.webhook_endpoint.id).toBe(first.body.webhook_endpoint.id);
    const removed = await app.request('DELETE', `/api/v1/webhook-endpoints/${first.body.webhook_endpoint.id}`, { key: account.key });
    expect(removed.body).toMatchObject({ ok: true, deleted: true });
    expect((await app.request('GET', `/api/v1/webhook-endpoints/${first.body.webhook_endpoint.id}`, { key: account.key })).status).toBe(404);
  });

  it('lists events newest first, filtered by type', async () => {
    const account = await app.account();
    const stranger = await app.account();
    const a = await emitEvent(app, account.id, 'invoice.paid');
    const b = await emitEvent(app, account.id, 'invoice.voided');
    const c = await emitEvent(app, account.id, 'invoice.paid');
    const all = await app.request('GET', '/api/v1/events', { key: account.key });
    expect(all.body.data.map((event: { id: string }) => event.id)).toEqual([c.event.id, b.event.id, a.event.id]);
    expect(all.body.data[0]).toMatchObject({ object: 'event', event: 'invoice.paid', merchant_id: account.id });
    const paid = await app.request('GET', '/api/v1/events?type=invoice.paid&limit=1', { key: account.key });
    expect(paid.body).toMatchObject({ has_more: true, data: [{ id: c.event.id }] });
    const one = await app.request('GET', `/api/v1/events/${b.event.id}`, { key: account.key });
    expect(one.body.event.id).toBe(b.event.id);
    expect((await app.request('GET', `/api/v1/events/${b.event.id}`, { key: stranger.key })).status).toBe(404);
    const foreignCursor = await app.request('GET', `/api/v1/events?starting_after=${b.event.id}`, { key: stranger.key });
    expect(foreignCursor.status).toBe(404);
    expect(foreignCursor.body.error.param).toBe('starting_after');
  });
});

// Issue 24, defect 5: the delivery log and endpoint management over REST, as over GraphQL.
describe('webhook delivery log and endpoint management over REST', () => {
  it('lists deliveries filtered by endpoint, event type, event and status, paged, and reads one to redeliver', async () => {
    const account = await app.account();
    const a = await createEndpoint(app, account.key, { url: 'http://127.0.0.1:9/a' });
    const b = await createEndpoint(app, account.key, { url: 'http://127.0.0.1:9/b', eventTypes: ['invoice.paid'] });
    const first = await emitEvent(app, account.id, 'payment_intent.succeeded');
    const second = await emitEvent(app, account.id, 'invoice.paid');
    const third = await emitEvent(app, account.id, 'payment_intent.succeeded');
    const list = (query: string) => app.request('GET', `/api/v1/webhook-deliveries${query}`, { key: account.key });

    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ object: 'list', has_more: false, url: '/api/v1/webhook-deliveries' });
    const ids = (body: { data: Array<{ id: string }> }) => body.data.map((delivery) => delivery.id);
    // Newest first: third (a), second (b, then a), first (a).
    const expected = [third, second, first].flatMap((emitted) => emitted.deliveries.map((delivery) => delivery.id).reverse());
    expect(ids(all.body)).toEqual(expected);
    expect(all.body.data[0]).toMatchObject({ object: 'webhook_delivery', endpoint_id: a.endpoint.id, event_id: third.event.id, status: 'pending', attempt_count: 0 });

    expect(ids((await list(`?endpoint_id=${b.endpoint.id}`)).body)).toEqual(second.deliveries.filter((d) => d.endpointId === b.endpoint.id).map((d) => d.id));
    expect(ids((await list('?event_type=invoice.paid')).body)).toEqual(second.deliveries.map((d) => d.id).reverse());
    expect(ids((await list(`?event_id=${first.event.id}`)).body)).toEqual(first.deliveries.map((d) => d.id));
    expect((await list('?status=succeeded')).body.data).toEqual([]);
    expect((await list('?status=pending')).body.data).toHaveLength(4);

    // Paged like every list.
    const page1 = await list('?limit=2');
    expect(page1.body).toMatchObject({ has_more: true });
    const page2 = await list(`?limit=2&starting_after=${page1.body.data[1].id}`);
    expect([...ids(page1.body), ...ids(page2.body)]).toEqual(expected);
    expect(page2.body.has_more).toBe(false);
    const back = await list(`?limit=2&ending_before=${page2.body.data[0].id}`);
    expect(ids(back.body)).toEqual(ids(page1.body));

    // Mistakes: a bad filter value is 400, a cursor that is no delivery of this account 404.
    for (const [query, status, param] of [
      ['?status=bogus', 400, 'status'],
      ['?event_type=nope', 400, 'event_type'],
      ['?starting_after=abc', 404, 'starting_after'],
      ['?ending_before=99999999', 404, 'ending_before'],
    ] as const) {
      const refused = await list(query);
      expect({ query, status: refused.status, param: refused.body.error?.param }).toEqual({ query, status, param });
    }
    const stranger = await app.account();
    expect((await app.request('GET', '/api/v1/webhook-deliveries', { key: stranger.key })).body.data).toEqual([]);
    expect((await app.request('GET', `/api/v1/webhook-deliveries?starting_after=${expected[0]}`, { key: stranger.key })).status).toBe(404);

    const one = await app.request('GET', `/api/v1/webhook-deliveries/${expected[0]}`, { key: account.key });
    expect(one.body.webhook_delivery).toEqual(all.body.data[0]);
    expect((await app.request('GET', `/api/v1/webhook-deliveries/${expected[0]}`, { key: stranger.key })).status).toBe(404);
    const redelivered = await app.request('POST', `/api/v1/webhook-deliveries/${expected[0]}/redeliver`, { key: account.key });
    expect(redelivered.body.webhook_delivery).toMatchObject({ id: expected[0], status: 'pending' });
  });

  it('updates, disables, enables, rotates and reveals an endpoint; another account sees none of it', async () => {
    const account = await app.account();
    const created = await createEndpoint(app, account.key, { url, description: 'Orders' });
    const id = created.endpoint.id;
    const call = (method: string, path: string, body?: unknown, key = account.key) => app.request(method, `/api/v1/webhook-endpoints/${id}${path}`, { key, body });

    const updated = await call('PATCH', '', { description: 'Fulfilment', event_types: ['invoice.paid'] });
    expect(updated.status).toBe(200);
    expect(updated.body.webhook_endpoint).toMatchObject({ id, url, description: 'Fulfilment', event_types: ['invoice.paid'], enabled: true });
    const badUpdate = await call('PATCH', '', { event_types: ['invoice.exploded'] });
    expect(badUpdate.body.error).toMatchObject({ code: 'invalid_request', param: 'event_types[0]' });
    expect((await call('PATCH', '', { colour: 'red' })).body.error).toMatchObject({ code: 'invalid_request', param: 'colour' });

    const disabled = await call('POST', '/disable');
    expect(disabled.body.webhook_endpoint).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect((await emitEvent(app, account.id, 'invoice.paid')).deliveries).toEqual([]);
    const enabled = await call('POST', '/enable');
    expect(enabled.body.webhook_endpoint).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null, failing_since: null });
    expect((await emitEvent(app, account.id, 'invoice.paid')).deliveries).toHaveLength(1);

    const revealed = await call('GET', '/secret');
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(revealed.body).toMatchObject({ secret: created.secret, previous_secret_expires_at: null, webhook_endpoint: { id } });
    const rotated = await call('POST', '/rotate-secret');
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const afterRotation = await call('GET', '/secret');
    expect(afterRotation.body).toMatchObject({ secret: rotated.body.secret, previous_secret_expires_at: rotated.body.previous_secret_expires_at });
    // The new secret signs from now on, the old one alongside it (GraphQL reads the same state).
    expect((await execute(app.baseUrl, account.key, RevealSecret, { id })).data!.revealWebhookEndpointSecret.secret).toBe(rotated.body.secret);

    const stranger = await app.account();
    for (const [method, path, body] of [['PATCH', '', { description: 'mine' }], ['POST', '/disable'], ['POST', '/enable'], ['POST', '/rotate-secret'], ['GET', '/secret']] as const) {
      const refused = await call(method, path, body, stranger.key);
      expect({ method, path, status: refused.status, code: refused.body.error?.code }).toEqual({ method, path, status: 404, code: 'not_found' });
    }
    const reader = await app.account({ scopes: ['payments.read'] });
    expect((await call('GET', '/secret', undefined, reader.key)).status).toBe(403);
    const row = await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.description).toBe('Fulfilment');
  });
});
