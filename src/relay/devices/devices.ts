import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { z } from 'zod';
import { keyedHash, randomToken } from '../../core/crypto.ts';
import type { DbClient } from '../../core/db.ts';
import { YarrowError, notFound } from '../../core/errors.ts';
import { asRateLimited } from '../../core/rate-limit.ts';
import { perRuntime } from '../../core/per-runtime.ts';
import { newId } from '../contract.ts';
import { liveEvent, publishAll } from '../../core/pubsub.ts';
import { deviceSignalEvent } from './work-channel.ts';
import type { Runtime } from '../../core/runtime.ts';
import { closeConnection, lockDeviceReachability, openConnection } from './sql.ts';
import type { Device } from '../../generated/prisma/client.ts';
import { messageMoves } from './message-moves.ts';
import type { deviceSchema } from '../json.ts';
import { publishDeviceChange, recordPresenceChange } from './notices.ts';
import { checkSendInterval, devicePacingInput, type SimSelectionMode } from './pacing.ts';

/** No 0/O, 1/I/L: a code read off a screen and typed on a phone must not be ambiguous. */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_TTL_SECONDS = 600;
export const DEVICE_TOKEN_PREFIX = 'ydt_';
export const QR_SCHEME = 'yarrow-relay://pair';
/** Where the API of the SMS Gateway for Android app is served: the user types `<PUBLIC_BASE_URL>` + this as the app's "API URL". */
export const ANDROID_APP_API_PATH = '/api/mobile/v1';

function hashPairingCode(secret: string, code: string) {
  return keyedHash(secret, `pairing-code:${code}`);
}

function hashDeviceToken(secret: string, token: string) {
  return keyedHash(secret, `device-token:${token}`);
}

/** Upper-cases and drops spaces and dashes, so `abcd-2345` and `ABCD2345` are the same code. */
export function normalisePairingCode(input: string) {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** The relay base URL devices talk to: documented `/v1/x` paths live under it. */
export function relayBaseUrl(rt: Pick<Runtime, 'config'>) {
  return `${rt.config.publicBaseUrl}/api`;
}

/** What the user types into SMS Gateway for Android as "API URL" (Settings → Cloud Server). */
export function androidAppApiUrl(rt: Pick<Runtime, 'config'>) {
  return `${rt.config.publicBaseUrl}${ANDROID_APP_API_PATH}`;
}

export function qrPayloadFor(rt: Pick<Runtime, 'config'>, code: string) {
  return `${QR_SCHEME}?v=1&base=${encodeURIComponent(relayBaseUrl(rt))}&code=${code}`;
}

export interface CreatedPairingCode {
  id: string;
  code: string;
  qrPayload: string;
  /** The "API URL" to type into SMS Gateway for Android before signing in with this code. */
  appServerUrl: string;
  /** An SVG data URL of the QR code, ready for an <img src>. */
  qrImage: string;
  expiresAt: Date;
}

export async function createPairingCode(rt: Pick<Runtime, 'config'>, db: DbClient, accountId: number): Promise<CreatedPairingCode> {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_SECONDS * 1000);
  const row = await db.pairingCode.create({
    data: { id: newId('pairingCode'), accountId, codeHash: hashPairingCode(rt.config.secret, code), expiresAt },
  });
  const qrPayload = qrPayloadFor(rt, code);
  const svg = await QRCode.toString(qrPayload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { id: row.id, code, qrPayload, appServerUrl: androidAppApiUrl(rt), qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresAt };
}

/** A device to pair, typed: each transport parses its own body into it (REST: `pairDeviceInput`, ../rest.ts; the Android app's registration). */
export interface PairDeviceCommand {
  /** Exactly one of `pairingCode` and `qrPayload` (the transport's parser says so). */
  pairingCode?: string;
  qrPayload?: string;
  deviceName: string;
  platform?: string;
  appVersion?: string;
  sims?: Array<{ slot: number; carrier?: string; phoneNumber?: string }>;
}

/** The code inside a `yarrow-relay://pair?…&code=…` payload. */
function codeFromQrPayload(payload: string): string {
  let url: URL;
  try {
    url = new URL(payload);
  } catch {
    throw new YarrowError('invalid_request', `qr_payload: not a ${QR_SCHEME} URI.`, { param: 'qr_payload' });
  }
  const code = url.searchParams.get('code');
  if (url.protocol !== 'yarrow-relay:' || !code) {
    throw new YarrowError('invalid_request', `qr_payload: not a ${QR_SCHEME} URI with a code.`, { param: 'qr_payload' });
  }
  return code;
}

export interface PairedDevice {
  device: Device;
  /** The device's bearer token. Shown once; only its hash is stored. */
  token: string;
}

/** Spends a pairing code (once, atomically) and creates the device with its token. */
export async function pairDevice(rt: Pick<Runtime, 'config'>, db: DbClient, input: PairDeviceCommand): Promise<PairedDevice> {
  // Refusals name the Yarrow API's fields, as the send rules do (another wire renames them).
  const param = input.pairingCode ? 'pairing_code' : 'qr_payload';
  const code = normalisePairingCode(input.pairingCode ?? codeFromQrPayload(input.qrPayload!));
  const codeHash = hashPairingCode(rt.config.secret, code);
  const claimed = await db.pairingCode.updateMany({
    where: { codeHash, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (claimed.count !== 1) {
    // One answer for a code that never existed, was used or has expired: telling them apart would
    // tell a guesser which codes were real. The panel says when a code expires and that it works once.
    throw new YarrowError('not_found', 'No valid pairing code: it is unknown, already used or expired (codes work once, for 10 minutes). Make a new one.', { param });
  }
  const pairing = (await db.pairingCode.findUnique({ where: { codeHash } }))!;
  const token = DEVICE_TOKEN_PREFIX + randomToken(30);
  const device = await db.device.create({
    data: {
      id: newId('device'),
      accountId: pairing.accountId,
      name: input.deviceName,
      platform: input.platform ?? null,
      appVersion: input.appVersion ?? null,
      sims: (input.sims ?? []).map((sim) => ({ slot: sim.slot, carrier: sim.carrier ?? null, phone_number: sim.phoneNumber ?? null })),
      tokenHash: hashDeviceToken(rt.config.secret, token),
      tokenPrefix: token.slice(0, 12),
      // Online once the app connects or sends its first heartbeat, not merely because it paired.
      status: 'offline',
    },
  });
  await db.pairingCode.update({ where: { id: pairing.id }, data: { deviceId: device.id } });
  await recordPresenceChange(db, device.id, 'paired');
  await publishDeviceChange(db, device);
  return { device, token };
}

const PAIR_ATTEMPTS_PER_MINUTE = 60;
/** One limiter per process, on the shared `rate_limits` table (every gateway spends from the same budget). */
const pairLimiter = perRuntime(
  (rt: Pick<Runtime, 'db' | 'shared'>) =>
    new RateLimiterPostgres({
      storeClient: rt.db.pool,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'relay-pair',
      points: PAIR_ATTEMPTS_PER_MINUTE,
      duration: 60,
      clearExpiredByTimeout: false,
    }),
);

/**
 * The budget a pairing attempt spends from: the address, or for IPv6 its /64 (one host's share:
 * a client given a /64 would otherwise start afresh from each of its addresses).
 */
export function pairingBudgetKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16)).join(':')}::/64`;
}

/**
 * Pairing needs no API key (the code is the credential), so attempts per address (IPv6: per /64)
 * are limited: one budget for every way a device pairs (our app API, the Android app's registration).
 */
export async function spendPairingAttempt(rt: Pick<Runtime, 'db' | 'shared'>, address: string) {
  try {
    await pairLimiter(rt).consume(pairingBudgetKey(address));
  } catch (rejection) {
    throw asRateLimited(rejection, (seconds) => `Too many pairing attempts; retry after ${seconds} s.`);
  }
}

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/** Resolves a device's `Authorization: Bearer ydt_…` to the device, or `unauthorized`. */
export async function authenticateDevice(rt: Pick<Runtime, 'config' | 'db'>, authorization: string | null | undefined): Promise<Device> {
  const token = authorization ? bearerPattern.exec(authorization)?.[1] : undefined;
  if (!token) throw new YarrowError('unauthorized', 'Missing device token. Send it as "Authorization: Bearer ydt_…".');
  const device = await rt.db.prisma.device.findUnique({ where: { tokenHash: hashDeviceToken(rt.config.secret, token) } });
  if (!device || device.status === 'revoked') throw new YarrowError('unauthorized', 'Invalid or revoked device token.');
  return device;
}

/**
 * Device tokens with a short per-process cache, as API keys have (`createKeyAuthenticator`): a
 * phone reporting each state of each message costs no database read per call. Unpairing publishes
 * `relayDeviceRevoked`, which every gateway hears and drops the device at once (the one that
 * unpaired it too: it listens on its own NOTIFY); the TTL bounds staleness should a notification
 * be missed. `remember` keeps the cache's copy as fresh as the caller's last write of the row.
 */
export function createDeviceAuthenticator(rt: Pick<Runtime, 'config' | 'db'>, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, { device: Device; cachedAt: number }>();
  const hashes = new Map<string, string>();
  /** Forgets so far: a read that began before one is not cached (it may predate the unpairing). */
  let forgets = 0;
  return {
    async authenticate(authorization: string | null | undefined): Promise<Device> {
      const token = authorization ? bearerPattern.exec(authorization)?.[1] : undefined;
      if (!token) return authenticateDevice(rt, authorization);
      const hash = hashDeviceToken(rt.config.secret, token);
      const hit = cache.get(hash);
      if (hit && Date.now() - hit.cachedAt < ttlMs) return hit.device;
      const before = forgets;
      const device = await authenticateDevice(rt, authorization);
      if (before !== forgets) return device;
      if (cache.size >= maxEntries) {
        const [oldest, entry] = cache.entries().next().value!;
        cache.delete(oldest);
        hashes.delete(entry.device.id);
      }
      cache.set(hash, { device, cachedAt: Date.now() });
      hashes.set(device.id, hash);
      return device;
    },
    /** The device's row as a write of this process left it (its presence): the cached copy, not its age, is replaced. */
    remember(device: Device) {
      const hash = hashes.get(device.id);
      const hit = hash === undefined ? undefined : cache.get(hash);
      if (hit && device.status !== 'revoked') hit.device = device;
    },
    forget(deviceId: string) {
      forgets++;
      const hash = hashes.get(deviceId);
      if (hash !== undefined) cache.delete(hash);
      hashes.delete(deviceId);
    },
  };
}

/** What a heartbeat says of the phone, typed (our protocol's `heartbeat` frame and long-poll body, ../transports/protocol.ts; the Android app's calls). */
export interface Heartbeat {
  batteryLevel?: number;
  charging?: boolean;
  signalLevel?: number;
  queueLength?: number;
  appVersion?: string;
}

/**
 * Records that the device is alive (and its battery, signal, charging, queue). An offline device
 * comes back online here, and its account's queue is woken so waiting messages reach it.
 */
export async function recordHeartbeat(rt: Runtime, deviceId: string, input: Heartbeat): Promise<Device> {
  return markAlive(rt, deviceId, input);
}

type Presence = Heartbeat & { connectionId?: string };

async function markAlive(rt: Runtime, deviceId: string, input: Presence): Promise<Device> {
  return rt.db.prisma.$transaction(async (tx) => {
    const before = await lockDeviceReachability(tx, deviceId);
    if (!before || before.status === 'revoked') throw new YarrowError('unauthorized', 'Invalid or revoked device token.');
    const now = new Date();
    const device = await tx.device.update({
      where: { id: deviceId },
      data: {
        status: 'online',
        lastSeenAt: now,
        ...(input.connectionId !== undefined ? { connectedAt: now } : {}),
        ...(input.batteryLevel !== undefined ? { batteryLevel: input.batteryLevel } : {}),
        ...(input.charging !== undefined ? { charging: input.charging } : {}),
        ...(input.signalLevel !== undefined ? { signalLevel: input.signalLevel } : {}),
        ...(input.queueLength !== undefined ? { queueLength: input.queueLength } : {}),
        ...(input.appVersion !== undefined ? { appVersion: input.appVersion } : {}),
      },
    });
    if (input.connectionId !== undefined) await openConnection(tx, deviceId, input.connectionId, now);
    // Reachable again (back online, or a new socket or poll after its socket closed): wake the queue.
    if (!before.reachable) await messageMoves().wakeDrain(tx, device.accountId);
    if (before.status !== 'online') await recordPresenceChange(tx, device.id, 'online');
    await publishDeviceChange(tx, device);
    return device;
  });
}

/**
 * A transport (the WebSocket, or any other push channel) opened connection `connectionId` for
 * the device: it counts as a heartbeat and makes the device reachable, on any gateway.
 */
export async function deviceConnected(rt: Runtime, deviceId: string, connectionId: string): Promise<Device> {
  return markAlive(rt, deviceId, { connectionId });
}

/**
 * Connection `connectionId` of the device closed. A device may hold several (the Android app can
 * open two event streams; a WebSocket is replaced by a newer one), on any gateway: only when its
 * last one closes does it leave routing, and the work it was given but never took (not
 * acknowledged, not pulled) goes back to the queue at once (`device_disconnected`). What it took
 * stays with it: the phone has it and may still send it (docs/relay-protocol.md).
 */
export async function deviceDisconnected(rt: Runtime, deviceId: string, connectionId: string): Promise<boolean> {
  return rt.db.prisma.$transaction(async (tx) => {
    // The gateway's clock, like last_seen_at's, so the two compare (reachableDevice in sql.ts).
    const now = new Date();
    // The device's row lock first: two of its connections closing at once see each other.
    if (!(await lockDeviceReachability(tx, deviceId))) return false;
    const { last } = await closeConnection(tx, deviceId, connectionId, now);
    if (!last) return false;
    await messageMoves().releaseUnacknowledged(rt, tx, deviceId, 'device_disconnected');
    // Dashboards show it still online but no longer connected (deviceUpdated).
    const device = await tx.device.findUnique({ where: { id: deviceId } });
    if (device) await publishDeviceChange(tx, device);
    return true;
  });
}

export function effectiveRate(rt: Pick<Runtime, 'config'>, device: Pick<Device, 'ratePerMinute'>) {
  return device.ratePerMinute ?? rt.config.RELAY_DEVICE_RATE_PER_MINUTE;
}

/** A device with the number of its open connections (`connectionCount`), which `deviceJson` shows as `connected`. */
export type DeviceWithConnections = Device & { _count: { connections: number } };

/** A device read elsewhere, with its open connections counted for `deviceJson`. */
export async function withConnections(db: DbClient, device: Device): Promise<DeviceWithConnections> {
  return { ...device, _count: { connections: await db.deviceConnection.count({ where: { deviceId: device.id } }) } };
}

/**
 * Whether the device has a connection open now (a socket or the app's events stream, on any
 * gateway): `online` alone lags a clean close by up to the heartbeat window, while routing
 * already skips the device (sql.ts `reachableDevice`).
 */
export function deviceConnection(device: Pick<Device, 'disconnectedAt'> & { _count: { connections: number } }) {
  const connected = device._count.connections > 0;
  return { connected, disconnectedAt: connected ? null : device.disconnectedAt };
}

export function deviceJson(rt: Pick<Runtime, 'config'>, device: DeviceWithConnections): z.infer<typeof deviceSchema> {
  const { connected, disconnectedAt } = deviceConnection(device);
  return {
    id: device.id,
    object: 'device',
    name: device.name,
    status: device.status,
    connected,
    disconnected_at: disconnectedAt?.toISOString() ?? null,
    platform: device.platform,
    app_version: device.appVersion,
    sims: device.sims as z.infer<typeof deviceSchema>['sims'],
    rate_per_minute: effectiveRate(rt, device),
    sim_selection_mode: device.simSelectionMode as SimSelectionMode,
    daily_cap: device.dailyCap,
    monthly_recipients_cap: device.monthlyRecipientsCap,
    send_interval_min_seconds: device.sendIntervalMinSeconds,
    send_interval_max_seconds: device.sendIntervalMaxSeconds,
    battery_level: device.batteryLevel,
    charging: device.charging,
    signal_level: device.signalLevel,
    queue_length: device.queueLength,
    last_seen_at: device.lastSeenAt.toISOString(),
    paired_at: device.pairedAt.toISOString(),
    revoked_at: device.revokedAt?.toISOString() ?? null,
  };
}

export async function getDevice(db: DbClient, accountId: number, deviceId: string): Promise<Device> {
  const device = await db.device.findFirst({ where: { id: deviceId, accountId } });
  if (!device) throw notFound('device', 'id');
  return device;
}

export const updateDeviceInput = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  ratePerMinute: z.number().int().min(1).max(10_000).nullable().optional(),
  ...devicePacingInput,
});

export async function updateDevice(rt: Runtime, accountId: number, deviceId: string, input: z.infer<typeof updateDeviceInput>): Promise<Device> {
  return rt.db.prisma.$transaction(async (tx) => {
    const current = await getDevice(tx, accountId, deviceId);
    const interval = checkSendInterval(current, input);
    if (interval) throw new YarrowError('invalid_request', interval.message, { param: interval.param });
    const { name, ratePerMinute, simSelectionMode, dailyCap, monthlyRecipientsCap, sendIntervalMinSeconds, sendIntervalMaxSeconds } = input;
    const device = await tx.device.update({
      where: { id: deviceId },
      data: { name, ratePerMinute, simSelectionMode, dailyCap, monthlyRecipientsCap, sendIntervalMinSeconds, sendIntervalMaxSeconds },
    });
    // A higher budget or cap may let waiting messages through now.
    await messageMoves().wakeDrain(tx, accountId);
    // The Android app re-reads its settings (SIM mode, wait, limit) on this event.
    await publishAll(tx, [deviceSignalEvent(device.id, { kind: 'settings' })]);
    await publishDeviceChange(tx, device);
    return device;
  });
}

/** Unpairs a device: its token stops working, its socket closes, its unfinished messages reroute. */
export async function revokeDevice(rt: Runtime, accountId: number, deviceId: string): Promise<Device> {
  return rt.db.prisma.$transaction(async (tx) => {
    const existing = await getDevice(tx, accountId, deviceId);
    if (existing.status === 'revoked') return existing;
    const device = await tx.device.update({ where: { id: deviceId }, data: { status: 'revoked', revokedAt: new Date(), connections: { deleteMany: {} } } });
    // Unpairing is the account's knowing choice: what the phone held goes to other phones (the
    // panel's confirmation says it may still send what it held if it is running; its token no
    // longer works, so it cannot report).
    await messageMoves().releaseDeviceMessages(rt, tx, device.id, 'device_revoked');
    // Messages pinned to it can go nowhere else: they fail now, with the reason.
    await messageMoves().failPinnedTo(rt, tx, device.id, 'device_revoked');
    await publishAll(tx, [deviceSignalEvent(device.id, { kind: 'revoked' }), liveEvent('relayDeviceRevoked', 'all', { deviceId: device.id })]);
    await recordPresenceChange(tx, device.id, 'revoked');
    await publishDeviceChange(tx, device);
    return device;
  });
}

export const relaySettingsInput = z.strictObject({ mode: z.enum(['auto', 'manual']) });

export async function setRelayMode(db: DbClient, accountId: number, mode: z.infer<typeof relaySettingsInput>['mode']) {
  return db.account.update({ where: { id: accountId }, data: { relayMode: mode } });
}
