import { describe, expect, it } from 'vitest';
import type { Principal } from '../../src/core/auth.ts';
import { createSubscriptionRevoker } from '../../src/graphql/revocation.ts';
import { liveSource } from '../helpers/live-source.ts';

const principal = (keyId: string) => ({ keyId, accountId: 1, scopes: [] }) as unknown as Principal;
const revoke = (events: EventTarget, keyId: string) => events.dispatchEvent(new CustomEvent('apiKeyRevoked:all', { detail: { keyId } }));

describe('subscription revocation', () => {
  it("passes a key's events through, and ends a waiting subscription with the final result when the key is revoked", async () => {
    const events = new EventTarget();
    const { untilRevoked } = createSubscriptionRevoker(events);
    const live = liveSource<string>();
    const other = liveSource<string>();
    const results = untilRevoked(live.iterator, principal('key_a'), () => 'revoked');
    const others = untilRevoked(other.iterator, principal('key_b'), () => 'revoked');
    live.push('one');
    expect(await results.next()).toEqual({ done: false, value: 'one' });
    const waiting = results.next();
    revoke(events, 'key_a');
    expect(await waiting).toEqual({ done: false, value: 'revoked' });
    expect(live.ended).toBe(true);
    expect(await results.next()).toEqual({ done: true, value: undefined });
    // An event the source had after the revocation is not delivered.
    live.push('late');
    expect(await results.next()).toEqual({ done: true, value: undefined });
    // Another key's subscription goes on.
    other.push('two');
    expect(await others.next()).toEqual({ done: false, value: 'two' });
    expect(other.ended).toBe(false);
  });

  it('ends at once a subscription of a key revoked just before it started, even with an event already waiting', async () => {
    const events = new EventTarget();
    const { untilRevoked } = createSubscriptionRevoker(events);
    revoke(events, 'key_a');
    const live = liveSource<string>();
    live.push('one');
    const results = untilRevoked(live.iterator, principal('key_a'), () => 'revoked');
    expect(await results.next()).toEqual({ done: false, value: 'revoked' });
    expect(live.ended).toBe(true);
    expect(await results.next()).toEqual({ done: true, value: undefined });
  });

  it('passes on the end and the errors of its source, and ends the source on return()', async () => {
    const events = new EventTarget();
    const { untilRevoked } = createSubscriptionRevoker(events);
    const failing: AsyncIterableIterator<string> = {
      next: () => Promise.reject(new Error('boom')),
      [Symbol.asyncIterator]: () => failing,
    };
    await expect(untilRevoked(failing, principal('key_a'), () => 'revoked').next()).rejects.toThrow('boom');
    const live = liveSource<string>();
    const results = untilRevoked(live.iterator, principal('key_a'), () => 'revoked');
    const waiting = results.next();
    await results.return!();
    expect(live.ended).toBe(true);
    expect(await waiting).toEqual({ done: true, value: undefined });
    // A revocation after the end changes nothing.
    revoke(events, 'key_a');
    expect(await results.next()).toEqual({ done: true, value: undefined });
  });
});
