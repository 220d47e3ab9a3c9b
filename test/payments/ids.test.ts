import { describe, expect, it } from 'vitest';
import { TypeID } from 'typeid-js';
import { newCapabilityId } from '../../src/payments/contract.ts';
import { newId } from '../../src/webhooks/contract.ts';

/** Ids made within one millisecond (the timestamp is the first 48 bits). */
function sameMillisecond(make: () => string, count: number): string[] {
  for (;;) {
    const ids = Array.from({ length: count }, make);
    const stamps = new Set(ids.map((id) => TypeID.fromString(id).toUUID().slice(0, 13)));
    if (stamps.size === 1) return ids;
  }
}

describe('capability ids (pi_, cs_, inv_)', () => {
  it('are typeids with the millisecond in front, so they still sort by time', () => {
    const id = newCapabilityId('paymentIntent');
    expect(id).toMatch(/^pi_[0-9a-hjkmnp-tv-z]{26}$/);
    const uuid = TypeID.fromString(id).toUUID();
    expect(uuid[14]).toBe('7');
    const ms = parseInt(uuid.replaceAll('-', '').slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(5_000);
  });

  it('keep order within a millisecond, yet each carries 62 fresh random bits', () => {
    const ids = sameMillisecond(() => newCapabilityId('paymentIntent'), 20);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(20);
    // The last 62 bits: random for every id, not a count (newId's would count up with the id).
    const tails = ids.map((id) => BigInt(`0x${TypeID.fromString(id).toUUID().replaceAll('-', '').slice(16)}`) & ((1n << 62n) - 1n));
    expect([...tails].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).not.toEqual(tails);
    const counted = sameMillisecond(() => newId('event'), 20);
    const countedLow = counted.map((id) => BigInt(`0x${TypeID.fromString(id).toUUID().replaceAll('-', '').slice(16, 22)}`) >> 3n);
    expect([...countedLow].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(countedLow);
  });
});
