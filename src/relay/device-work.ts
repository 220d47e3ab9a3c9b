// The device work item: what a phone is given to send for one message (a `send` frame, a
// long-poll entry, the Android app's message), and the same item as the dispatcher signals it to
// the gateway holding the phone, its text still sealed.
import type { z } from 'zod';
import { decrypt } from '../core/crypto.ts';
import type { Runtime } from '../core/runtime.ts';
import type { Message } from '../generated/prisma/client.ts';
import type { deviceWorkSchema } from './json.ts';
import type { SignalledWork } from './module.ts';

/** What a device receives for one message (the `send` frame and long-poll entries). */
export function deviceWorkJson(rt: Pick<Runtime, 'config'>, message: Parameters<typeof signalledWork>[0]): z.infer<typeof deviceWorkSchema> {
  return unsealedWork(rt, signalledWork(message));
}

/** The `send` work of a message, its text still sealed if it is (see `unsealedWork`). */
export function signalledWork(message: Pick<Message, 'id' | 'attempts' | 'to' | 'body' | 'sealedBody' | 'segments' | 'encoding' | 'expiresAt'>): SignalledWork {
  return {
    message_id: message.id,
    attempt: message.attempts,
    to: message.to,
    body: message.sealedBody ? null : message.body,
    sealed_body: message.sealedBody,
    segments: message.segments,
    encoding: message.encoding,
    expires_at: message.expiresAt.toISOString(),
  };
}

/** What a device gets in a `send` frame. */
export function unsealedWork(rt: Pick<Runtime, 'config'>, work: SignalledWork) {
  const { sealed_body: sealed, ...rest } = work;
  return { ...rest, body: sealed ? decrypt(rt.config.secret, sealed) : rest.body! };
}
