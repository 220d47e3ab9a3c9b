import { z } from 'zod';
import { restSchema } from '../../core/wire.ts';
import { heldMessagesFields, messageAckFields, messageReportFields, receivedFrameFields } from '../messages/index.ts';
import type { DeviceWork } from '../json.ts';

// The device protocol's frames (docs/relay-protocol.md). JSON text frames over one WebSocket;
// every device frame may carry a `ref` that the server's `result` frame echoes. The protocol
// speaks snake_case: each frame and long-poll body is its command's camelCase fields under their
// snake_case names (`restSchema`, src/core/wire.ts), parsed into that typed command, so a refusal
// names the field as the phone sent it.

export const DEVICE_WS_PATH = '/api/v1/relay/device/ws';
/** Close codes the server uses; a device must not reconnect after 4001. */
export const CLOSE_REVOKED = 4001;
export const CLOSE_REPLACED = 4002;
export const CLOSE_BAD_FRAME = 4003;

const ref = z.string().max(64).optional();
const messageId = z.string().min(1).max(64);

/** A heartbeat's fields: the `heartbeat` frame's, the long-poll's heartbeat body's (the devices' `Heartbeat`). */
const heartbeatFields = {
  batteryLevel: z.number().int().min(0).max(100).optional(),
  charging: z.boolean().optional(),
  signalLevel: z.number().int().min(0).max(4).optional(),
  queueLength: z.number().int().min(0).max(1_000_000).optional(),
  appVersion: z.string().trim().min(1).max(50).optional(),
};

/** The long-poll's bodies (./long-poll.ts), the same fields as the frames below. */
export const heartbeatBody = restSchema(heartbeatFields);
export const ackBody = restSchema(messageAckFields);
export const reportBody = restSchema(messageReportFields);
export const syncBody = restSchema(heldMessagesFields);
export const receivedBody = restSchema(receivedFrameFields);

/** A frame of one `type`: its fields as restSchema reads them; the union tells frames apart by the `type` of the object it parses. */
const frameOf = <Shape extends z.ZodRawShape>(shape: Shape) => restSchema(shape) as z.ZodType<z.output<z.ZodObject<Shape>>> & z.core.$ZodTypeDiscriminable;

export const deviceFrame = z.discriminatedUnion('type', [
  frameOf({ type: z.literal('heartbeat'), ref, ...heartbeatFields }),
  frameOf({ type: z.literal('ack'), ref, messageId, ...messageAckFields }),
  frameOf({ type: z.literal('report'), ref, messageId, ...messageReportFields }),
  frameOf({ type: z.literal('sync'), ref, ...heldMessagesFields }),
  // An SMS the phone received (issue 31): answered by a `result` with its `request_id`; a phone resends it until then.
  frameOf({ type: z.literal('received'), ref, ...receivedFrameFields }),
]);

export type ServerFrame =
  | { type: 'welcome'; device_id: string; heartbeat_interval_seconds: number; server_time: string }
  | { type: 'send'; message: DeviceWork }
  | { type: 'cancel'; message_id: string; attempt: number; reason: string }
  | { type: 'revoked' }
  | { type: 'result'; ref?: string; ok: true; applied?: boolean; status?: string; held?: boolean; requeued?: number; request_id?: string }
  | { type: 'result'; ref?: string; ok: false; error: { code: string; message: string; param?: string } };
