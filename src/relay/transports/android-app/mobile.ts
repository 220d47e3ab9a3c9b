import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { encrypt } from '../../../core/crypto.ts';
import { YarrowError, parseInput } from '../../../core/errors.ts';
import { clientAddress, type HttpContext } from '../../../core/http.ts';
import { asRateLimited } from '../../../core/rate-limit.ts';
import { defineRoute, type Credential } from '../../../core/route.ts';
import type { Runtime } from '../../../core/runtime.ts';
import type { GatewayContext } from '../../../core/gateway-context.ts';
import type { Device } from '../../../generated/prisma/client.ts';
import { authenticateDevice, createDeviceAuthenticator, effectiveRate, pairDevice, recordHeartbeat, spendPairingAttempt } from '../../devices/index.ts';
import { publishDeviceChange } from '../../devices/index.ts';
import { acknowledgeMessage, reportMessage } from '../../messages/index.ts';
import { applyFrame } from '../../messages/index.ts';
import { deviceWorkJson } from '../../messages/index.ts';
import { giveBackMessage, recordPhoneWord, serveWorkToApp, takenBackFrom } from '../../messages/index.ts';
import { relayErrors } from '../../contract.ts';
import { openEventStream } from './events-stream.ts';
import { appWebhookKey, appWebhookSchema, appWebhooksJson, registerAppWebhookRoutes } from './app-webhooks.ts';
import {
  appCancellingJson,
  appDeviceJson,
  appDeviceUpdate,
  appDeviceSchema,
  appError,
  appErrorSchema,
  appMessageJson,
  appMessageSchema,
  appPullQuery,
  appRegistration,
  appReportAction,
  appSettingsFor,
  appSettingsSchema,
  appStateReports,
  appVersionFrom,
  simsFromApp,
  type AppStateReport,
} from './app-json.ts';

// Yarrow as a private server for the "SMS Gateway for Android" app: its mobile API under
// /api/mobile/v1 (what the user types as the app's "API URL"). The app is one more device
// transport beside our WebSocket and long-poll: the dispatcher, rules, attempts, live events and
// webhooks are the ones every device has. docs/relay-protocol.md, "The SMS Gateway for Android app".

export const MOBILE_API_PATH = '/api/mobile/v1';
/** Most messages one pull returns (the reference server's batch). */
const PULL_LIMIT = 100;
/** Calls write presence at most this often per device (or every heartbeat interval, if shorter). */
const PRESENCE_WRITE_SECONDS = 5;

const signInByCode =
  'Yarrow signs the app in with a pairing code: in the app choose "Sign in by code" and enter a pairing code made in the ' +
  'Yarrow dashboard (Devices, Pair a device). Sign-up and login/password sign-in are not available on Yarrow.';

/**
 * A device's calls and its open stream keep it online: a heartbeat at most every few seconds
 * (per device; concurrent calls share one write). An offline or stale device is written at once.
 */
function presenceRecorder(rt: Runtime) {
  const writing = new Map<string, Promise<Device>>();
  const throttleMs = Math.min(PRESENCE_WRITE_SECONDS, rt.config.RELAY_HEARTBEAT_INTERVAL_SECONDS) * 1000;
  return (device: Device): Promise<Device> => {
    if (device.status === 'online' && Date.now() - device.lastSeenAt.getTime() < throttleMs) return Promise.resolve(device);
    const running = writing.get(device.id);
    if (running !== undefined) return running;
    const write = recordHeartbeat(rt, device.id, {}).finally(() => writing.delete(device.id));
    writing.set(device.id, write);
    return write;
  };
}

export function registerAndroidAppRoutes(ctx: GatewayContext) {
  const { rt, events } = ctx;
  const seen = presenceRecorder(rt);
  // A new app version (every call's User-Agent names it: an app updated after pairing) is stored
  // once the call is answered without error: a refused request changes nothing, its version included.
  const newVersions = new WeakMap<Request, { deviceId: string; version: string }>();
  const noteVersion = (c: HttpContext, device: Device) => {
    const version = appVersionFrom(c.req.header('user-agent'));
    if (version !== undefined && version !== device.appVersion) newVersions.set(c.req.raw, { deviceId: device.id, version });
  };
  ctx.app.use(`${MOBILE_API_PATH}/*`, async (c, next) => {
    await next();
    const changed = newVersions.get(c.req.raw);
    if (!changed || c.res.status >= 400) return;
    await recordHeartbeat(rt, changed.deviceId, { appVersion: changed.version });
    reportingDevices.forget(changed.deviceId);
  });
  // A device token's budget of calls, per gateway process: in memory, since a phone keeps to one
  // gateway while its stream is open, and a database counter would cost every call a write.
  const calls = new RateLimiterMemory({ points: rt.config.RELAY_APP_CALLS_PER_MINUTE, duration: 60 });
  const spendCalls = async (device: Device, points: number) => {
    try {
      await calls.consume(device.id, points);
    } catch (rejection) {
      throw asRateLimited(rejection, (seconds) => `Too many calls from this device (RELAY_APP_CALLS_PER_MINUTE); retry after ${seconds} s.`);
    }
  };
  const streams = new Set<() => void>();
  ctx.onStop(async () => {
    for (const close of streams) close();
  });

  // An API URL typed with a trailing slash makes the app call `…/v1//device` (it appends "/device"
  // to what the user typed): the same API answers there.
  ctx.app.all(`${MOBILE_API_PATH}//*`, (c) => {
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/\/{2,}/g, '/');
    return ctx.app.fetch(new Request(url, c.req.raw), c.env);
  });

  /** A device's own token; its calls keep it online. */
  const appDevice: Credential<Device> = {
    documentedAs: 'device',
    authenticate: async (c) => {
      const device = await authenticateDevice(rt, c.req.header('authorization'));
      await spendCalls(device, 1);
      noteVersion(c, device);
      return seen(device);
    },
  };
  // The reports' token check, cached: a phone reports three states of each message it sends, and
  // a read of the device per report was a third of a report's round trips
  // (docs/performance.md#device-frames). Only the reports use it: a pull reads the device's `connectedAt` (what it re-serves
  // after a reconnect), which another gateway's stream may just have written.
  const reportingDevices = createDeviceAuthenticator(rt);
  events.addEventListener('relayDeviceRevoked:all', (event) => reportingDevices.forget((event as CustomEvent<{ deviceId: string }>).detail.deviceId));
  const reportingDevice: Credential<Device> = {
    documentedAs: 'device',
    authenticate: async (c) => {
      const device = await reportingDevices.authenticate(c.req.header('authorization'));
      await spendCalls(device, 1);
      noteVersion(c, device);
      const now = await seen(device);
      if (now !== device) reportingDevices.remember(now);
      return now;
    },
  };
  /** The app asks for its address before it registers: a device token is checked when one is sent. */
  const appDeviceIfSent: Credential<Device | undefined> = {
    documentedAs: 'none',
    authenticate: async (c) => (c.req.header('authorization') ? appDevice.authenticate(c) : undefined),
  };
  /** Registration: a pairing code in the Authorization header; each attempt per address counts. */
  const pairingCodeInput = z.string().trim().min(1).max(64);
  const pairingCode: Credential<string> = {
    documentedAs: 'none',
    authenticate: async (c) => {
      const credential = /^(?:Code|Bearer)\s+(\S.*?)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!credential) throw new YarrowError('unauthorized', signInByCode, { param: 'Authorization' });
      await spendPairingAttempt(rt, clientAddress(c, rt.config.TRUST_PROXY));
      return credential;
    },
  };
  /** What every route of the app's API declares: its group and its error shape. */
  const mobile = (path: string) => ({
    path: `${MOBILE_API_PATH}${path}`,
    tag: 'Android app',
    errors: (c: HttpContext, error: unknown) => appError(c, rt, error),
    errorBody: appErrorSchema,
  });

  defineRoute(ctx, {
    ...mobile('/device'),
    method: 'post',
    summary: 'Android app: register with a pairing code ("Sign in by code", or the code as Private Token).',
    operationId: 'registerAppDevice',
    response: z.object({
      id: z.string().meta({ examples: ['dev_01jdx3v4x6z8b0d2f4h6k8m0p2'] }),
      token: z.string().meta({ examples: ['ydt_5kq2x9w7v3t1r8p6n4m2'] }),
      login: z.string().meta({ examples: ['dev_01jdx3v4x6z8b0d2f4h6k8m0p2'] }),
      password: z.null(),
    }),
    // The header carries no code (401); the code is unknown, used or expired: one answer (404); attempts per address (429).
    errorCodes: ['unauthorized', 'not_found', 'rate_limited'],
    auth: pairingCode,
    body: appRegistration,
    responses: { 201: '{id, token, login, password}: the device and its token (shown once).' },
    handler: async (c, { auth: credential, body: input }) => {
      const paired = await rt.db.prisma
        .$transaction(async (tx) => {
          // appRegistration bounds what the device record keeps (a name, the version, up to 8 SIMs).
          const paired = await pairDevice(rt, tx, {
            // Bounded as pairing's own code is (POST /api/v1/relay/devices/pair), refused as the header's (below).
            pairingCode: parseInput(pairingCodeInput, credential, 'pairing_code'),
            deviceName: input.name.slice(0, 100).trim(),
            platform: 'android',
            appVersion: appVersionFrom(c.req.header('user-agent')),
            sims: simsFromApp(input.simCards).map((sim) => ({ slot: sim.slot, carrier: sim.carrier, phoneNumber: sim.phone_number })),
          });
          if (input.pushToken) {
            await tx.device.update({ where: { id: paired.device.id }, data: { sealedPushToken: encrypt(rt.config.secret, input.pushToken) } });
          }
          return paired;
        })
        .catch((error: unknown) => {
          // The code came in the Authorization header, not as pairDevice's `pairing_code` field.
          if (error instanceof YarrowError && error.param === 'pairing_code') {
            throw new YarrowError(error.code, error.message.replace(/^pairing_code: /, 'code: '), { param: 'Authorization', status: error.status });
          }
          throw error;
        });
      // `login` is only a label here: the app's username/password sign-in does not exist on Yarrow.
      return c.json({ id: paired.device.id, token: paired.token, login: paired.device.id, password: null }, 201);
    },
  });

  defineRoute(ctx, {
    ...mobile('/device'),
    method: 'patch',
    summary: 'Android app: update the push token and SIM cards.',
    operationId: 'updateAppDevice',
    errorCodes: ['forbidden', 'rate_limited'],
    auth: appDevice,
    body: appDeviceUpdate,
    responses: { 204: 'Stored.' },
    handler: async (c, { auth: device, body: input }) => {
      if (input.id !== device.id) throw new YarrowError('forbidden', 'id: not the device this token belongs to.', { param: 'id' });
      const data = {
        // An empty token does not clear the stored one (as the reference server).
        ...(input.pushToken ? { sealedPushToken: encrypt(rt.config.secret, input.pushToken) } : {}),
        ...(input.simCards ? { sims: simsFromApp(input.simCards) } : {}),
      };
      if (Object.keys(data).length > 0) {
        const updated = await rt.db.prisma.device.update({ where: { id: device.id }, data });
        await publishDeviceChange(rt.db.prisma, updated);
      }
      return c.body(null, 204);
    },
  });

  defineRoute(ctx, {
    ...mobile('/device'),
    method: 'get',
    summary: 'Android app: the address it calls from, and the device when it sends its token.',
    operationId: 'getAppDevice',
    response: z.object({ device: appDeviceSchema.optional(), externalIp: z.string().nullable().meta({ examples: ['203.0.113.7'] }) }),
    errorCodes: ['unauthorized', 'rate_limited'],
    auth: appDeviceIfSent,
    responses: { 200: '{device?, externalIp}.' },
    handler: (c, { auth: device }) => c.json({ ...(device ? { device: appDeviceJson(device) } : {}), externalIp: clientAddress(c, rt.config.TRUST_PROXY) }),
  });

  for (const path of ['/message', '/messages']) defineRoute(ctx, {
    ...mobile(path),
    method: 'get',
    summary: 'Android app: the messages given to this device that it has not pulled yet (a pull is the app taking them), and those it holds, to ask for their state.',
    operationId: path === '/messages' ? 'getAppMessages' : 'getAppMessagesAtMessagePath',
    response: z.array(appMessageSchema),
    // A device token's calls are budgeted (RELAY_APP_CALLS_PER_MINUTE).
    errorCodes: ['rate_limited'],
    auth: appDevice,
    query: appPullQuery,
    responses: { 200: 'An array of messages in the app’s shape (at most 100).' },
    handler: async (c, { auth: device, query: { order } }) => {
      // Both at once: a fetch is on the send → phone path (bench `app`), each round trip counts.
      const [pending, cancelling] = await Promise.all([
        serveWorkToApp(rt, device, { newestFirst: order === 'lifo', limit: PULL_LIMIT }),
        takenBackForApp(rt, device, PULL_LIMIT),
      ]);
      // OTP texts stay sealed until a device takes them: this is where the app takes them.
      return c.json([
        ...pending.map((message) => appMessageJson(deviceWorkJson(rt, message), message)),
        ...cancelling.slice(0, PULL_LIMIT - pending.length).map(appCancellingJson),
      ]);
    },
  });

  for (const path of ['/message', '/messages']) defineRoute(ctx, {
    ...mobile(path),
    method: 'patch',
    summary: 'Android app: report message states (Pending/Processed, Sent, Delivered, Failed).',
    operationId: path === '/messages' ? 'reportAppMessageStates' : 'reportAppMessageStatesAtMessagePath',
    // A device token's calls are budgeted (RELAY_APP_CALLS_PER_MINUTE).
    errorCodes: ['rate_limited'],
    auth: reportingDevice,
    // The whole body is checked before anything is applied.
    body: appStateReports,
    responses: { 204: 'Applied where it moves the message on; unknown or stale ids change nothing.' },
    handler: async (c, { auth: device, body: reports }) => {
      // Each report is a lookup and maybe a write: a body of 100 counts as 100 calls (the first is spent).
      if (reports.length > 1) await spendCalls(device, reports.length - 1);
      await applyReports(rt, device, reports);
      return c.body(null, 204);
    },
  });

  defineRoute(ctx, {
    ...mobile('/events'),
    method: 'get',
    summary: 'Android app: server-sent events; MessageEnqueued when work is dispatched to the device.',
    operationId: 'streamAppEvents',
    // A device token's calls are budgeted (RELAY_APP_CALLS_PER_MINUTE).
    errorCodes: ['rate_limited'],
    auth: appDevice,
    produces: 'event-stream',
    responses: { 200: 'The stream: MessageEnqueued and MessageCancelled events, a keep-alive comment every 15 s.' },
    handler: (c, { auth: device }) => openEventStream(rt, events, streams, c, device),
  });

  defineRoute(ctx, {
    ...mobile('/webhooks'),
    method: 'get',
    summary:
      "Android app: the webhooks the phone sends: Yarrow's own hooks for what it receives (sms:received, sms:data-received, mms:received, mms:downloaded; app-webhooks.ts). Yarrow sends its own signed, retried webhooks itself.",
    operationId: 'getAppWebhooks',
    response: z.array(appWebhookSchema),
    // A device token's calls are budgeted (RELAY_APP_CALLS_PER_MINUTE).
    errorCodes: ['rate_limited'],
    auth: appDevice,
    responses: { 200: 'The hooks, one per received-message event.' },
    handler: (c, { auth: device }) => c.json(appWebhooksJson(rt, device, c.req.url)),
  });
  registerAppWebhookRoutes(ctx);

  defineRoute(ctx, {
    ...mobile('/settings'),
    method: 'get',
    summary: 'Android app: settings it imports (notification channel SSE only; the device\'s SIM mode, random wait and per-minute limit; the signing key of its received-SMS webhooks).',
    operationId: 'getAppSettings',
    response: appSettingsSchema.extend({
      webhooks: z.object({ signing_key: z.string().describe("The key the phone signs its webhooks with (this device's own, kept sealed).") }),
    }),
    // A device token's calls are budgeted (RELAY_APP_CALLS_PER_MINUTE).
    errorCodes: ['rate_limited'],
    auth: appDevice,
    responses: { 200: 'The settings.' },
    handler: async (c, { auth: device }) => c.json({ ...appSettingsFor(device, effectiveRate(rt, device)), webhooks: { signing_key: await appWebhookKey(rt, device) } }),
  });

  defineRoute(ctx, {
    ...mobile('/user/code'),
    method: 'get',
    summary: 'Android app: a login code for another phone. Not on Yarrow: pairing codes come from the dashboard.',
    operationId: 'getAppUserCode',
    auth: 'none',
    responses: { 501: 'Not implemented.' },
    handler: () => {
      throw relayErrors.error('not_implemented', `${signInByCode} Make one pairing code per phone.`);
    },
  });

  defineRoute(ctx, {
    ...mobile('/user/password'),
    method: 'patch',
    summary: 'Android app: change the login password. Not on Yarrow: the app has no password here.',
    operationId: 'changeAppUserPassword',
    // A device token's calls are budgeted (RELAY_APP_CALLS_PER_MINUTE).
    errorCodes: ['rate_limited'],
    auth: appDevice,
    responses: { 501: 'Not implemented.' },
    handler: () => {
      throw relayErrors.error('not_implemented', 'Yarrow gives the app no password: the API is used with Yarrow API keys made in the dashboard.');
    },
  });
}

/**
 * Messages taken back from this phone after it took them (rerouted by the account, or before the
 * hand-off model: see docs/relay-protocol.md) that it has not answered about yet, for the app to
 * drop (`Cancelling`): it cancels one still waiting in its queue and answers `Cancelled`, or
 * re-reports what it did. Any answer ends the entry, as does the message becoming final or expiring.
 */
async function takenBackForApp(rt: Runtime, device: Device, room: number) {
  const ids = [...new Set((await takenBackFrom(rt.db.prisma, device.id)).filter((taken) => taken.acknowledged).map((taken) => taken.message_id))];
  if (ids.length === 0) return [];
  return rt.db.prisma.message.findMany({
    // Only while the message is still on its way: once final, another phone sent it, and a phone
    // whose copy is no longer Pending ignores a Cancelling (it would be served until the TTL).
    where: { id: { in: ids }, accountId: device.accountId, state: { in: ['queued', 'dispatched'] }, OR: [{ deviceId: null }, { deviceId: { not: device.id } }] },
    select: { id: true, to: true, expiresAt: true, queuedAt: true, priority: true },
    orderBy: { queuedAt: 'desc' },
    take: room,
  });
}

/**
 * A PATCH's reports, in order. Runs of `Pending`, `Processed`, `Sent` and `Delivered` go together
 * through the frames batch (`applyFrame`: one statement for them all, with the other phones' frames
 * of the moment), about each message's current attempt on this phone, with the app's word kept
 * where a report moves nothing; `Failed` and `Cancelled` (rare, each a transaction of its own)
 * apply one by one between the runs.
 */
async function applyReports(rt: Runtime, device: Device, reports: AppStateReport[]) {
  let run: Array<Promise<unknown>> = [];
  for (const report of reports) {
    const action = appReportAction(report);
    if (action && (action.kind === 'ack' || action.status !== 'failed') && report.state !== 'Cancelled') {
      const status = action.kind === 'ack' ? undefined : action.status;
      run.push(applyFrame(rt, { device, messageId: report.id, attempt: null, ...(status ? { status } : {}), word: report.state.toLowerCase() }));
      continue;
    }
    await Promise.all(run);
    run = [];
    await applyReport(rt, device, report);
  }
  await Promise.all(run);
}

/**
 * One state report. About the message's current attempt on this phone it goes through the same
 * functions as the WebSocket's frames: `Sent`, `Delivered` and `Failed` move it; `Pending` and
 * `Processed` are the phone saying it holds it (it was taken when pulled); `Cancelled` gives it
 * back for another phone. About an attempt it no longer has, whatever it says is recorded on that
 * attempt (a late report is kept, not dropped). Unknown ids and other accounts' messages change nothing.
 */
async function applyReport(rt: Runtime, device: Device, report: AppStateReport) {
  if (report.state === 'Cancelled') return giveBackMessage(rt, device, report.id);
  const action = appReportAction(report);
  const message = await rt.db.prisma.message.findFirst({
    where: { id: report.id, accountId: device.accountId, deviceId: device.id, state: { in: ['dispatched', 'sent'] } },
    select: { attempts: true, acknowledgedAt: true },
  });
  if (!message || !action || (action.kind === 'ack' && message.acknowledgedAt)) {
    return recordPhoneWord(rt, device, report.id, report.state.toLowerCase());
  }
  try {
    if (action.kind === 'ack') await acknowledgeMessage(rt, device, report.id, { attempt: message.attempts });
    else {
      const { kind: _kind, ...body } = action;
      await reportMessage(rt, device, report.id, { attempt: message.attempts, ...body });
    }
  } catch (error) {
    if (error instanceof YarrowError && error.code === 'not_found') return;
    throw error;
  }
}
