import { randomBytes } from 'node:crypto';
import { TypeID, typeid } from 'typeid-js';

/** Prefixed, time-sortable ids (`key_01j…`, `pi_01j…`): the prefix tells a reader what it names. */
export const idPrefixes = {
  apiKey: 'key',
  request: 'req',
  diagnosticPing: 'ping',
  event: 'evt',
  // --- payments ---
  paymentIntent: 'pi',
  cardSession: 'cs',
  invoice: 'inv',
  kycReview: 'kyc',

  // --- webhooks ---

  // --- relay ---

} as const;

export type IdKind = keyof typeof idPrefixes;

export function newId(kind: IdKind): string {
  return typeid(idPrefixes[kind]).toString();
}

/**
 * An id that is also a bearer capability (a hosted page opens with the id alone, e.g. `pi_…`).
 * Same time-sortable layout as `newId`, but all 74 bits after the millisecond timestamp are random:
 * `newId` counts up within a millisecond, so one id would reveal its neighbours.
 */
export function newCapabilityId(kind: IdKind): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // UUID version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  return TypeID.fromUUIDBytes(idPrefixes[kind], bytes).toString();
}

export function hasPrefix(kind: IdKind, value: string): boolean {
  return value.startsWith(`${idPrefixes[kind]}_`);
}
