import { describe, expect, it } from 'vitest';
import { anyEventOf, currentThenLive } from '../../src/graphql/live.ts';
import { liveSource } from '../helpers/live-source.ts';

describe('currentThenLive', () => {
  it('yields the current state first, then each event `next` keeps', async () => {
    const live = liveSource<number>();
    live.push(1); // heard while the current state was read: already shown, dropped below
    const results = currentThenLive(live.iterator, { current: async () => 1, next: (event) => (event > 1 ? event * 10 : undefined) });
    expect(await results.next()).toEqual({ done: false, value: 1 });
    live.push(2);
    expect(await results.next()).toEqual({ done: false, value: 20 });
  });

  it('ends the live source at once when the client leaves while it waits for an event', async () => {
    const live = liveSource<number>();
    const results = currentThenLive(live.iterator, { next: (event) => event });
    const waiting = results.next();
    await results.return!();
    expect(live.ended).toBe(true);
    expect(await waiting).toEqual({ done: true, value: undefined });
  });

  it('ends the live source when reading the current state fails', async () => {
    const live = liveSource<number>();
    const results = currentThenLive(live.iterator, {
      current: () => Promise.reject(new Error('not_found')),
      next: (event) => event,
    });
    await expect(results.next()).rejects.toThrow('not_found');
    expect(live.ended).toBe(true);
  });
});

describe('anyEventOf', () => {
  it('yields once for events of any source that came together, waits for the next, and ends every source', async () => {
    const devices = liveSource<string>();
    const keys = liveSource<number>();
    const changes = anyEventOf([devices.iterator, keys.iterator]);
    devices.push('paired');
    keys.push(1);
    // Let the sources' pumps hear both before the subscriber asks.
    await new Promise((resolve) => setImmediate(resolve));
    // The latest of them, for a re-read shared by every subscriber (readOncePerEvent).
    expect(await changes.next()).toEqual({ done: false, value: 1 });
    const waiting = changes.next();
    let settled = false;
    void waiting.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false); // both events counted once
    keys.push(2);
    expect(await waiting).toEqual({ done: false, value: 2 });
    await changes.return?.();
    expect(devices.ended && keys.ended).toBe(true);
    expect(await changes.next()).toEqual({ done: true, value: undefined });
  });
});
