// Standard Webhooks (v1.0.0) on every Yarrow delivery, verified by libraries nobody here wrote: the
// `standardwebhooks` package (the specification's reference) and Svix's own `svix` package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from 'graphql-ws';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@yarrow/sdk/webhooks';
import { encrypt } from '../../src/core/crypto.ts';
import { blocksOf } from '../docs/markdown.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { RotateSecret, SendTest, followDelivery, wsClient } from './operations.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from './receiver.ts';

let app: TestApp;
let receiver: Receiver;
let account: TestAccount;
let client: Client;
const clients: Client[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  app = await startTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0.1,0.2' } });
  await app.startWorkers(['webhooks']);
});

beforeEach(async () => {
  account = await app.account();
  client = wsClient(app.wsUrl, account.key);
  clients.push(client);
});

afterAll(async () => {
  for (const each of clients) await each.dispose();
  await app?.stop();
  await receiver?.close();
});

const headersOf = (request: ReceivedRequest) => Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));

/** The event as each library returns it, or the library's error message. */
function verifiedBy(secret: string, request: ReceivedRequest, options?: { format: 'raw' }) {
  const outcome = (verify: () => unknown) => {
    try {
      return (verify() as { id: string }).id;
    } catch (error) {
      return (error as Error).message;
    }
  };
  return {
    standardwebhooks: outcome(() => new StandardWebhook(secret, options).verify(request.body, headersOf(request))),
    svix: outcome(() => new SvixWebhook(secret, options).verify(request.body, headersOf(request))),
  };
}

describe('Standard Webhooks', () => {
  it('signs each delivery so standardwebhooks and svix verify it, with webhook-id the delivery number on every retry', async () => {
    receiver.on('/standard', (request) => (request.seq === 1 ? { status: 500 } : { status: 200 }));
    const { secret } = await createEndpoint(app, account.key, { url: receiver.url('/standard') });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const { event, deliveries } = await emitEvent(app, account.id);
    await followDelivery(client, deliveries[0]!.id, (update) => update.status === 'SUCCEEDED');

    const requests = receiver.received('/standard');
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.headers['webhook-id']).toBe(deliveries[0]!.id);
      expect(request.headers['webhook-timestamp']).toBe(request.headers['x-yarrowpay-timestamp']);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(verifiedBy(secret, request)).toEqual({ standardwebhooks: event.id, svix: event.id });
      // The SDK checks both schemes; Yarrow's own headers are unchanged.
      expect(verifyWebhook(secret, request.headers, request.body).id).toBe(event.id);
      expect(request.headers['x-yarrowpay-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    }
    // Tampering is caught by both libraries.
    const tampered = { ...requests[1]!, body: requests[1]!.body.replace('1999', '1998') };
    expect(verifiedBy(secret, tampered)).toEqual({ standardwebhooks: 'No matching signature found', svix: 'No matching signature found' });
    expect(() => verifyWebhook(secret, tampered.headers, tampered.body)).toThrow(expect.objectContaining({ code: 'invalid_signature' }));
  });

  it('lists both signatures, space separated, during a rotation: either secret verifies', async () => {
    const { endpoint, secret: oldSecret } = await createEndpoint(app, account.key, { url: receiver.url('/standard-rotated') });
    const rotated = (await execute(app.baseUrl, account.key, RotateSecret, { id: endpoint.id })).data!.rotateWebhookEndpointSecret;
    const sent = (await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id })).data!.sendTestWebhook;
    await followDelivery(client, sent.delivery.id);
    const [request] = receiver.received('/standard-rotated');
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedBy(rotated.secret, request!)).toEqual({ standardwebhooks: sent.event.id, svix: sent.event.id });
    expect(verifiedBy(oldSecret, request!)).toEqual({ standardwebhooks: sent.event.id, svix: sent.event.id });
    const stranger = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(verifiedBy(stranger, request!).svix).toBe('No matching signature found');
  });

  it('keeps an endpoint made before Standard Webhooks verifying: its whole secret is the key (format raw)', async () => {
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/legacy') });
    // The shape of every secret made before: 24 random bytes in base64url, `-` and `_` included.
    const legacy = 'whsec_Ab-_cdEFgh0123456789-_xyzXYZ0123';
    expect(legacy).toHaveLength(38);
    await app.rt.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { secretEncrypted: encrypt(app.rt.config.secret, legacy) } });
    const sent = (await execute(app.baseUrl, account.key, SendTest, { endpointId: endpoint.id })).data!.sendTestWebhook;
    await followDelivery(client, sent.delivery.id);
    const [request] = receiver.received('/legacy');
    expect(verifiedBy(legacy, request!, { format: 'raw' })).toEqual({ standardwebhooks: sent.event.id, svix: sent.event.id });
    expect(verifyWebhook(legacy, request!.headers, request!.body).id).toBe(sent.event.id);
  });

  it("runs docs/webhooks.md's verification examples (standardwebhooks, svix) on a real delivery", async () => {
    const { secret } = await createEndpoint(app, account.key, { url: receiver.url('/documented') });
    const { event } = await emitEvent(app, account.id);
    const [request] = await receiver.waitFor('/documented', 1);
    const examples = blocksOf('docs/webhooks.md').filter((block) => block.tag === 'verify-example');
    expect(examples.map((block) => /from '([^']+)'/.exec(block.text)?.[1])).toEqual(['standardwebhooks', 'svix']);
    // Inside node_modules, so the examples' bare imports resolve to this project's packages.
    const dir = join(import.meta.dirname, '../../node_modules/.cache/yarrow-doc-examples');
    mkdirSync(dir, { recursive: true });
    const scope = globalThis as { rawBody?: string; headers?: Record<string, string> };
    const savedSecret = process.env.WEBHOOK_SECRET;
    Object.assign(scope, { rawBody: request!.body, headers: headersOf(request!) });
    process.env.WEBHOOK_SECRET = secret;
    try {
      for (const [i, block] of examples.entries()) {
        const file = join(dir, `example-${process.pid}-${i}.mjs`);
        writeFileSync(file, `${block.text}\nexport { event };\n`);
        const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { event: { id: string } };
        expect(module.event.id, `docs/webhooks.md:${block.line}`).toBe(event.id);
      }
    } finally {
      delete scope.rawBody;
      delete scope.headers;
      if (savedSecret === undefined) delete process.env.WEBHOOK_SECRET;
      else process.env.WEBHOOK_SECRET = savedSecret;
    }
  });
});
