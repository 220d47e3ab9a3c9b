import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.ts';
import { encrypt } from '../../src/core/crypto.ts';
import { newId } from '../../src/core/ids.ts';
import { startTestApp, TEST_SECRET, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { emitEvent } from './helpers.ts';
import { CreateEndpoint, Delivery, UpdateEndpoint, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// Outside the sandbox, webhooks may only reach public addresses.
let app: TestApp;
let account: TestAccount;
let receiver: Receiver;
let client: Client;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { YARROW_ENV: 'live', WEBHOOK_RETRY_SCHEDULE: '' } });
  account = await app.account();
  client = wsClient(app.wsUrl, account.key);
});
afterAll(async () => {
  await client?.dispose();
  await app?.stop();
  await receiver?.close();
});

describe('webhook URLs outside the sandbox', () => {
  it('refuses loopback, private, link-local and unresolvable hosts', async () => {
    const refused = [
      receiver.url('/hook'),
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0x7f000001/hook',
      'http://0.0.0.0/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.9/hook',
      'https://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://no-such-host.invalid/hook',
    ];
    for (const url of refused) {
      const result = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url } });
      expect(result.errors?.[0]?.extensions, url).toEqual({ code: 'invalid_request', param: 'input.url' });
    }
    const rest = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: 'http://127.0.0.1:8080/hook' } });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({ code: 'invalid_request', param: 'url', message: expect.stringContaining('not a public address') });
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: account.id } })).toBe(0);
  });

  it('accepts a public address, and refuses changing it to a private one', async () => {
    const created = await execute(app.baseUrl, account.key, CreateEndpoint, { input: { url: 'https://93.184.215.14/hook' } });
    const endpoint = created.data!.createWebhookEndpoint.endpoint;
    const moved = await execute(app.baseUrl, account.key, UpdateEndpoint, { id: endpoint.id, input: { url: 'http://192.168.0.10/hook' } });
    expect(moved.errors?.[0]?.extensions).toEqual({ code: 'invalid_request', param: 'input.url' });
    const row = await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.url).toBe('https://93.184.215.14/hook');
    await app.rt.db.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
  });

  it('checks the address again at delivery time, after DNS resolution', async () => {
    // Endpoints saved while their address was public (or before the rules): the worker refuses them.
    const urls = [receiver.url('/literal'), receiver.url('/named').replace('127.0.0.1', 'localhost')];
    for (const url of urls) {
      await app.rt.db.prisma.webhookEndpoint.create({
        data: { id: newId('webhookEndpoint'), accountId: account.id, url, secretEncrypted: encrypt(TEST_SECRET, 'whsec_test') },
      });
    }
    await app.startWorkers(['webhooks']);
    const { deliveries } = await emitEvent(app, account.id);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect((await followDelivery(client, delivery.id)).at(-1)).toMatchObject({ status: 'FAILED', attemptCount: 1, lastStatusCode: null });
      const shown = (await execute(app.baseUrl, account.key, Delivery, { id: delivery.id })).data!.webhookDelivery;
      expect(shown.attempts).toHaveLength(1);
      expect(shown.attempts[0]).toMatchObject({ outcome: 'FAILED', httpStatus: null });
      expect(shown.attempts[0]!.error).toMatch(/^Refused: .*not a public address/);
    }
    expect(receiver.requests).toEqual([]);
  });

  it('allows private addresses in the sandbox, or when WEBHOOK_ALLOW_PRIVATE_URLS says so', () => {
    const base = { YARROW_SECRET: TEST_SECRET };
    expect(loadConfig({ ...base }).webhookAllowPrivateUrls).toBe(true);
    expect(loadConfig({ ...base, YARROW_ENV: 'live' }).webhookAllowPrivateUrls).toBe(false);
    expect(loadConfig({ ...base, YARROW_ENV: 'live', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).webhookAllowPrivateUrls).toBe(true);
    expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).webhookAllowPrivateUrls).toBe(false);
    expect(() => loadConfig({ ...base, WEBHOOK_RETRY_SCHEDULE: '30,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(loadConfig({ ...base }).WEBHOOK_RETRY_SCHEDULE).toEqual([30, 120, 600, 3600, 10800, 21600, 43200, 86400]);
  });
});
