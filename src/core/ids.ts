import { typeid } from 'typeid-js';

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

export function hasPrefix(kind: IdKind, value: string): boolean {
  return value.startsWith(`${idPrefixes[kind]}_`);
}
