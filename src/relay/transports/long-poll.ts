import { z } from 'zod';
import { ok, okSchema } from '../../core/http.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import { defineRoute, type Credential } from '../../core/route.ts';
import type { Device } from '../../generated/prisma/client.ts';
import { authenticateDevice, deviceJson, recordHeartbeat, withConnections } from '../devices/index.ts';
import { ackBody, heartbeatBody, receivedBody, reportBody, syncBody } from './protocol.ts';
import { deviceSchema, deviceWorkSchema, reportOutcomeSchema } from '../json.ts';
import { acknowledgeMessage, pendingForDevice, receivedFromFrame, receiveSms, reportMessage, syncHeldMessages } from '../messages/index.ts';
import { awaitWork } from '../devices/index.ts';
import { deviceWorkJson } from '../messages/index.ts';

// The device's own HTTP API, for phones that cannot hold a WebSocket (docs/relay-protocol.md): the
// same work and the same reports as the socket's frames (./websocket.ts), with a long poll for work.

const LONG_POLL_MAX_SECONDS = 30;
const pollQuery = z.object({ wait: z.coerce.number().int().min(0).max(LONG_POLL_MAX_SECONDS).default(25) });

export function registerLongPollRoutes(ctx: GatewayContext) {
  const { rt, events } = ctx;
  /** Its device token, not an API key. */
  const deviceToken: Credential<Device> = {
    documentedAs: 'device',
    authenticate: (c) => authenticateDevice(rt, c.req.header('authorization')),
  };

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/relay/device/me',
    alias: true,
    tag: 'Relay',
    summary: 'The calling device.',
    operationId: 'getCallingDevice',
    response: okSchema({ device: deviceSchema }),
    auth: deviceToken,
    responses: { 200: 'The device.' },
    handler: async (c, { auth: device }) => ok(c, { device: deviceJson(rt, await withConnections(rt.db.prisma, device)) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/device/heartbeat',
    alias: true,
    tag: 'Relay',
    summary: 'Heartbeat: battery, charging, signal, queue length.',
    operationId: 'sendDeviceHeartbeat',
    response: okSchema({ device: deviceSchema, heartbeat_interval_seconds: z.number().int() }),
    auth: deviceToken,
    body: heartbeatBody,
    responses: { 200: 'The device, and the heartbeat interval.' },
    handler: async (c, { auth: device, body }) => {
      const updated = await recordHeartbeat(rt, device.id, body);
      return ok(c, { device: deviceJson(rt, await withConnections(rt.db.prisma, updated)), heartbeat_interval_seconds: rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS });
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/relay/device/messages',
    alias: true,
    tag: 'Relay',
    summary: 'Long-poll for work: unacknowledged messages, at once or when they arrive (up to `wait` s).',
    operationId: 'pollDeviceMessages',
    response: okSchema({ messages: z.array(deviceWorkSchema) }),
    auth: deviceToken,
    query: pollQuery,
    responses: { 200: 'The messages to send (maybe none).' },
    handler: async (c, { auth: current, query: { wait } }) => {
      // A device polling after its socket closed is reachable again (it hears of work here).
      if (current.disconnectedAt && current.lastSeenAt <= current.disconnectedAt) await recordHeartbeat(rt, current.id, {});
      const pending = await awaitWork(events, current.id, () => pendingForDevice(rt.db.prisma, current.id), { waitMs: wait * 1000, abort: c.req.raw.signal });
      return ok(c, { messages: pending.map((message) => deviceWorkJson(rt, message)) });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/device/messages/:id/ack',
    alias: true,
    tag: 'Relay',
    summary: "Acknowledge a message (it is in the phone's queue).",
    operationId: 'acknowledgeDeviceMessage',
    response: okSchema(reportOutcomeSchema.shape),
    auth: deviceToken,
    body: ackBody,
    responses: { 200: 'Whether it changed anything (`applied`) and the status.' },
    handler: async (c, { auth: device, body }) => {
      const outcome = await acknowledgeMessage(rt, device, c.req.param('id'), body);
      return ok(c, { ...outcome });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/device/messages/:id/report',
    alias: true,
    tag: 'Relay',
    summary: 'Report sent, delivered or failed (idempotent).',
    operationId: 'reportDeviceMessage',
    response: okSchema(reportOutcomeSchema.shape),
    auth: deviceToken,
    body: reportBody,
    responses: { 200: 'Whether it changed anything (`applied`) and the status.' },
    handler: async (c, { auth: device, body }) => {
      const outcome = await reportMessage(rt, device, c.req.param('id'), body);
      return ok(c, { ...outcome });
    },
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/device/sync',
    alias: true,
    tag: 'Relay',
    summary: 'After a (re)connect: the messages the phone holds; what it took and no longer holds is queued again.',
    operationId: 'syncDeviceMessages',
    response: okSchema({ requeued: z.number().int().describe('Messages the phone took, no longer holds and never reported sent: queued again.') }),
    auth: deviceToken,
    body: syncBody,
    responses: { 200: 'How many messages went back to the queue.' },
    handler: async (c, { auth: device, body }) => ok(c, await syncHeldMessages(rt, device, body)),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/v1/relay/device/received',
    alias: true,
    tag: 'Relay',
    summary: 'An SMS the phone received (the long-poll twin of the `received` frame): recorded once per `id`, resent until answered.',
    operationId: 'receiveDeviceSms',
    response: okSchema({
      applied: z.boolean().describe('false: a resend of an SMS already recorded (nothing changed).'),
      status: z.literal('received'),
      request_id: z.string().describe('The inbound message (`sms_…`).'),
    }),
    auth: deviceToken,
    body: receivedBody,
    responses: { 200: 'The inbound message it became.' },
    handler: async (c, { auth: device, body }) => {
      const { message, created } = await receiveSms(rt, receivedFromFrame(device, body));
      return ok(c, { applied: created, status: 'received' as const, request_id: message.id });
    },
  });
}
