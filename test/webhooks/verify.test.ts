import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { computeSignature, signatureHeader, verifyWebhook, webhookRequestHeaders, type WebhookVerificationFailure } from '@yarrow/sdk/webhooks';
import { nextDelaySeconds } from '../../src/webhooks/attempts.ts';
import { parseRetryAfter } from '../../src/webhooks/sender.ts';
import { isPublicAddress } from '../../src/webhooks/url-safety.ts';

const root = join(import.meta.dirname, '../..');
const secret = 'whsec_c2VjcmV0LWZvci10ZXN0cy0xMjM0NTY3';
const body = '{"id":"evt_1","event":"invoice.paid","data":{"note":"naïve ✓"}}';
const now = () => Math.floor(Date.now() / 1000);

function signed(timestamp = now(), secrets = [secret], raw = body) {
  return {
    'x-yarrowpay-timestamp': String(timestamp),
    'x-yarrowpay-signature': signatureHeader(secrets, timestamp, raw),
    'x-yarrowpay-delivery': '7',
  };
}

function failure(run: () => unknown): WebhookVerificationFailure | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code: WebhookVerificationFailure }).code;
  }
}

describe('verifyWebhook', () => {
  it('accepts a genuine request and returns its event', () => {
    expect(verifyWebhook(secret, signed(), body)).toEqual({ id: 'evt_1', event: 'invoice.paid', data: { note: 'naïve ✓' } });
    // Fetch Headers, Buffer bodies, upper-case names and several secrets all work.
    expect(verifyWebhook(secret, new Headers(signed()), Buffer.from(body)).id).toBe('evt_1');
    const upper = Object.fromEntries(Object.entries(signed()).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(['whsec_other', secret], upper, new TextEncoder().encode(body)).id).toBe('evt_1');
  });

  it('rejects tampering, wrong secrets, stale or future timestamps and missing headers', () => {
    expect(failure(() => verifyWebhook(secret, signed(), body.replace('paid', 'void')))).toBe('invalid_signature');
    expect(failure(() => verifyWebhook('whsec_wrong', signed(), body))).toBe('invalid_signature');
    expect(failure(() => verifyWebhook(secret, { ...signed(), 'x-yarrowpay-signature': 'sha256=' }, body))).toBe('invalid_signature');
    // A replay of an old request: correctly signed, but outside the tolerance.
    expect(failure(() => verifyWebhook(secret, signed(now() - 301), body))).toBe('timestamp_out_of_tolerance');
    expect(failure(() => verifyWebhook(secret, signed(now() + 301), body))).toBe('timestamp_out_of_tolerance');
    expect(verifyWebhook(secret, signed(now() - 3000), body, 3600).id).toBe('evt_1');
    expect(failure(() => verifyWebhook(secret, signed(now() - 61), body, 60))).toBe('timestamp_out_of_tolerance');
    // The signature covers the timestamp: moving it breaks the signature.
    expect(failure(() => verifyWebhook(secret, { ...signed(), 'x-yarrowpay-timestamp': String(now() - 1) }, body))).toBe('invalid_signature');
    expect(failure(() => verifyWebhook(secret, { 'x-yarrowpay-signature': 'sha256=00' }, body))).toBe('missing_header');
    expect(failure(() => verifyWebhook(secret, { 'x-yarrowpay-timestamp': String(now()) }, body))).toBe('missing_header');
    expect(failure(() => verifyWebhook(secret, { ...signed(), 'x-yarrowpay-timestamp': 'soon' }, body))).toBe('invalid_timestamp');
    expect(failure(() => verifyWebhook(secret, signed(now(), [secret], 'not json'), 'not json'))).toBe('invalid_body');
  });

  it('accepts either signature during a rotation', () => {
    const headers = signed(now(), ['whsec_new', 'whsec_old']);
    expect(headers['x-yarrowpay-signature']).toMatch(/^sha256=[0-9a-f]{64},sha256=[0-9a-f]{64}$/);
    expect(verifyWebhook('whsec_new', headers, body).id).toBe('evt_1');
    expect(verifyWebhook('whsec_old', headers, body).id).toBe('evt_1');
    expect(failure(() => verifyWebhook('whsec_other', headers, body))).toBe('invalid_signature');
  });

  it('checks every scheme a request carries: Standard Webhooks alone, Yarrow alone, and both must match', () => {
    const both = webhookRequestHeaders([secret], { eventType: 'invoice.paid', deliveryId: '42', body });
    const standardOnly = { 'webhook-id': both['webhook-id']!, 'webhook-timestamp': both['webhook-timestamp']!, 'webhook-signature': both['webhook-signature']! };
    expect(verifyWebhook(secret, both, body).id).toBe('evt_1');
    expect(verifyWebhook(secret, standardOnly, body).id).toBe('evt_1');
    // The id is signed: another delivery number breaks the signature.
    expect(failure(() => verifyWebhook(secret, { ...standardOnly, 'webhook-id': '43' }, body))).toBe('invalid_signature');
    expect(failure(() => verifyWebhook(secret, { ...both, 'X-YarrowPay-Signature': 'sha256=00' }, body))).toBe('invalid_signature');
    expect(failure(() => verifyWebhook(secret, { ...both, 'webhook-signature': 'v1,AAAA' }, body))).toBe('invalid_signature');
    expect(failure(() => verifyWebhook(secret, { 'webhook-signature': both['webhook-signature']! }, body))).toBe('missing_header');
    expect(failure(() => verifyWebhook(secret, { ...standardOnly, 'webhook-timestamp': String(now() - 301) }, body))).toBe('timestamp_out_of_tolerance');
  });

  it('matches the openssl one-liner in docs/webhooks.md', async () => {
    const docs = readFileSync(join(root, 'docs/webhooks.md'), 'utf8');
    const oneLiner = /```sh[^\n]*\n(\{ printf[^\n]*openssl dgst[^\n]*)\n```/.exec(docs)?.[1];
    expect(oneLiner).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'yarrow-openssl-'));
    writeFileSync(join(dir, 'body.json'), body);
    const timestamp = now();
    const { stdout } = await promisify(execFile)('sh', ['-c', oneLiner!], {
      cwd: dir,
      env: { PATH: process.env.PATH, TIMESTAMP: String(timestamp), WEBHOOK_SECRET: secret },
    });
    expect(stdout.trim()).toBe(computeSignature(secret, timestamp, body));
  });

  it('is exported to receivers as @yarrow/sdk/webhooks (test/sdk/package.test.ts runs it from the built package)', () => {
    // Published, the exports are publishConfig's (scripts/build-sdk.mjs applies it).
    const pkg = JSON.parse(readFileSync(join(root, 'packages/sdk/package.json'), 'utf8')) as { publishConfig: { exports: Record<string, { default: string }> } };
    expect(pkg.publishConfig.exports['./webhooks']?.default).toBe('./dist/webhooks.js');
    const build = readFileSync(join(root, 'packages/sdk/tsconfig.json'), 'utf8');
    expect(build).toContain('"webhooks.ts"');
  });
});

describe('delivery rules', () => {
  const config = { WEBHOOK_RETRY_SCHEDULE: [30, 120, 600, 3600, 10800, 21600, 43200, 86400] };

  it('follows the retry schedule with ±10 % jitter, then gives up', () => {
    expect(nextDelaySeconds(config, 1, null, 0)).toBeCloseTo(27);
    expect(nextDelaySeconds(config, 1, null, 1)).toBeCloseTo(33);
    expect(nextDelaySeconds(config, 2, null, 0.5)).toBeCloseTo(120);
    expect(nextDelaySeconds(config, 8, null, 0.5)).toBeCloseTo(86400);
    expect(nextDelaySeconds(config, 9, null, 0.5)).toBeNull();
    const total = config.WEBHOOK_RETRY_SCHEDULE.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3600).toBeCloseTo(46.5, 0);
  });

  it('lets Retry-After postpone a retry, never advance it, and caps it at a day', () => {
    expect(nextDelaySeconds(config, 1, 300, 0.5)).toBe(300);
    expect(nextDelaySeconds(config, 3, 5, 0.5)).toBeCloseTo(600);
    expect(nextDelaySeconds(config, 1, 7 * 86400, 0.5)).toBe(86400);
    expect(nextDelaySeconds(config, 9, 5, 0.5)).toBeNull();
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1, 0)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60);
    expect(parseRetryAfter('whenever')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });

  it('tells public addresses from internal ones', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.1.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '::1', '::', 'fd12::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
