// The device work item: what a phone is given to send for one message (a `send` frame, a
// long-poll entry, the Android app's message), and the same item as the dispatcher signals it to
// the gateway holding the phone, its text still sealed.
import { decrypt } from '../../core/crypto.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { Message } from '../../generated/prisma/client.ts';
import type { DeviceWork } from '../json.ts';
import type { SignalledWork } from '../contract.ts';

/** What a device receives for one message (the `send` frame and long-poll entries). */
export function deviceWorkJson(rt: Pick<Runtime, 'config'>, message: Parameters<typeof signalledWork>[0]): DeviceWork {
  return unsealedWork(rt, signalledWork(message));
}

/** The `send` work of a message, its text still sealed if it is (see `unsealedWork`). */
export function signalledWork(
  message: Pick<Message, 'id' | 'attempts' | 'to' | 'body' | 'sealedBody' | 'segments' | 'encoding' | 'priority' | 'simNumber' | 'expiresAt' | 'sendAt'> &
    Partial<Pick<Message, 'routedSimNumber' | 'isEncrypted'>>,
): SignalledWork {
  return {
    message_id: message.id,
    attempt: message.attempts,
    to: message.to,
    body: message.sealedBody ? message.sealedBody : message.body,
    ...(message.sealedBody ? { sealed: true as const } : {}),
    segments: message.segments,
    encoding: message.encoding,
    priority: message.priority,
    // The SIM Yarrow chose for this attempt (devices/pacing.ts), else the send's.
    sim_number: message.routedSimNumber ?? message.simNumber,
    expires_at: message.expiresAt.toISOString(),
    // Only a scheduled message's: the frame of every other send stays as it was.
    ...(message.sendAt ? { send_at: message.sendAt.toISOString() } : {}),
    // Text and number are the sender's ciphertext in the Android app's format, for the phone to decrypt.
    ...(message.isEncrypted ? { is_encrypted: true as const } : {}),
  };
}

/** What a device gets in a `send` frame: the work with its text unsealed. */
export function unsealedWork(rt: Pick<Runtime, 'config'>, signalled: SignalledWork): DeviceWork {
  const { sealed, ...work } = signalled;
  return sealed ? { ...work, body: decrypt(rt.config.secret, work.body) } : work;
}
