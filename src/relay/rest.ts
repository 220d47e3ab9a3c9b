import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { YarrowError } from '../core/errors.ts';
import { ok, parseQuery, readJson, type HttpContext, type HttpEnv } from '../core/http.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import { listBody, listQuery } from '../core/pagination.ts';
import type { GatewayContext } from '../gateway.ts';
import type { Device } from '../generated/prisma/client.ts';
import { registerDeviceSockets } from './device-gateway.ts';
import { authenticateDevice, deviceJson, listDevices, pairDevice, recordHeartbeat, relayBaseUrl } from './devices.ts';
import {
  acknowledgeMessage,
  deviceWorkJson,
  getMessage,
  messageStatusJson,
  pendingForDevice,
  reportMessage,
  sendAcceptedJson,
  sendSms,
} from './messages.ts';
import { otpSentJson, sendOtp, verifyOtp } from './otp.ts';
import { DEVICE_WS_PATH } from './protocol.ts';
import { launchReadiness } from './readiness.ts';
import { queueList, recipientJson, recipientSearchQuery, searchRecipients } from './recipients.ts';

type DeviceEnv = { Variables: HttpEnv['Variables'] & { device: Device } };

/** The device a device-token route authenticated. */
const deviceOf = (c: HttpContext) => (c as unknown as Context<DeviceEnv>).get('device');

/**
 * Relay paths are documented relative to the relay base `…/api` (`/v1/sms/send`). They answer at
 * `/api/v1/…` and, for clients that join the documented path to a base already ending in `/api`,
 * at `/api/api/v1/…` too.
 */
export function relayPaths(path: string) {
  return [`/api${path}`, `/api/api${path}`];
}

const PAIR_ATTEMPTS_PER_MINUTE = 60;
const LONG_POLL_MAX_SECONDS = 30;

export function registerRelayRoutes(ctx: GatewayContext) {
  const { app, rt, auth, events } = ctx;
  const route = (method: 'get' | 'post', path: string, ...handlers: Array<MiddlewareHandler<any> | Handler<any>>) => {
    for (const full of relayPaths(path)) (app[method] as (p: string, ...h: unknown[]) => void)(full, ...handlers);
  };

  registerDeviceSockets(ctx);

  // --- Pairing (no API key: the code is the credential, so attempts per address are limited) ---
  const pairLimiter = new RateLimiterPostgres({
    storeClient: rt.db.pool,
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'relay-pair',
    points: PAIR_ATTEMPTS_PER_MINUTE,
    duration: 60,
    clearExpiredByTimeout: false,
  });
  route('post', '/v1/relay/app/pair', async (c: HttpContext) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    try {
      await pairLimiter.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new YarrowError('rate_limited', `Too many pairing attempts; retry after ${retryAfter} s.`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const { body } = await readJson(c);
    const paired = await rt.db.prisma.$transaction((tx) => pairDevice(rt, tx, body));
    return ok(
      c,
      {
        device: deviceJson(rt, paired.device),
        device_token: paired.token,
        heartbeat_interval_seconds: rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS,
        websocket_url: `${rt.config.publicBaseUrl.replace(/^http/, 'ws')}${DEVICE_WS_PATH}`,
        base_url: relayBaseUrl(rt),
      },
      201,
    );
  });

  // --- The device's own HTTP API (device token, not an API key) ---
  const device = createMiddleware<DeviceEnv>(async (c, next) => {
    c.set('device', await authenticateDevice(rt, c.req.header('authorization')));
    await next();
  });
  route('get', '/v1/relay/device/me', device, (c: HttpContext) => ok(c, { device: deviceJson(rt, deviceOf(c)) }));
  route('post', '/v1/relay/device/heartbeat', device, async (c: HttpContext) => {
    const { body } = await readJson(c);
    const updated = await recordHeartbeat(rt, deviceOf(c).id, body);
    return ok(c, { device: deviceJson(rt, updated), heartbeat_interval_seconds: rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS });
  });
  const pollQuery = z.object({ wait: z.coerce.number().int().min(0).max(LONG_POLL_MAX_SECONDS).default(25) });
  route('get', '/v1/relay/device/messages', device, async (c: HttpContext) => {
    const { wait } = parseQuery(c, pollQuery);
    const current = deviceOf(c);
    const topic = `relayDevice:${current.id}`;
    let wake = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    // Listen before looking, so work dispatched between the two is not missed.
    events.addEventListener(topic, wake);
    try {
      let pending = await pendingForDevice(rt.db.prisma, current.id);
      if (pending.length === 0 && wait > 0) {
        const timer = setTimeout(wake, wait * 1000);
        c.req.raw.signal.addEventListener('abort', wake);
        await woken;
        clearTimeout(timer);
        pending = await pendingForDevice(rt.db.prisma, current.id);
      }
      return ok(c, { messages: pending.map((message) => deviceWorkJson(rt, message)) });
    } finally {
      events.removeEventListener(topic, wake);
    }
  });
  route('post', '/v1/relay/device/messages/:id/ack', device, async (c: HttpContext) => {
    const { body } = await readJson(c);
    const outcome = await acknowledgeMessage(rt, deviceOf(c), c.req.param('id')!, body);
    return ok(c, { ...outcome });
  });
  route('post', '/v1/relay/device/messages/:id/report', device, async (c: HttpContext) => {
    const { body } = await readJson(c);
    const outcome = await reportMessage(rt, deviceOf(c), c.req.param('id')!, body);
    return ok(c, { ...outcome });
  });

  // --- Merchant API ---
  route('get', '/v1/relay/devices', auth.require('devices.manage'), async (c: HttpContext) => {
    const query = parseQuery(c, listQuery);
    const rows = await listDevices(rt.db.prisma, c.get('principal').accountId, query);
    return ok(c, listBody(rows, query, '/api/v1/relay/devices', (row) => deviceJson(rt, row)));
  });

  route('post', '/v1/sms/send', auth.require('sms.send'), async (c: HttpContext) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => {
      const message = await sendSms(rt, tx, c.get('principal').accountId, body);
      return { status: 202, body: sendAcceptedJson(message) };
    });
  });

  const statusQuery = z.object({ request_id: z.string().trim().min(1).max(64) });
  route('get', '/v1/messages/status', auth.require('messages.read'), async (c: HttpContext) => {
    const { request_id } = parseQuery(c, statusQuery);
    const message = await getMessage(rt.db.prisma, c.get('principal').accountId, request_id);
    return ok(c, messageStatusJson(message));
  });

  route('post', '/v1/otp/send', auth.require('otp.send'), async (c: HttpContext) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => {
      const otp = await sendOtp(rt, tx, c.get('principal').accountId, body);
      return { status: 200, body: otpSentJson(otp) };
    });
  });

  route('post', '/v1/otp/verify', auth.require('otp.verify'), async (c: HttpContext) => {
    const { body } = await readJson(c);
    return ok(c, { ...(await verifyOtp(rt, c.get('principal').accountId, body)) });
  });

  route('get', '/v1/recipients', auth.require('recipients.read'), async (c: HttpContext) => {
    const query = parseQuery(c, recipientSearchQuery);
    const rows = await searchRecipients(rt.db.prisma, c.get('principal').accountId, query);
    return ok(c, listBody(rows, query, '/api/v1/recipients', recipientJson));
  });

  route('post', '/v1/recipient-lists/queue', auth.require('sms.send'), async (c: HttpContext) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => {
      const batch = await queueList(rt, tx, c.get('principal').accountId, body);
      return { status: 202, body: { batch_id: batch.batchId, queued: batch.queued, skipped: batch.skipped } };
    });
  });

  route('get', '/v1/launch/readiness', auth.require('account.read'), async (c: HttpContext) => {
    return ok(c, { ...(await launchReadiness(rt, rt.db.prisma, c.get('principal').accountId)) });
  });
}
