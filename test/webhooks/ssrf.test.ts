import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.ts';
import { modules } from '../../src/modules.ts';
import { connectDatabase } from '../../src/core/db.ts';
import { encrypt } from '../../src/core/crypto.ts';
import { newId } from '../../src/webhooks/contract.ts';
import { signUp } from '../../src/panel/users.ts';
import { bootstrapSandbox } from '../../src/sandbox.ts';
import { addressProblem, metadataProblem, privateAddressProblem, privateWebhookUrlsAllowed } from '../../src/webhooks/url-safety.ts';
import { startTestApp, TEST_SECRET, type TestAccount, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { execute } from '../helpers/graphql.ts';
import { emitEvent } from './helpers.ts';
import { CreateEndpoint, Delivery, UpdateEndpoint, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// Webhooks reach public addresses only, unless the account may use private ones. The app runs in
// the sandbox, where anyone can sign up: being in the sandbox allows nothing by itself.
let app: TestApp;
let stranger: TestAccount;
let developer: TestAccount;
let receiver: Receiver;
let client: Client;

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '' } });
  stranger = await app.account({ privateWebhookUrls: false });
  developer = await app.account({ privateWebhookUrls: true });
  client = wsClient(app.wsUrl, stranger.key);
});
afterAll(async () => {
  await client?.dispose();
  await app?.stop();
  await receiver?.close();
});

// Every address form the SSRF review found accepted, every IPv4-embedding IPv6 form, every class.
const refusedAddresses: Array<[string, string]> = [
  // IPv6 forms that embed a private IPv4 address (the list first).
  ['::127.0.0.1', 'embeds 127.0.0.1 (IPv4-compatible), a loopback address'],
  ['::169.254.169.254', 'embeds 169.254.169.254 (IPv4-compatible), a link-local address'],
  ['64:ff9b::a9fe:a9fe', 'embeds 169.254.169.254 (NAT64), a link-local address'],
  ['64:ff9b::10.0.0.1', 'embeds 10.0.0.1 (NAT64), a private address'],
  ['2002:7f00:1::', 'embeds 127.0.0.1 (6to4), a loopback address'],
  ['2002:a9fe:a9fe::', 'embeds 169.254.169.254 (6to4), a link-local address'],
  ['::ffff:0:127.0.0.1', 'embeds 127.0.0.1 (IPv4-translated (SIIT)), a loopback address'],
  ['::ffff:127.0.0.1', 'embeds 127.0.0.1 (IPv4-mapped), a loopback address'],
  ['::ffff:a00:1', 'embeds 10.0.0.1 (IPv4-mapped), a private address'],
  ['64:ff9b:1::a00:1', 'embeds 10.0.0.1 (local-use NAT64), a private address'],
  ['64:ff9b:1::808:808', 'a local-use NAT64 address'],
  // Teredo: the client's IPv4 address is the last 32 bits inverted (~127.0.0.1 = 80ff:fffe).
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'embeds 127.0.0.1 (Teredo client), a loopback address'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'embeds 10.0.0.1 (Teredo server), a private address'],
  // IPv4 classes.
  ['127.0.0.1', 'a loopback address'],
  ['10.1.2.3', 'a private address'],
  ['172.16.0.9', 'a private address'],
  ['192.168.1.1', 'a private address'],
  ['169.254.169.254', 'a link-local address'],
  ['100.64.0.1', 'a carrier-grade NAT address'],
  ['0.0.0.0', 'the unspecified address'],
  ['0.1.2.3', 'a "this network" address'],
  ['224.0.0.1', 'a multicast address'],
  ['255.255.255.255', 'the broadcast address'],
  ['240.0.0.1', 'a reserved address'],
  ['192.0.0.8', 'a reserved address'],
  ['192.0.2.1', 'a documentation address'],
  ['198.51.100.7', 'a documentation address'],
  ['203.0.113.9', 'a documentation address'],
  ['198.18.0.1', 'a benchmarking address'],
  // IPv6 classes.
  ['::', 'the unspecified address'],
  ['::1', 'a loopback address'],
  ['fd00::1', 'a private (unique local) address'],
  ['fe80::1', 'a link-local address'],
  ['ff02::1', 'a multicast address'],
  ['2001:db8::1', 'a documentation address'],
  ['3fff::1', 'a documentation address'],
  ['2001:2::1', 'a benchmarking address'],
  ['100::1', 'a reserved address'],
  ['4000::1', 'a reserved address'],
];
const publicAddresses = [
  '93.184.215.14',
  '8.8.8.8',
  '2606:4700:4700::1111',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
];

describe('address classes', () => {
  it.each(refusedAddresses)('refuses %s: %s', (address, reason) => {
    expect(addressProblem(address)).toBe(`${address} is ${reason}`.replace(/ is embeds /, ' embeds '));
  });

  it.each(publicAddresses)('accepts %s', (address) => {
    expect(addressProblem(address)).toBeUndefined();
  });

  it('checks every address a name resolves to', async () => {
    expect(await privateAddressProblem(new URL('http://localhost/hook'))).toMatch(/^localhost resolves to (127\.0\.0\.1|::1): .* a loopback address$/);
    expect(await privateAddressProblem(new URL('http://no-such-host.invalid/hook'))).toBe('no-such-host.invalid does not resolve');
  });
});

describe('webhook URLs at registration', () => {
  const refusedUrls = [
    // The list, as URLs.
    'http://[::127.0.0.1]:4799/h',
    'http://[::169.254.169.254]/h',
    'http://[64:ff9b::a9fe:a9fe]/h',
    'http://[64:ff9b::10.0.0.1]/h',
    'http://[2002:7f00:1::]/h',
    'http://[2002:a9fe:a9fe::]/h',
    'http://[::ffff:0:127.0.0.1]/h',
    // Other spellings of loopback and the private network.
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0x7f000001/hook',
    'http://2130706433/hook',
    'http://127.1/hook',
    'http://0.0.0.0/hook',
    'http://10.1.2.3/hook',
    'https://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://localhost/hook',
    'http://no-such-host.invalid/hook',
  ];

  it('refuses every private form for an account without private URLs, over GraphQL and REST, and saves nothing', async () => {
    for (const url of refusedUrls) {
      const result = await execute(app.baseUrl, stranger.key, CreateEndpoint, { input: { url } });
      expect(result.errors?.[0]?.extensions, url).toEqual({ code: 'invalid_request', param: 'input.url' });
      expect(result.errors?.[0]?.message, url).toMatch(/only public addresses may receive webhooks/);
      const rest = await app.request('POST', '/api/v1/webhook-endpoints', { key: stranger.key, body: { url } });
      expect(rest.status, url).toBe(400);
      expect(rest.body.error, url).toMatchObject({ code: 'invalid_request', param: 'url' });
    }
    const embedded = await app.request('POST', '/api/v1/webhook-endpoints', { key: stranger.key, body: { url: 'http://[64:ff9b::a9fe:a9fe]/h' } });
    expect(embedded.body.error.message).toContain('embeds 169.254.169.254 (NAT64), a link-local address');
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: stranger.id } })).toBe(0);
  });

  it('accepts a public address, and refuses changing it to a private one', async () => {
    for (const url of ['https://93.184.215.14/hook', 'https://[2606:4700:4700::1111]/hook', 'https://[64:ff9b::808:808]/hook']) {
      const created = await execute(app.baseUrl, stranger.key, CreateEndpoint, { input: { url } });
      expect(created.errors, url).toBeUndefined();
    }
    const endpoint = (await app.rt.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { accountId: stranger.id, url: 'https://93.184.215.14/hook' } }));
    for (const url of ['http://192.168.0.10/hook', 'http://[2002:a9fe:a9fe::]/hook']) {
      const moved = await execute(app.baseUrl, stranger.key, UpdateEndpoint, { id: endpoint.id, input: { url } });
      expect(moved.errors?.[0]?.extensions, url).toEqual({ code: 'invalid_request', param: 'input.url' });
    }
    const row = await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.url).toBe('https://93.184.215.14/hook');
    await app.rt.db.prisma.webhookEndpoint.deleteMany({ where: { accountId: stranger.id } });
  });

  it('accepts private URLs for an account the operator allows them', async () => {
    const result = await execute(app.baseUrl, developer.key, CreateEndpoint, { input: { url: receiver.url('/allowed') } });
    expect(result.errors).toBeUndefined();
    await app.rt.db.prisma.webhookEndpoint.deleteMany({ where: { accountId: developer.id } });
  });
  it('refuses link-local and cloud metadata addresses even for an account allowed private URLs', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://169.254.170.2/v2/credentials', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://[::ffff:169.254.169.254]/', 'http://100.100.100.200/']) {
      const result = await execute(app.baseUrl, developer.key, CreateEndpoint, { input: { url } });
      expect(result.errors?.[0]?.extensions, url).toMatchObject({ code: 'invalid_request', param: 'input.url' });
      expect(result.errors?.[0]?.message).toMatch(/link-local or cloud metadata address/);
    }
    expect(metadataProblem('10.0.0.1')).toBeUndefined();
    expect(metadataProblem('127.0.0.1')).toBeUndefined();
    expect(await app.rt.db.prisma.webhookEndpoint.count({ where: { accountId: developer.id } })).toBe(0);
  });
});

describe('webhook URLs at delivery', () => {
  it('refuses at send time an endpoint whose host is or resolves to a private address: attempt recorded with the reason, no request', async () => {
    // Saved while its name resolved to a public address (or before these rules): the worker checks again.
    const urls = [receiver.url('/literal'), receiver.url('/named').replace('127.0.0.1', 'localhost'), 'http://[::127.0.0.1]:9/embedded'];
    for (const url of urls) {
      await app.rt.db.prisma.webhookEndpoint.create({
        data: { id: newId('webhookEndpoint'), accountId: stranger.id, url, secretEncrypted: encrypt(TEST_SECRET, 'whsec_test') },
      });
    }
    await app.startWorkers(['webhooks']);
    const { deliveries } = await emitEvent(app, stranger.id);
    expect(deliveries).toHaveLength(3);
    const errors: string[] = [];
    for (const delivery of deliveries) {
      expect((await followDelivery(client, delivery.id)).at(-1)).toMatchObject({ status: 'FAILED', attemptCount: 1, lastStatusCode: null });
      const shown = (await execute(app.baseUrl, stranger.key, Delivery, { id: delivery.id })).data!.webhookDelivery;
      expect(shown.attempts).toHaveLength(1);
      expect(shown.attempts[0]).toMatchObject({ outcome: 'FAILED', httpStatus: null, responseExcerpt: null });
      errors.push(shown.attempts[0]!.error!);
    }
    expect(errors.sort()).toEqual([
      'Refused: 127.0.0.1 is a loopback address.',
      'Refused: ::7f00:1 embeds 127.0.0.1 (IPv4-compatible), a loopback address.', // the URL's canonical spelling
      expect.stringMatching(/^Refused: localhost resolves to (127\.0\.0\.1|::1): .* a loopback address\.$/),
    ]);
    expect(receiver.requests).toEqual([]);
    await app.rt.db.prisma.webhookEndpoint.deleteMany({ where: { accountId: stranger.id } });
  });

  it('sends to a private address only for the account allowed it, never on a connection another account opened, and keeps no response body', async () => {
    receiver.on('/shared', () => ({ status: 200, body: 'internal secret page' }));
    const url = receiver.url('/shared').replace('127.0.0.1', 'localhost');
    // Both accounts name the same host and port: the allowed one's open connection must not serve the other.
    for (const accountId of [developer.id, stranger.id]) {
      await app.rt.db.prisma.webhookEndpoint.create({
        data: { id: newId('webhookEndpoint'), accountId, url, secretEncrypted: encrypt(TEST_SECRET, 'whsec_test') },
      });
    }
    const developerClient = wsClient(app.wsUrl, developer.key);
    const allowed = (await emitEvent(app, developer.id)).deliveries[0]!;
    expect((await followDelivery(developerClient, allowed.id)).at(-1)).toMatchObject({ status: 'SUCCEEDED', lastStatusCode: 200 });
    const refused = (await emitEvent(app, stranger.id)).deliveries[0]!;
    expect((await followDelivery(client, refused.id)).at(-1)).toMatchObject({ status: 'FAILED', lastStatusCode: null });
    await developerClient.dispose();

    const delivered = (await execute(app.baseUrl, developer.key, Delivery, { id: allowed.id })).data!.webhookDelivery;
    expect(delivered.attempts[0]).toMatchObject({ outcome: 'SUCCEEDED', httpStatus: 200, responseExcerpt: null, durationMs: expect.any(Number) });
    const failed = (await execute(app.baseUrl, stranger.key, Delivery, { id: refused.id })).data!.webhookDelivery;
    expect(failed.attempts[0]!.error).toMatch(/^Refused: localhost resolves to/);
    expect(receiver.received('/shared')).toHaveLength(1);

    // The operator takes the permission back: the next delivery to the same endpoint is refused.
    await app.rt.db.prisma.account.update({ where: { id: developer.id }, data: { allowPrivateWebhookUrls: false } });
    const later = (await emitEvent(app, developer.id)).deliveries[0]!;
    const developerClient2 = wsClient(app.wsUrl, developer.key);
    expect((await followDelivery(developerClient2, later.id)).at(-1)).toMatchObject({ status: 'FAILED', lastStatusCode: null });
    await developerClient2.dispose();
    expect(receiver.received('/shared')).toHaveLength(1);
  });

  it('refuses at send time a metadata address for an account allowed private URLs', async () => {
    await app.rt.db.prisma.account.update({ where: { id: developer.id }, data: { allowPrivateWebhookUrls: true } });
    await app.rt.db.prisma.webhookEndpoint.deleteMany({ where: { accountId: developer.id } });
    await app.rt.db.prisma.webhookEndpoint.create({
      data: { id: newId('webhookEndpoint'), accountId: developer.id, url: 'http://169.254.169.254/latest/meta-data/', secretEncrypted: encrypt(TEST_SECRET, 'whsec_test') },
    });
    const delivery = (await emitEvent(app, developer.id)).deliveries[0]!;
    const developerClient = wsClient(app.wsUrl, developer.key);
    expect((await followDelivery(developerClient, delivery.id)).at(-1)).toMatchObject({ status: 'FAILED', lastStatusCode: null });
    await developerClient.dispose();
    const shown = (await execute(app.baseUrl, developer.key, Delivery, { id: delivery.id })).data!.webhookDelivery;
    expect(shown.attempts[0]!.error).toBe('Refused: 169.254.169.254 is a link-local or cloud metadata address, which never receives webhooks.');
  });
});

describe('who may use private webhook URLs', () => {
  it('WEBHOOK_ALLOW_PRIVATE_URLS overrides every account when set, and leaves it to the account when unset', () => {
    const base = { YARROW_SECRET: TEST_SECRET };
    const unset = loadConfig(modules, { ...base });
    expect(unset.webhookAllowPrivateUrls).toBeUndefined();
    expect(privateWebhookUrlsAllowed(unset, false)).toBe(false);
    expect(privateWebhookUrlsAllowed(unset, true)).toBe(true);
    const on = loadConfig(modules, { ...base, YARROW_ENV: 'live', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    expect(privateWebhookUrlsAllowed(on, false)).toBe(true);
    const off = loadConfig(modules, { ...base, WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
    expect(privateWebhookUrlsAllowed(off, true)).toBe(false);
    expect(() => loadConfig(modules, { ...base, WEBHOOK_RETRY_SCHEDULE: '30,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(loadConfig(modules, { ...base }).WEBHOOK_RETRY_SCHEDULE).toEqual([30, 120, 600, 3600, 10800, 21600, 43200, 86400]);
  });

  it('the first-start sandbox account on its own embedded database may; one on a shared database and a sign-up may not', async () => {
    const embedded = await bootstrapSandbox({ config: { ...app.rt.config, DATABASE_URL: undefined }, db: app.rt.db, modules: app.rt.modules });
    expect(embedded.account.allowPrivateWebhookUrls).toBe(true);

    const sharedUrl = await createTestDatabase();
    const shared = connectDatabase(sharedUrl, { poolSize: 1 });
    try {
      const bootstrapped = await bootstrapSandbox({ config: { ...app.rt.config, DATABASE_URL: sharedUrl }, db: shared, modules: app.rt.modules });
      expect(bootstrapped.account.allowPrivateWebhookUrls).toBe(false);
    } finally {
      await shared.close();
    }

    const user = await signUp(app.rt.db.prisma, { email: 'stranger@example.com', password: 'a long enough password', accountName: 'Stranger' }, 'sandbox');
    const account = await app.rt.db.prisma.account.findUniqueOrThrow({ where: { id: user.accountId } });
    expect(account.allowPrivateWebhookUrls).toBe(false);
  });
});
