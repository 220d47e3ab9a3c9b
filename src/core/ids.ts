import { randomBytes, randomInt } from 'node:crypto';
import { TypeID, typeid } from 'typeid-js';

/** Prefixed, time-sortable ids (`key_01j…`, `pi_01j…`): the prefix tells a reader what it names. */
export const idPrefixes = {
  apiKey: 'key',
  request: 'req',
  diagnosticPing: 'ping',
  event: 'evt',
  panelUser: 'usr',
  // --- payments ---
  paymentIntent: 'pi',
  cardSession: 'cs',
  invoice: 'inv',
  kycReview: 'kyc',

  // --- webhooks ---
  webhookEndpoint: 'we',
  webhookAttempt: 'wa',

  // --- relay ---
  device: 'dev',
  pairingCode: 'pair',
  /** An SMS: its id is the `request_id` the send answered with. */
  message: 'req',
  messageAttempt: 'att',
  messageBatch: 'batch',
  otp: 'otp',
  recipient: 'rcp',
  recipientList: 'lst',

} as const;

export type IdKind = keyof typeof idPrefixes;

export function newId(kind: IdKind): string {
  return typeid(idPrefixes[kind]).toString();
}

let capabilityMs = 0;
let capabilityCounter = 0;

/**
 * An id that is also a bearer capability (a hosted page opens with the id alone, e.g. `pi_…`).
 * Same time-sortable layout as `newId` (UUIDv7: millisecond, then a 12-bit counter that keeps one
 * process's ids in order), but the last 62 bits are fresh randomness for every id: `newId` only
 * has 40, next to a counter, so one of its ids narrows down its neighbours.
 */
export function newCapabilityId(kind: IdKind): string {
  let ms = Date.now();
  if (ms <= capabilityMs) {
    ms = capabilityMs;
    if (++capabilityCounter > 0xfff) {
      ms += 1;
      capabilityCounter = 0;
    }
  } else {
    capabilityCounter = randomInt(0, 0x800);
  }
  capabilityMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (capabilityCounter >> 8); // version 7, counter high bits
  bytes[7] = capabilityCounter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant; the rest stays random
  return TypeID.fromUUIDBytes(idPrefixes[kind], bytes).toString();
}
