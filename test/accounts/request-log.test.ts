// The API request log (issue 24, "Beyond"): every REST request of an account's key, searchable over
// REST and GraphQL, bodies without secrets, linked to the events it caused, purged after its retention.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeOldApiRequests } from '../../src/core/request-log.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';

let app: TestApp;
let merchant: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account({ name: 'Request log merchant' });
});
afterAll(() => app?.stop());

const intent = { amount: 12.5, currency: 'USD', title: 'Logged', customer_name: 'Ada', customer_email: 'ada@example.com' };

/** The log row of the request answered with `requestId` (written just after the answer, in a batch). */
async function logged(requestId: string, key = merchant.key) {
  return vi.waitFor(
    async () => {
      const found = await app.request('GET', `/api/v1/request-logs?request_id=${requestId}`, { key });
      expect(found.body.data, JSON.stringify(found.body)).toHaveLength(1);
      return found.body.data[0];
    },
    { timeout: 5_000, interval: 25 },
  );
}

const ApiRequests = graphql(`
  query RequestLogByIdempotencyKey($key: String!) {
    apiRequests(first: 5, filter: { idempotencyKey: $key }) {
      edges {
        node {
          id
          method
          path
          status
          keyLabel
          idempotencyKey
          requestBody
          events {
            type
          }
        }
      }
    }
  }
`);

describe('the API request log', () => {
  it('logs a create with its key, Idempotency-Key, status and time, and links the events and deliveries it caused (REST and GraphQL)', async () => {
    const endpoint = await app.request('POST', '/api/v1/webhook-endpoints', { key: merchant.key, body: { url: 'https://hooks.example.com/log', event_types: ['payment_intent.created'] } });
    const endpointId = endpoint.body.webhook_endpoint.id;
    const created = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: intent, headers: { 'Idempotency-Key': 'log-order-1' } });
    expect(created.status).toBe(201);
    const entry = await logged(created.headers.get('x-request-id')!);
    expect(entry).toMatchObject({
      object: 'api_request',
      method: 'POST',
      path: '/api/v1/payment-intents',
      operation_id: 'createPaymentIntent',
      status: 201,
      idempotency_key: 'log-order-1',
      error_code: null,
      api_key: { id: expect.stringMatching(/^key_/), label: expect.any(String) },
      request_body: intent,
      response_body: { ok: true, payment_intent: { id: created.body.payment_intent.id } },
    });
    expect(entry.id).toMatch(/^areq_/);
    expect(entry.duration_ms).toBeGreaterThanOrEqual(0);

    const one = await app.request('GET', `/api/v1/request-logs/${entry.id}`, { key: merchant.key });
    expect(one.body.api_request).toEqual(entry);
    expect(one.body.event_ids).toHaveLength(1);
    const event = await app.request('GET', `/api/v1/events/${one.body.event_ids[0]}`, { key: merchant.key });
    expect(event.body.event).toMatchObject({ event: 'payment_intent.created', object_public_id: created.body.payment_intent.id, request_log_id: entry.id });
    const byRequest = await app.request('GET', `/api/v1/events?request_log_id=${entry.id}`, { key: merchant.key });
    expect(byRequest.body.data.map((e: { id: string }) => e.id)).toEqual(one.body.event_ids);
    // The deliveries it caused: the endpoint's delivery of that event.
    const deliveries = await app.request('GET', `/api/v1/webhook-deliveries?request_log_id=${entry.id}`, { key: merchant.key });
    expect(deliveries.body.data.map((d: { event_id: string; endpoint_id: string }) => [d.event_id, d.endpoint_id])).toEqual([[one.body.event_ids[0], endpointId]]);

    const gql = await execute(app.baseUrl, merchant.key, ApiRequests, { key: 'log-order-1' });
    const nodes = gql.data?.apiRequests.edges.map((edge) => ({ ...edge.node, requestBody: JSON.parse(edge.node.requestBody ?? 'null') }));
    expect(nodes).toEqual([
      {
        id: entry.id,
        method: 'POST',
        path: '/api/v1/payment-intents',
        status: 201,
        keyLabel: entry.api_key.label,
        idempotencyKey: 'log-order-1',
        requestBody: intent,
        events: [{ type: 'payment_intent.created' }],
      },
    ]);
  });

  it('logs a refused request with its error code, and searches by method, status, path, failure and error code', async () => {
    const refused = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: { ...intent, amount: -1 } });
    expect(refused.status).toBe(400);
    const entry = await logged(refused.headers.get('x-request-id')!);
    expect(entry).toMatchObject({ status: 400, error_code: 'invalid_request', response_body: { ok: false, error: { code: 'invalid_request', param: 'amount' } } });
    const read = await app.request('GET', '/api/v1/payment-intents?status=succeeded&limit=1', { key: merchant.key });
    const readEntry = await logged(read.headers.get('x-request-id')!);
    expect(readEntry).toMatchObject({ method: 'GET', status: 200, query: { status: 'succeeded', limit: '1' }, request_body: null });

    const search = async (query: string) => (await app.request('GET', `/api/v1/request-logs?limit=100&${query}`, { key: merchant.key })).body.data.map((row: { id: string }) => row.id);
    expect(await search('failed=true')).toContain(entry.id);
    expect(await search('failed=true')).not.toContain(readEntry.id);
    expect(await search('status=400&error_code=invalid_request')).toContain(entry.id);
    expect(await search('method=GET&path=/api/v1/payment-intents')).toContain(readEntry.id);
    expect(await search('method=GET')).not.toContain(entry.id);
    const badMethod = await app.request('GET', '/api/v1/request-logs?method=FETCH', { key: merchant.key });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.error.param).toBe('method');
  });

  it('logs a GraphQL request made with a key (its query and variables, secrets removed) and links the events it caused; the panel session is not logged', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.key}` },
      body: JSON.stringify({
        query: 'mutation($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { id } }',
        variables: { input: { amount: 7.25, currency: 'USD', title: 'From GraphQL', customerName: 'Ada', customerEmail: 'ada@example.com' } },
      }),
    });
    const answer = (await response.json()) as { data: { createPaymentIntent: { id: string } } };
    expect(answer.data.createPaymentIntent.id).toMatch(/^pi_/);
    const entry = await logged(response.headers.get('x-request-id')!);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/graphql',
      operation_id: 'graphql',
      status: 200,
      request_body: { variables: { input: { title: 'From GraphQL' } } },
      response_body: { data: { createPaymentIntent: { id: answer.data.createPaymentIntent.id } } },
    });
    const events = await app.request('GET', `/api/v1/events?request_log_id=${entry.id}`, { key: merchant.key });
    expect(events.body.data.map((event: { event: string }) => event.event)).toEqual(['payment_intent.created']);
    // A refused key is nobody's request: nothing is logged for it.
    const refused = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer yk_test_not_a_key' },
      body: JSON.stringify({ query: '{ account { id } }' }),
    });
    expect(await app.rt.db.prisma.apiRequest.count({ where: { requestId: refused.headers.get('x-request-id')! } })).toBe(0);
  });

  it('never stores a secret: API keys, signing secrets, revealed secrets, OTP codes', async () => {
    const key = await app.request('POST', '/api/v1/api-keys', { key: merchant.key, body: { label: 'logged key', scopes: ['payments.read'] } });
    const endpoint = await app.request('POST', '/api/v1/webhook-endpoints', { key: merchant.key, body: { url: 'https://hooks.example.com/yarrow' } });
    const revealed = await app.request('GET', `/api/v1/webhook-endpoints/${endpoint.body.webhook_endpoint.id}/secret`, { key: merchant.key });
    const verify = await app.request('POST', '/api/v1/otp/verify', { key: merchant.key, body: { otp_id: 'otp_01jdx3p4a6c8e0g2j4l6n8q0s2', code: '987654' } });
    const secrets = [key.body.secret, endpoint.body.secret, revealed.body.secret, '987654', merchant.key];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 6)).toBe(true);
    const entries = await Promise.all([key, endpoint, revealed, verify].map((response) => logged(response.headers.get('x-request-id')!)));
    expect(entries[0].response_body).toMatchObject({ secret: '[redacted]', api_key: { label: 'logged key' } });
    expect(entries[2].response_body).toMatchObject({ secret: '[redacted]' });
    expect(entries[3].request_body).toEqual({ otp_id: 'otp_01jdx3p4a6c8e0g2j4l6n8q0s2', code: '[redacted]' });
    // Nowhere in the stored rows, whatever the field.
    const stored = JSON.stringify(await app.rt.db.prisma.apiRequest.findMany({ where: { accountId: merchant.id } }));
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });

  it('logs GraphQL over GET and over an event stream, where mutations such as createApiKey run too', async () => {
    const authorization = `Bearer ${merchant.key}`;
    const viaGet = await fetch(`${app.baseUrl}/graphql?query=${encodeURIComponent('{ account { id } }')}`, { headers: { authorization } });
    expect(viaGet.status).toBe(200);
    expect(await logged(viaGet.headers.get('x-request-id')!)).toMatchObject({ method: 'GET', path: '/graphql', operation_id: 'graphql', status: 200, query: { query: '{ account { id } }' } });

    const viaStream = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization },
      body: JSON.stringify({
        query: 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id } } }',
        variables: { input: { label: 'made over SSE', scopes: ['PAYMENTS_READ'] } },
      }),
    });
    expect(viaStream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const streamed = await viaStream.text();
    const secret = /"secret":"(yk_test_[^"]+)"/.exec(streamed)?.[1];
    expect(secret, streamed).toBeDefined();
    const entry = await logged(viaStream.headers.get('x-request-id')!);
    expect(entry).toMatchObject({ method: 'POST', path: '/graphql', operation_id: 'graphql', status: 200, request_body: { variables: { input: { label: 'made over SSE' } } } });
    const stored = JSON.stringify(await app.rt.db.prisma.apiRequest.findMany({ where: { accountId: merchant.id } }));
    expect(stored).not.toContain(secret!);
  });

  it('never stores a pairing code, its QR payload or its QR image (createPairingCode with a key)', async () => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.key}` },
      body: JSON.stringify({ query: 'mutation { createPairingCode { code qrPayload qrImage expiresAt } }' }),
    });
    const { data } = (await response.json()) as { data: { createPairingCode: { code: string; qrPayload: string; qrImage: string } } };
    const entry = await logged(response.headers.get('x-request-id')!);
    expect(entry.response_body).toMatchObject({ data: { createPairingCode: { code: '[redacted]', qrPayload: '[redacted]', qrImage: '[redacted]' } } });
    // Under aliases too: the document says which field each alias is.
    const aliased = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.key}` },
      body: JSON.stringify({ query: 'mutation { pairing: createPairingCode { c: code link: qrPayload expiresAt } }' }),
    });
    const aliasedData = ((await aliased.json()) as { data: { pairing: { c: string; link: string } } }).data.pairing;
    const aliasedEntry = await logged(aliased.headers.get('x-request-id')!);
    expect(aliasedEntry.response_body).toMatchObject({ data: { pairing: { c: '[redacted]', link: '[redacted]', expiresAt: expect.any(String) } } });
    const stored = JSON.stringify(await app.rt.db.prisma.apiRequest.findMany({ where: { accountId: merchant.id } }));
    for (const secret of [data.createPairingCode.code, data.createPairingCode.qrPayload, data.createPairingCode.qrImage.slice(30, 90), aliasedData.c]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('never stores a padded one-time code', async () => {
    const verify = await app.request('POST', '/api/v1/otp/verify', { key: merchant.key, body: { otp_id: 'otp_01jdx3p4a6c8e0g2j4l6n8q0s2', code: ' 987654' } });
    const entry = await logged(verify.headers.get('x-request-id')!);
    expect(entry.request_body).toEqual({ otp_id: 'otp_01jdx3p4a6c8e0g2j4l6n8q0s2', code: '[redacted]' });
    expect(JSON.stringify(await app.rt.db.prisma.apiRequest.findUnique({ where: { id: entry.id } }))).not.toContain('987654');
  });

  it('never stores a secret sent in a body refused with 415: a form (password=, token=, a URL-encoded key) or text', async () => {
    const sent = async (contentType: string, body: string) => {
      const response = await fetch(`${app.baseUrl}/api/v1/payment-intents`, { method: 'POST', headers: { authorization: `Bearer ${merchant.key}`, 'content-type': contentType }, body });
      expect(response.status).toBe(415);
      return logged(response.headers.get('x-request-id')!);
    };
    const form = await sent('application/x-www-form-urlencoded', `password=hunter22&token=tok_abc123&api%5Fkey=${encodeURIComponent(merchant.key)}&title=Order`);
    expect(form).toMatchObject({ status: 415, error_code: 'unsupported_media_type', request_body: { note: 'not JSON', form: { password: '[redacted]', token: '[redacted]', api_key: '[redacted]', title: 'Order' } } });
    const escapedKey = await sent('application/x-www-form-urlencoded', `key=${merchant.key.replaceAll('_', '%5F')}`);
    const text = await sent('text/plain', `token: tok_abc123 password=hunter22 ${merchant.key}`);
    const stored = JSON.stringify(await app.rt.db.prisma.apiRequest.findMany({ where: { id: { in: [form.id, escapedKey.id, text.id] } } }));
    for (const secret of ['hunter22', 'tok_abc123', merchant.key, merchant.key.slice(8)]) expect(stored).not.toContain(secret);
  });

  it('never stores a key pasted into a URL path, in the request log or the access log', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = app.rt.logger;
    const level = logger.level;
    logger.level = 'info';
    const child = vi.spyOn(logger, 'child').mockImplementation(() => ({ info: (line: Record<string, unknown>) => lines.push(line), warn() {}, error() {} }) as never);
    let response: Awaited<ReturnType<typeof app.request>>;
    try {
      response = await app.request('GET', `/api/v1/payment-intents/${merchant.key}`, { key: merchant.key });
    } finally {
      child.mockRestore();
      logger.level = level;
    }
    expect(response.status).toBe(404);
    const entry = await logged(response.headers.get('x-request-id')!);
    expect(entry.path).toBe('/api/v1/payment-intents/[redacted]');
    expect(lines.find((line) => line.status === 404)).toMatchObject({ method: 'GET', path: '/api/v1/payment-intents/[redacted]' });
    expect(JSON.stringify(lines)).not.toContain(merchant.key);
    expect(JSON.stringify(await app.rt.db.prisma.apiRequest.findUnique({ where: { id: entry.id } }))).not.toContain(merchant.key.slice(8));
  });

  it('keeps a body with nothing to redact as sent, and still finds a secret field spelled with escapes', async () => {
    const plain = { amount: 12.5, currency: 'usd', title: 'Plain order', customer_name: 'Ada Lovelace', customer_email: 'ada@example.com', metadata: { order_id: '1042' } };
    const created = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: plain });
    const escaped = await app.request('POST', '/api/v1/payment-intents', {
      key: merchant.key,
      headers: { 'content-type': 'application/json' },
      // "metadata": {"p\u0061ssword": "hunter22"}: the raw text never says "password".
      body: JSON.stringify({ ...plain, metadata: { pass: 'x' } }).replace('"pass"', '"p\\u0061ssword"').replace('"x"', '"hunter22"'),
    });
    expect([created.status, escaped.status]).toEqual([201, 201]);
    const [first, second] = await Promise.all([created, escaped].map((response) => logged(response.headers.get('x-request-id')!)));
    expect(first.request_body).toEqual(plain);
    expect(first.response_body).toMatchObject({ payment_intent: { id: created.body.payment_intent.id, metadata: { order_id: '1042' } } });
    expect(second.request_body).toMatchObject({ metadata: { password: '[redacted]' } });
    expect(JSON.stringify(second)).not.toContain('hunter22');
  });

  it('loses no row when many requests arrive at once (rows are written in batches after the answers)', async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, () => app.request('GET', '/api/v1/account', { key: merchant.key })));
    expect(burst.every((response) => response.status === 200)).toBe(true);
    const requestIds = burst.map((response) => response.headers.get('x-request-id')!);
    await vi.waitFor(async () => expect(await app.rt.db.prisma.apiRequest.count({ where: { accountId: merchant.id, requestId: { in: requestIds } } })).toBe(60), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it("shows one account nothing of another's, needs logs.read, and is purged after the retention period", async () => {
    const created = await app.request('POST', '/api/v1/payment-intents', { key: merchant.key, body: intent });
    const entry = await logged(created.headers.get('x-request-id')!);
    const stranger = await app.account();
    expect((await app.request('GET', `/api/v1/request-logs/${entry.id}`, { key: stranger.key })).status).toBe(404);
    expect((await app.request('GET', `/api/v1/request-logs?starting_after=${entry.id}`, { key: stranger.key })).status).toBe(404);
    const theirs = await app.request('GET', '/api/v1/request-logs?limit=100', { key: stranger.key });
    expect(theirs.body.data.every((row: { api_key: { id: string } }) => row.api_key.id !== entry.api_key.id)).toBe(true);

    // A key without the scope is refused, and the refusal is in its own account's log.
    const reader = await app.account({ scopes: ['payments.read'] });
    const forbidden = await app.request('GET', '/api/v1/request-logs', { key: reader.key });
    expect(forbidden.status).toBe(403);
    await vi.waitFor(async () => {
      const row = await app.rt.db.prisma.apiRequest.findFirst({ where: { accountId: reader.id, requestId: forbidden.headers.get('x-request-id')! } });
      expect(row).toMatchObject({ status: 403, errorCode: 'forbidden' });
    });

    expect(await purgeOldApiRequests(app.rt)).toBe(0);
    const days = app.rt.config.API_REQUEST_LOG_RETENTION_DAYS;
    const later = new Date(Date.now() + (days + 1) * 86_400_000);
    expect(await purgeOldApiRequests(app.rt, later)).toBeGreaterThan(0);
    expect(await app.rt.db.prisma.apiRequest.count({ where: { id: entry.id } })).toBe(0);
  });
});
