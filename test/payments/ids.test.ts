import { describe, expect, it } from 'vitest';
import { TypeID } from 'typeid-js';
import { newCapabilityId, newId } from '../../src/core/ids.ts';

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

  it('do not count up within a millisecond the way newId does, so one id does not reveal the next', () => {
    const counted = sameMillisecond(() => newId('event'), 20);
    expect([...counted].sort()).toEqual(counted);
    const capabilities = sameMillisecond(() => newCapabilityId('paymentIntent'), 20);
    expect([...capabilities].sort()).not.toEqual(capabilities);
    expect(new Set(capabilities).size).toBe(20);
  });
});
