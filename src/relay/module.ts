import { z } from 'zod';
import { defineModule, liveTopic } from '../core/module.ts';
import { idPrefixes, relayErrors, relayLocks, type DeviceSignal, type RelayMessageStatus } from './contract.ts';

/** Yarrow Relay: paired devices, SMS and their routing, OTP, recipients and lists, readiness. */
export const relayModule = defineModule({
  name: 'relay',
  routes: async (ctx) => (await import('./rest.ts')).registerRelayRoutes(ctx),
  // A received MMS's pictures for the panel's conversation (src/relay/messages/attachments-rest.ts).
  panelRoutes: async (ctx) => (await import('./messages/index.ts')).registerPanelAttachmentRoute(ctx),
  postman: async () => (await import('./postman.ts')).postmanFolders,
  graphql: async () => {
    await import('./graphql.ts');
    await (await import('./devices/index.ts')).loadDevicesGraphql();
    await (await import('./recipients/index.ts')).loadRecipientsGraphql();
    await (await import('./opt-outs/index.ts')).loadOptOutsGraphql();
    await (await import('./messages/index.ts')).loadMessagesGraphql();
    await (await import('./dashboard/index.ts')).loadDashboardGraphql();
  },
  workers: {
    'sms-routing': async (rt) => (await import('./workers.ts')).runSmsRoutingWorker(rt),
    'otp-expiry': async (rt) => (await import('./workers.ts')).runOtpExpiryWorker(rt),
    'device-presence': async (rt) => (await import('./workers.ts')).runDevicePresenceWorker(rt),
  },
  errorCodes: relayErrors.codes,
  largeBodies: [
    {
      // The Android app's received-message hook takes a whole MMS in base64 (issue 40; up to 5 MiB
      // of parts are kept, the rest as metadata) and retries any non-2xx forever: past this bound
      // it is answered 200 with nothing recorded rather than 413, which it would retry for good.
      path: /^\/api\/mobile\/v1\/inbound\/[^/]+$/,
      maxBytes: 8 * 1024 * 1024,
      overLimit: (c) => c.json({ request_id: null, duplicate: false, recorded: false, reason: 'The webhook body is over 8 MiB: not recorded.' }, 200),
    },
  ],
  gauges: {
    gauges: {
      yarrow_relay_messages: { help: 'Messages not yet final, by state: queued (waiting for a phone), dispatched (on a phone), stuck (dispatched and flagged stuck).', labelNames: ['state'] },
      yarrow_relay_oldest_queued_seconds: { help: 'How long the oldest queued message has waited for a phone, in seconds (0 when none waits).' },
      yarrow_relay_devices_online: { help: 'Paired devices online now.' },
    },
    read: async (db) => (await import('./dashboard/index.ts')).readRelayGauges(db),
  },
  queues: {
    /** An OTP not verified in time expires (src/relay/otp/otp.ts). */
    relay_otp_expire: {
      payload: z.object({ otpId: z.string() }),
      options: { retryLimit: 5, retryDelay: 5, expireInSeconds: 60 },
    },
  },
  scopes: ['sms.send', 'otp.send', 'otp.verify', 'messages.read', 'recipients.read', 'recipients.write', 'devices.manage'],
  idPrefixes,
  eventTypes: ['message.sent', 'message.delivered', 'message.failed', 'message.stuck', 'device.offline', 'otp.verified', 'recipient.opted_out', 'recipient.opted_in', 'message.received'],
  topics: {
    relayDevice: liveTopic<string, DeviceSignal>(),
    /**
     * A device was unpaired: every gateway drops its token from the app's authentication cache
     * (src/relay/transports/android-app/mobile.ts), as `apiKeyRevoked` does for API keys.
     */
    relayDeviceRevoked: liveTopic<'all', { deviceId: string }>(),
    /**
     * The account's queue has work a device could take: every routing worker drains it
     * (src/relay/workers.ts). The drain's one wake-up (`wakeDrain`, src/relay/messages/wake.ts), a
     * NOTIFY committed with the row that needs it, on a channel of its own (`RELAY_WAKE_CHANNEL`):
     * gateways do not hear it.
     */
    relayQueued: liveTopic<'all', { accountId: number }>(),
    messageStatusChanged: liveTopic<string, RelayMessageStatus>(),
    messageUpdated: liveTopic<number, RelayMessageStatus>(),
    /** A phone of the account received an SMS (an inbound message, src/relay/messages/inbound.ts). */
    messageReceived: liveTopic<number, { requestId: string }>(),
    /** A device of the account paired, came online, went offline, sent a heartbeat or changed. */
    deviceUpdated: liveTopic<number, { deviceId: string; status: string; lastSeenAt: string; batteryLevel: number | null }>(),
    /** The account's relay queue was paused or resumed. */
    relayQueueChanged: liveTopic<number, { paused: boolean }>(),
    /** An operator renewed or ended the account's relay subscription (launch readiness listens). */
    relaySubscriptionChanged: liveTopic<number, { expiresAt: string | null }>(),
  },
  config: {
    env: {
      RELAY_HEARTBEAT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
      DEVICE_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(2).max(86400).default(90),
      RELAY_DEVICE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(30),
      RELAY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
      /** How long a pushed message may wait for the device's ack (our protocol), or for the Android app's pull, before another device gets it. */
      RELAY_ACK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
      /** How long a phone may hold a message without a word about it before it is flagged stuck (message.stuck). */
      RELAY_STUCK_AFTER_SECONDS: z.coerce.number().int().min(1).max(604800).default(300),
      RELAY_DEFAULT_TTL_SECONDS: z.coerce.number().int().min(10).max(604800).default(86400),
      RELAY_SEND_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
      RELAY_QUEUE_LIMIT: z.coerce.number().int().min(1).default(50000),
      RELAY_RECIPIENT_LIMIT: z.coerce.number().int().min(1).default(100_000),
      /** How long a message pinned to an unreachable device waits before it fails (`device_offline`). */
      RELAY_PINNED_OFFLINE_WAIT_SECONDS: z.coerce.number().int().min(1).max(604800).default(300),
      /** Calls a minute one Android-app device token may make (each state report in a PATCH counts), per gateway process. */
      RELAY_APP_CALLS_PER_MINUTE: z.coerce.number().int().min(10).default(1200),
      OTP_MAX_PER_NUMBER: z.coerce.number().int().min(1).default(5),
      OTP_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(1000),
      OTP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
      /** Days an SMS keeps its text; then the maintenance worker masks it (the message row stays). */
      RELAY_MESSAGE_TEXT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
      /** An inbound SMS answers (`in_reply_to`) the account's last SMS to its sender sent within this many days. */
      RELAY_REPLY_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    },
  },
  panelPages: [
    { path: 'devices', title: 'Devices', group: 'Messaging', summary: 'Devices page: pair and watch phones', script: 'devices.js', body: async () => (await import('./panel/index.ts')).devicesPage() },
    {
      path: 'devices/:id',
      title: 'Device', group: 'Messaging',
      partOf: 'devices',
      summary: 'A device: presence history, budget and recent messages',
      script: 'device.js',
      body: async () => (await import('./panel/index.ts')).devicePage(),
    },
    { path: 'queue', title: 'Queue health', group: 'Messaging', summary: 'Queue page: what waits for a phone', script: 'queue.js', body: async () => (await import('./panel/index.ts')).queuePage() },
    { path: 'messages', title: 'Messages', group: 'Messaging', summary: 'Messages page: sent texts and their states', script: 'messages.js', body: async () => (await import('./panel/index.ts')).messagesPage() },
    {
      path: 'messages/:id',
      title: 'Message', group: 'Messaging',
      partOf: 'messages',
      summary: 'An SMS: its tries per device and the webhook deliveries of its events',
      script: 'message.js',
      body: async () => (await import('./panel/index.ts')).messagePage(),
    },
    {
      path: 'recipients',
      title: 'Recipients', group: 'Messaging',
      heading: 'Recipients and lists',
      summary: 'Recipients page: add, import, search, lists and list sends',
      script: 'recipients.js',
      body: async () => (await import('./panel/index.ts')).recipientsPage(),
    },
    {
      path: 'readiness',
      title: 'Readiness', group: 'Messaging',
      heading: 'Launch readiness',
      summary: 'Launch readiness page: the go-live checklist',
      script: 'readiness.js',
      body: async () => (await import('./panel/index.ts')).readinessPage(),
    },
  ],
  panelOverview: [{ title: 'Messages and phones', script: 'relay-overview.js' }],
  panelAssets: `${import.meta.dirname}/panel-assets`,
  retention: [{ what: 'SMS texts past RELAY_MESSAGE_TEXT_RETENTION_DAYS', purgeBatch: async (rt, size) => (await import('./messages/index.ts')).purgeOldMessageTexts(rt, size) }],
  panelNotices: async (db, accountId) => (await import('./dashboard/index.ts')).pauseNotices(db, accountId),
  lockNamespaces: relayLocks,
});
