import { z } from 'zod';
import type { Heartbeat } from '../devices/index.ts';
import { ackInput, reportInput } from '../messages/index.ts';
import { syncInput } from '../messages/index.ts';
import { receivedInput } from '../messages/index.ts';
import type { DeviceWork } from '../json.ts';

// The device protocol's frames (docs/relay-protocol.md). JSON text frames over one WebSocket;
// every device frame may carry a `ref` that the server's `result` frame echoes.

export const DEVICE_WS_PATH = '/api/v1/relay/device/ws';
/** Close codes the server uses; a device must not reconnect after 4001. */
export const CLOSE_REVOKED = 4001;
export const CLOSE_REPLACED = 4002;
export const CLOSE_BAD_FRAME = 4003;

const ref = z.string().max(64).optional();

/** A heartbeat as our protocol sends it: the `heartbeat` frame's fields, the long-poll's heartbeat body. */
export const heartbeatInput = z.strictObject({
  battery_level: z.number().int().min(0).max(100).optional(),
  charging: z.boolean().optional(),
  signal_level: z.number().int().min(0).max(4).optional(),
  queue_length: z.number().int().min(0).max(1_000_000).optional(),
  app_version: z.string().trim().min(1).max(50).optional(),
});

/** The devices' typed heartbeat of one our protocol sent. */
export function heartbeatOf(input: z.infer<typeof heartbeatInput>): Heartbeat {
  return { batteryLevel: input.battery_level, charging: input.charging, signalLevel: input.signal_level, queueLength: input.queue_length, appVersion: input.app_version };
}

export const deviceFrame = z.discriminatedUnion('type', [
  heartbeatInput.extend({ type: z.literal('heartbeat'), ref }),
  ackInput.extend({ type: z.literal('ack'), ref, message_id: z.string().min(1).max(64) }),
  reportInput.extend({ type: z.literal('report'), ref, message_id: z.string().min(1).max(64) }),
  syncInput.extend({ type: z.literal('sync'), ref }),
  // An SMS the phone received (issue 31): answered by a `result` with its `request_id`; a phone resends it until then.
  receivedInput.extend({ type: z.literal('received'), ref }),
]);

export type ServerFrame =
  | { type: 'welcome'; device_id: string; heartbeat_interval_seconds: number; server_time: string }
  | { type: 'send'; message: DeviceWork }
  | { type: 'cancel'; message_id: string; attempt: number; reason: string }
  | { type: 'revoked' }
  | { type: 'result'; ref?: string; ok: true; applied?: boolean; status?: string; held?: boolean; requeued?: number; request_id?: string }
  | { type: 'result'; ref?: string; ok: false; error: { code: string; message: string; param?: string } };
