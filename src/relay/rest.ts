import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { describeRoute, type RouteDoc } from '../core/openapi.ts';
import { ok, parseQuery, readJson, type HttpContext, type HttpEnv } from '../core/http.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import { listBody, listQuery } from '../core/pagination.ts';
import type { GatewayContext } from '../gateway.ts';
import type { Device, Message } from '../generated/prisma/client.ts';
import { registerAndroidAppRoutes } from './android-app/mobile.ts';
import { registerThirdPartyApi } from './android-app/thirdparty.ts';
import { registerDeviceSockets } from './device-gateway.ts';
import { listDevices } from './lists.ts';
import { authenticateDevice, deviceJson, heartbeatInput, pairDevice, pairDeviceInput, recordHeartbeat, relayBaseUrl, spendPairingAttempt } from './devices.ts';
import {
  ackInput,
  acknowledgeMessage,
  deviceWorkJson,
  getMessage,
  messageStatusJson,
  pendingForDevice,
  reportInput,
  reportMessage,
  sendAcceptedJson,
  sendSms,
  sendSmsInput,
} from './messages.ts';
import { otpSentJson, sendOtp, sendOtpInput, verifyOtp, verifyOtpInput } from './otp.ts';
import { DEVICE_WS_PATH } from './protocol.ts';
import { launchReadiness } from './readiness.ts';
import { queueList, queueListInput, recipientJson, recipientSearchQuery, searchRecipients } from './recipients.ts';

type DeviceEnv = { Variables: HttpEnv['Variables'] & { device: Device } };

/** The device a device-token route authenticated. */
const deviceOf = (c: HttpContext) => (c as unknown as Context<DeviceEnv>).get('device');

/**
 * Relay paths are documented relative to the relay base `…/api` (`/v1/sms/send`). They answer at
 * `/api/v1/…` and, for clients that join the documented path to a base already ending in `/api`,
 * at `/api/api/v1/…` too (served, but not listed in OpenAPI or Postman: one operation, one entry).
 */
export function relayPaths(path: string) {
  return [`/api${path}`, `/api/api${path}`];
}

const LONG_POLL_MAX_SECONDS = 30;


const pollQuery = z.object({ wait: z.coerce.number().int().min(0).max(LONG_POLL_MAX_SECONDS).default(25) });
const statusQuery = z.object({ request_id: z.string().trim().min(1).max(64) });

export function registerRelayRoutes(ctx: GatewayContext) {
  const { app, rt, auth, events } = ctx;
  const device = createMiddleware<DeviceEnv>(async (c, next) => {
    c.set('device', await authenticateDevice(rt, c.req.header('authorization')));
    await next();
  });
  /** Registers a route under both prefixes with its OpenAPI description; its guard comes from `auth`. */
  const route = (
    doc: Omit<RouteDoc, 'tag' | 'method'> & { method: 'get' | 'post' },
    handler: (c: HttpContext) => Promise<Response> | Response,
  ) => {
    const guard = doc.auth === 'none' ? [] : doc.auth === 'device' ? [device] : [auth.require(doc.auth)];
    for (const [i, path] of relayPaths(doc.path).entries()) {
      describeRoute({ ...doc, path, tag: 'Relay', ...(i > 0 ? { alias: true } : {}) });
      (app[doc.method] as (p: string, ...h: unknown[]) => void)(path, ...guard, handler);
    }
  };

  registerDeviceSockets(ctx);
  registerAndroidAppRoutes(ctx);

  // --- Pairing (no API key: the code is the credential, so attempts per address are limited) ---
  route({
    method: 'post',
    path: '/v1/relay/app/pair',
    summary: 'Pair a device with a pairing code or QR payload (docs/relay-protocol.md).',
    auth: 'none',
    body: pairDeviceInput,
    responses: { 201: 'The device and its token (shown once).' },
  }, async (c: HttpContext) => {
    await spendPairingAttempt(rt, getConnInfo(c).remote.address ?? 'unknown');
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
  route(
    { method: 'get', path: '/v1/relay/device/me', summary: 'The calling device.', auth: 'device', responses: { 200: 'The device.' } },
    (c) => ok(c, { device: deviceJson(rt, deviceOf(c)) }),
  );
  route({
    method: 'post',
    path: '/v1/relay/device/heartbeat',
    summary: 'Heartbeat: battery, charging, signal, queue length.',
    auth: 'device',
    body: heartbeatInput,
    responses: { 200: 'The device, and the heartbeat interval.' },
  }, async (c: HttpContext) => {
    const { body } = await readJson(c);
    const updated = await recordHeartbeat(rt, deviceOf(c).id, body);
    return ok(c, { device: deviceJson(rt, updated), heartbeat_interval_seconds: rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS });
  });
  route({
    method: 'get',
    path: '/v1/relay/device/messages',
    summary: 'Long-poll for work: unacknowledged messages, at once or when they arrive (up to `wait` s).',
    auth: 'device',
    query: pollQuery,
    responses: { 200: 'The messages to send (maybe none).' },
  }, async (c: HttpContext) => {
    const { wait } = parseQuery(c, pollQuery);
    const current = deviceOf(c);
    // A device polling after its socket closed is reachable again (it hears of work here).
    if (current.disconnectedAt && current.lastSeenAt <= current.disconnectedAt) await recordHeartbeat(rt, current.id, {});
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
  route({
    method: 'post',
    path: '/v1/relay/device/messages/:id/ack',
    summary: "Acknowledge a message (it is in the phone's queue).",
    auth: 'device',
    body: ackInput,
    responses: { 200: 'Whether it changed anything (`applied`) and the status.' },
  }, async (c: HttpContext) => {
    const { body } = await readJson(c);
    const outcome = await acknowledgeMessage(rt, deviceOf(c), c.req.param('id')!, body);
    return ok(c, { ...outcome });
  });
  route({
    method: 'post',
    path: '/v1/relay/device/messages/:id/report',
    summary: 'Report sent, delivered or failed (idempotent).',
    auth: 'device',
    body: reportInput,
    responses: { 200: 'Whether it changed anything (`applied`) and the status.' },
  }, async (c: HttpContext) => {
    const { body } = await readJson(c);
    const outcome = await reportMessage(rt, deviceOf(c), c.req.param('id')!, body);
    return ok(c, { ...outcome });
  });

  // --- Merchant API ---
  route({
    method: 'get',
    path: '/v1/relay/devices',
    summary: "The account's paired devices.",
    auth: 'devices.manage',
    query: listQuery,
    responses: { 200: 'A list of devices.' },
  }, async (c: HttpContext) => {
    const query = parseQuery(c, listQuery);
    const rows = await listDevices(rt.db.prisma, c.get('principal').accountId, query);
    return ok(c, listBody(rows, query, '/api/v1/relay/devices', (row) => deviceJson(rt, row)));
  });

  route({
    method: 'post',
    path: '/v1/sms/send',
    summary: 'Queue an SMS through a paired device.',
    auth: 'sms.send',
    body: sendSmsInput,
    idempotent: true,
    responses: { 202: 'Queued: the request_id to follow it by.' },
  }, async (c: HttpContext) => {
    const { raw, body } = await readJson(c);
    const accountId = c.get('principal').accountId;
    const accepted = (message: Message) => ({ status: 202 as const, body: sendAcceptedJson(message) });
    return idempotentCreate(rt, c, raw, async (tx) => accepted(await sendSms(rt, accountId, body, tx)), {
      withoutKey: async () => accepted(await sendSms(rt, accountId, body)),
    });
  });

  route({
    method: 'get',
    path: '/v1/messages/status',
    summary: 'Status of an SMS by request_id.',
    auth: 'messages.read',
    query: statusQuery,
    responses: { 200: 'Status, device, attempts, failure reason and timestamps.' },
  }, async (c: HttpContext) => {
    const { request_id } = parseQuery(c, statusQuery);
    const message = await getMessage(rt.db.prisma, c.get('principal').accountId, request_id);
    return ok(c, messageStatusJson(message));
  });

  route({
    method: 'post',
    path: '/v1/otp/send',
    summary: 'Send a one-time code by SMS.',
    auth: 'otp.send',
    body: sendOtpInput,
    idempotent: true,
    responses: { 200: 'The otp_id, its expiry, the request_id of its SMS and that SMS\'s status (`queued` until a phone sent it).' },
  }, async (c: HttpContext) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => {
      const { otp, message } = await sendOtp(rt, tx, c.get('principal').accountId, body);
      return { status: 200, body: otpSentJson(otp, message) };
    });
  });

  route({
    method: 'post',
    path: '/v1/otp/verify',
    summary: 'Check a one-time code (5 attempts, single use).',
    auth: 'otp.verify',
    body: verifyOtpInput,
    responses: { 200: 'success, failed (attempts_left, reason) or expired.' },
  }, async (c: HttpContext) => {
    const { body } = await readJson(c);
    return ok(c, { ...(await verifyOtp(rt, c.get('principal').accountId, body)) });
  });

  route({
    method: 'get',
    path: '/v1/recipients',
    summary: 'Search recipients by name or number digits.',
    auth: 'recipients.read',
    query: recipientSearchQuery,
    responses: { 200: 'A list of recipients, newest first.' },
  }, async (c: HttpContext) => {
    const query = parseQuery(c, recipientSearchQuery);
    const rows = await searchRecipients(rt.db.prisma, c.get('principal').accountId, query);
    return ok(c, listBody(rows, query, '/api/v1/recipients', recipientJson));
  });

  route({
    method: 'post',
    path: '/v1/recipient-lists/queue',
    summary: 'Send one text to every distinct number of a list.',
    auth: 'sms.send',
    body: queueListInput,
    idempotent: true,
    responses: { 202: 'The batch: how many were queued and which members were skipped.' },
  }, async (c: HttpContext) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => {
      const batch = await queueList(rt, tx, c.get('principal').accountId, body);
      return { status: 202, body: { batch_id: batch.batchId, queued: batch.queued, skipped: batch.skipped } };
    });
  });

  route({
    method: 'get',
    path: '/v1/launch/readiness',
    summary: 'The relay go-live checklist.',
    auth: 'account.read',
    responses: { 200: 'ready, and each step with ok and a hint.' },
  }, async (c: HttpContext) => {
    return ok(c, { ...(await launchReadiness(rt, rt.db.prisma, c.get('principal').accountId)) });
  });

  // The reference server's API of SMS Gateway for Android, for its client libraries (README).
  registerThirdPartyApi(ctx);
}
