// The SMS Gateway for Android app's events stream (`GET /events`): how work reaches the app. The
// app pulls its messages itself; the stream tells it when to (`MessageEnqueued`) and what to drop.
import { randomUUID } from 'node:crypto';
import { YarrowError } from '../../../core/errors.ts';
import type { HttpContext } from '../../../core/http.ts';
import type { Runtime } from '../../../core/runtime.ts';
import type { GatewayContext } from '../../../core/gateway-context.ts';
import type { Device } from '../../../generated/prisma/client.ts';
import { deviceConnected, deviceDisconnected, recordHeartbeat } from '../../devices/index.ts';
import { listenToDevice, type DeviceSignal } from '../../devices/index.ts';

/** The reference server's SSE keep-alive period. */
const KEEPALIVE_SECONDS = 15;

/**
 * The app's events stream. Every open and close of a stream goes through here: it listens on
 * the device's topic (any process's dispatcher reaches it), says `MessageEnqueued` when work is
 * dispatched, keeps the device online while open, ends when the device is revoked or a newer
 * connection of it opens (here or on another gateway), and cleans up when the phone goes away.
 */
export function openEventStream(rt: Runtime, events: GatewayContext['events'], open: Set<() => void>, c: HttpContext, device: Device): Response {
  const connectionId = randomUUID();
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let stopListening = () => {};
  const timers: NodeJS.Timeout[] = [];

  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };

  const onSignal = (signal: DeviceSignal) => {
    if (signal.kind === 'send') write('event: MessageEnqueued\ndata: null\n\n');
    else if (signal.kind === 'cancel') write(`event: MessageCancelled\ndata: ${JSON.stringify({ messageId: signal.messageId })}\n\n`);
    else if (signal.kind === 'revoked') close();
    else if (signal.kind === 'settings') write('event: SettingsUpdated\ndata: null\n\n');
    // A map of strings, as the reference server sends it (SRV : modules/events/events.go); the app reads since, until, messageTypes, triggerWebhooks.
    else if (signal.kind === 'exportInbox') write(`event: MessagesExportRequested\ndata: ${JSON.stringify(signal.data)}\n\n`);
  };

  function close() {
    if (closed) return;
    closed = true;
    // When it was the device's last connection, the phone leaves routing at once and the work it
    // has not pulled goes back (deviceDisconnected);
    // `offline` still waits for the heartbeat window, as for every transport.
    void connected
      .then(() => deviceDisconnected(rt, device.id, connectionId))
      .catch((error: unknown) => rt.logger.warn({ err: error, deviceId: device.id }, 'android app stream: disconnect failed'));
    open.delete(close);
    stopListening();
    for (const timer of timers) clearInterval(timer);
    try {
      controller.close();
    } catch {}
  }

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel: () => close(),
  });
  // The open stream makes the phone reachable for routing on every gateway (deviceConnected), and
  // we listen before the app pulls (it pulls on connect), so no dispatch falls between the two.
  const connected = deviceConnected(rt, device.id, connectionId);
  connected.catch(() => close());
  stopListening = listenToDevice(events, device.id, onSignal);
  open.add(close);
  c.req.raw.signal.addEventListener('abort', close);
  timers.push(setInterval(() => write(':keepalive\n\n'), KEEPALIVE_SECONDS * 1000));
  timers.push(
    setInterval(() => {
      recordHeartbeat(rt, device.id, {}).catch((error: unknown) => {
        if (error instanceof YarrowError && error.code === 'unauthorized') close();
        else rt.logger.warn({ err: error, deviceId: device.id }, 'android app stream heartbeat failed');
      });
    }, rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS * 1000),
  );
  for (const timer of timers) timer.unref();
  // A device may hold several streams (the app starts its service from the app and from its boot
  // receiver), on any gateway: none replaces another; it leaves routing when the last one closes.
  // A first comment so the app (and any proxy) sees the stream open at once.
  write(':connected\n\n');
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    },
  });
}
