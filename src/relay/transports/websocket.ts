import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { YarrowError, fromZodError } from '../../core/errors.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import type { Device } from '../../generated/prisma/client.ts';
import { authenticateDevice, deviceConnected, deviceDisconnected, recordHeartbeat } from '../devices/index.ts';
import { acknowledgeMessage, reportMessage } from '../messages/index.ts';
import { deviceWorkJson, unsealedWork } from '../messages/index.ts';
import { pendingForDevice, syncHeldMessages, takenBackFrom } from '../messages/index.ts';
import { receiveSms, receivedFromFrame } from '../messages/index.ts';
import { writeTogether } from '../../core/socket-writes.ts';
import { listenToDevice, signalDevices, type DeviceSignal } from '../devices/index.ts';
import { CLOSE_BAD_FRAME, CLOSE_REPLACED, CLOSE_REVOKED, DEVICE_WS_PATH, deviceFrame, type ServerFrame } from './protocol.ts';


interface Connection {
  id: string;
  device: Device;
  socket: WebSocket;
  alive: boolean;
  /** When the socket opened: the phone's sync speaks of what it took before. */
  openedAt: Date;
  /** Frames being handled: the close is recorded after them (a heartbeat must not land after it). */
  handling: Set<Promise<void>>;
  stop(): void;
}

/**
 * The device side of the gateway: WebSockets on /api/v1/relay/device/ws. Work reaches a device
 * from any process through the `relayDevice:<deviceId>` topic; the gateway that holds the device's
 * socket pushes it. A device has at most one socket: a newer one (on any gateway) replaces it.
 */
export function registerDeviceSockets(ctx: GatewayContext) {
  const { rt, events } = ctx;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Map<string, Connection>();

  const send = (socket: WebSocket, frame: ServerFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    writeTogether(socket);
    socket.send(JSON.stringify(frame));
  };

  async function pushPending(connection: Connection, ids?: string[]) {
    const messages = await pendingForDevice(rt.db.prisma, connection.device.id, ids);
    for (const message of messages) send(connection.socket, { type: 'send', message: deviceWorkJson(rt, message) });
  }

  async function handleFrame(connection: Connection, text: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      connection.socket.close(CLOSE_BAD_FRAME, 'frames must be JSON');
      return;
    }
    const ref = typeof (parsed as { ref?: unknown })?.ref === 'string' ? ((parsed as { ref: string }).ref) : undefined;
    try {
      const result = deviceFrame.safeParse(parsed);
      if (!result.success) throw fromZodError(result.error);
      const frame = result.data;
      if (frame.type === 'heartbeat') {
        const { type: _type, ref: _ref, ...heartbeat } = frame;
        connection.device = await recordHeartbeat(rt, connection.device.id, heartbeat);
        send(connection.socket, { type: 'result', ref, ok: true });
      } else if (frame.type === 'sync') {
        // What the phone took on this connection it knows of, whatever the frames' order here.
        const outcome = await syncHeldMessages(rt, connection.device, { held: frame.held }, connection.openedAt);
        send(connection.socket, { type: 'result', ref, ok: true, ...outcome });
      } else if (frame.type === 'received') {
        // `applied` false: a resend of an SMS already recorded (the first answer was lost); the phone may forget it either way.
        const { type: _type, ref: _ref, ...received } = frame;
        const { message, created } = await receiveSms(rt, receivedFromFrame(connection.device, received));
        send(connection.socket, { type: 'result', ref, ok: true, applied: created, status: 'received', request_id: message.id });
      } else if (frame.type === 'ack') {
        const outcome = await acknowledgeMessage(rt, connection.device, frame.messageId, { attempt: frame.attempt });
        send(connection.socket, { type: 'result', ref, ok: true, ...outcome });
      } else {
        const { type: _type, ref: _ref, messageId, ...report } = frame;
        const outcome = await reportMessage(rt, connection.device, messageId, report);
        send(connection.socket, { type: 'result', ref, ok: true, ...outcome });
      }
    } catch (error) {
      const known = error instanceof YarrowError ? error : new YarrowError('internal_error', 'An internal error occurred.');
      if (!(error instanceof YarrowError)) rt.logger.error({ err: error, deviceId: connection.device.id }, 'device frame failed');
      send(connection.socket, { type: 'result', ref, ok: false, error: known.toBody().error });
      if (known.code === 'unauthorized') connection.socket.close(CLOSE_REVOKED, 'device revoked');
    }
  }

  function attach(socket: WebSocket, device: Device) {
    const id = randomUUID();
    const onSignal = (signal: DeviceSignal) => {
      if (signal.kind === 'send') {
        // The dispatcher sends the work along when it fits; what did not is read back.
        for (const work of signal.work ?? []) send(socket, { type: 'send', message: unsealedWork(rt, work) });
        const carried = new Set((signal.work ?? []).map((work) => work.message_id));
        const missing = signal.messageIds.filter((id) => !carried.has(id));
        if (missing.length > 0) void pushPending(connection, missing).catch((error) => rt.logger.error({ err: error }, 'push failed'));
      }
      else if (signal.kind === 'cancel') send(socket, { type: 'cancel', message_id: signal.messageId, attempt: signal.attempt, reason: signal.reason });
      else if (signal.kind === 'revoked') {
        send(socket, { type: 'revoked' });
        socket.close(CLOSE_REVOKED, 'device revoked');
      } else if (signal.kind === 'replaced' && signal.connectionId !== id) socket.close(CLOSE_REPLACED, 'replaced by a newer connection');
    };
    const connection: Connection = {
      id,
      device,
      socket,
      alive: true,
      openedAt: new Date(),
      handling: new Set(),
      stop: () => {},
    };
    connection.stop = listenToDevice(events, device.id, onSignal);
    connections.get(device.id)?.socket.close(CLOSE_REPLACED, 'replaced by a newer connection');
    connections.set(device.id, connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return void socket.close(CLOSE_BAD_FRAME, 'frames must be JSON text');
      const handled = handleFrame(connection, data.toString()).finally(() => connection.handling.delete(handled));
      connection.handling.add(handled);
    });
    // Connecting counts as a heartbeat and makes the device reachable for routing (in PostgreSQL,
    // so every gateway and worker sees it); closing takes it out of routing at once.
    const connected = deviceConnected(rt, device.id, id);
    socket.on('close', () => {
      connection.stop();
      if (connections.get(device.id) === connection) connections.delete(device.id);
      // After the connect and the frames in hand are recorded: a socket that closes during setup is
      // not left "connected", and a late heartbeat does not count as a poll after the close.
      void Promise.allSettled([connected, ...connection.handling])
        .then(() => deviceDisconnected(rt, device.id, id))
        .catch((error) => rt.logger.warn({ err: error, deviceId: device.id }, 'recording a device disconnect failed'));
    });
    socket.on('error', () => {});

    void (async () => {
      // Other gateways drop older sockets of this device.
      connection.device = await connected;
      await signalDevices(rt.db.prisma, [[device.id, { kind: 'replaced', connectionId: id }]]);
      for (const taken of await takenBackFrom(rt.db.prisma, device.id)) {
        send(socket, { type: 'cancel', message_id: taken.message_id, attempt: taken.number, reason: taken.outcome });
      }
      send(socket, {
        type: 'welcome',
        device_id: device.id,
        heartbeat_interval_seconds: rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS,
        server_time: new Date().toISOString(),
      });
      await pushPending(connection);
    })().catch((error) => {
      rt.logger.warn({ err: error, deviceId: device.id }, 'device connection setup failed');
      socket.close(1011, 'setup failed');
    });
  }

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    authenticateDevice(rt, request.headers.authorization).then(
      (device) => wss.handleUpgrade(request, socket, head, (ws) => attach(ws, device)),
      (error) => {
        const status = error instanceof YarrowError ? `${error.status} ${error.code}` : '500 internal_error';
        const body = JSON.stringify(error instanceof YarrowError ? error.toBody() : { ok: false });
        socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      },
    );
  };
  ctx.onUpgrade(DEVICE_WS_PATH, upgrade);
  ctx.onUpgrade(DEVICE_WS_PATH.replace('/api/', '/api/api/'), upgrade);

  // Protocol pings keep NAT mappings open and find sockets whose phone vanished without a FIN.
  const pinger = setInterval(() => {
    for (const connection of connections.values()) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, 30_000);
  pinger.unref();

  ctx.onStop(async () => {
    clearInterval(pinger);
    for (const connection of connections.values()) connection.socket.close(1001, 'gateway stopping');
    wss.close();
  });
}
