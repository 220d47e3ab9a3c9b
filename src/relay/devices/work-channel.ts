// The one channel by which a phone's work reaches the transport that holds it: the drain and the
// hand-off signal a device (`send`, `cancel`, `revoked`, `replaced`, on the `relayDevice` topic,
// from any process), and every transport (our WebSocket, the long-poll, the Android app's events
// stream) hears them here, typed, instead of each naming the topic and writing its own wait.
import type { GatewayContext } from '../../core/gateway-context.ts';
import type { DbClient } from '../../core/db.ts';
import { liveEvent, publishMany, type Topics } from '../../core/pubsub.ts';

export type DeviceSignal = Topics['relayDevice'][1];
type Events = GatewayContext['events'];

/** Hears the device's signals until the answer is called. */
export function listenToDevice(events: Events, deviceId: string, hear: (signal: DeviceSignal) => void): () => void {
  const topic = `relayDevice:${deviceId}`;
  const listener = (event: Event) => hear((event as CustomEvent<DeviceSignal>).detail);
  events.addEventListener(topic, listener);
  return () => events.removeEventListener(topic, listener);
}

/**
 * The device's work as `look` reads it, waiting up to `waitMs` (or until `abort`) for a signal
 * when there is none yet. It listens before it looks, so work dispatched between the two is not missed.
 */
export async function awaitWork<T>(events: Events, deviceId: string, look: () => Promise<T[]>, { waitMs, abort }: { waitMs: number; abort?: AbortSignal }): Promise<T[]> {
  let wake = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const stop = listenToDevice(events, deviceId, () => wake());
  try {
    const work = await look();
    if (work.length > 0 || waitMs <= 0) return work;
    const timer = setTimeout(wake, waitMs);
    abort?.addEventListener('abort', wake);
    await woken;
    clearTimeout(timer);
    return await look();
  } finally {
    stop();
  }
}

/** Signals devices from any process, when `db` commits (the drain's `cancel`s, a take-back's, a newer connection's `replaced`). */
export async function signalDevices(db: DbClient, signals: Array<[deviceId: string, signal: DeviceSignal]>) {
  if (signals.length > 0) await publishMany(db, 'relayDevice', signals);
}

/** A device's signal as a live event, for a statement that publishes it with others (`publishAll`). */
export function deviceSignalEvent(deviceId: string, signal: DeviceSignal): string {
  return liveEvent('relayDevice', deviceId, signal);
}
