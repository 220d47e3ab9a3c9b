import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { SimulatorEvent } from '../../src/relay/simulator/index.ts';
import { graphql } from '../gql/index.ts';
import type { TestApp } from '../helpers/app.ts';
import type { CreatePairingCodeMutation, MessageStatus } from '../gql/graphql.ts';
import { subscribe, wsClient, type GraphqlResult } from '../helpers/graphql.ts';

const root = join(import.meta.dirname, '../..');

/** Fast presence for tests: heartbeats every second, offline after three silent seconds. */
export const relayTestEnv = {
  RELAY_HEARTBEAT_INTERVAL_SECONDS: '1',
  DEVICE_OFFLINE_AFTER_SECONDS: '3',
};

export const UpdateDevice = graphql(`
  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {
    updateDevice(id: $id, input: $input) {
      id
      ratePerMinute
    }
  }
`);

export const CreatePairingCode = graphql(`
  mutation CreatePairingCode {
    createPairingCode {
      id
      code
      qrPayload
      qrImage
      expiresAt
    }
  }
`);

export const MessageStatusChanged = graphql(`
  subscription MessageStatusChanged($requestId: ID!) {
    messageStatusChanged(requestId: $requestId) {
      requestId
      status
      attempts
      deviceId
      failureReason
    }
  }
`);

/** A pairing code made over GraphQL, as the dashboard does (over HTTPS too, with `{ tls: true }`). */
export async function pairingCode(app: TestApp, key: string) {
  const result = await app.request('POST', '/graphql', { key, body: { query: CreatePairingCode.toString() } });
  const data = (result.body as GraphqlResult<CreatePairingCodeMutation>).data;
  if (!data) throw new Error(JSON.stringify(result.body));
  return data.createPairingCode;
}

export interface DeviceProcess {
  child: ChildProcess;
  deviceId: string;
  token: string;
  events: SimulatorEvent[];
  /** Resolves with the first event (past or future) that matches. */
  waitFor<T extends SimulatorEvent['type']>(type: T, match?: (event: Extract<SimulatorEvent, { type: T }>) => boolean): Promise<Extract<SimulatorEvent, { type: T }>>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A simulated phone as a real child process (`npm run relay:sim`'s module), paired and connected. */
export async function startDevice(
  app: TestApp,
  credential: { code?: string; qr?: string; token?: string },
  options: {
    failRate?: number;
    deliveryMs?: number;
    transport?: 'ws' | 'poll';
    name?: string;
    heartbeatSeconds?: number;
    /** Texts the phone sends at once (`--parallel`, default 1). */
    parallel?: number;
    /** The gateway the phone talks to (default: the test app's). */
    baseUrl?: string;
    /** How long each message waits in the phone's queue before it is sent (`--hold-ms`). */
    holdMs?: number;
    /** Start without what the phone held before (`--forget-on-restart`). */
    forgetOnRestart?: boolean;
    /** SIMs it pairs with (`--sims`, default 1). */
    sims?: number;
    /** Each recipient answers this once its SMS is delivered (`--reply`). */
    reply?: string;
    /** …with this picture as an MMS part (`--reply-image`). */
    replyImage?: string;
  } = {},
): Promise<DeviceProcess> {
  const args = [
    ...(credential.code ? ['--pair', credential.code] : []),
    ...(credential.qr ? ['--qr', credential.qr] : []),
    ...(credential.token ? ['--token', credential.token] : []),
    '--base-url', options.baseUrl ?? app.baseUrl,
    '--fail-rate', String(options.failRate ?? 0),
    '--delivery-ms', String(options.deliveryMs ?? 20),
    '--transport', options.transport ?? 'ws',
    '--name', options.name ?? 'Test phone',
    ...(options.heartbeatSeconds ? ['--heartbeat-seconds', String(options.heartbeatSeconds)] : []),
    ...(options.parallel ? ['--parallel', String(options.parallel)] : []),
    ...(options.holdMs ? ['--hold-ms', String(options.holdMs)] : []),
    ...(options.forgetOnRestart ? ['--forget-on-restart'] : []),
    ...(options.sims ? ['--sims', String(options.sims)] : []),
    ...(options.reply ? ['--reply', options.reply] : []),
    ...(options.replyImage ? ['--reply-image', options.replyImage] : []),
    '--quiet',
  ];
  const child = fork(join(root, 'src/relay/simulator/cli.ts'), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const events: SimulatorEvent[] = [];
  const waiters: Array<{ check: (event: SimulatorEvent) => boolean; resolve: (event: SimulatorEvent) => void }> = [];
  let exited: Error | undefined;
  const exitWaiters: Array<(error: Error) => void> = [];
  // The simulator sends its events in arrays, one per turn of its event loop.
  child.on('message', (batch: SimulatorEvent[]) => {
    for (const event of batch) {
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.check(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    }
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`device process exited (${code ?? signal})`);
    for (const reject of exitWaiters.splice(0)) reject(exited);
  });
  const waitFor = ((type: string, match: (event: any) => boolean = () => true) => {
    const check = (event: SimulatorEvent) => event.type === type && match(event);
    const found = events.find(check);
    if (found) return Promise.resolve(found);
    if (exited) return Promise.reject(exited);
    return new Promise<SimulatorEvent>((resolve, reject) => {
      waiters.push({ check, resolve });
      exitWaiters.push(reject);
    });
  }) as DeviceProcess['waitFor'];
  const connected = await waitFor('connected');
  const paired = events.find((event) => event.type === 'paired') as Extract<SimulatorEvent, { type: 'paired' }> | undefined;
  return {
    child,
    deviceId: connected.deviceId,
    token: paired?.token ?? credential.token ?? '',
    events,
    waitFor,
    kill: (signal = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Sends an SMS over REST and returns the response. */
export function sendSms(app: TestApp, key: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return app.request('POST', '/api/v1/sms/send', { key, body, headers });
}

/**
 * Waits (over the messageStatusChanged subscription, which yields the current state first) until
 * the message reaches one of the statuses, and returns that event.
 */
export async function waitForStatus(app: Pick<TestApp, 'wsUrl' | 'tlsCa'>, key: string, requestId: string, statuses: MessageStatus[]) {
  const client = wsClient(app.wsUrl, key, { ca: app.tlsCa });
  const live = subscribe(client, MessageStatusChanged, { requestId });
  try {
    for (;;) {
      const result = await live.next();
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      const event = result.data!.messageStatusChanged;
      if (statuses.includes(event.status)) return event;
    }
  } finally {
    live.dispose();
    await client.dispose();
  }
}

export const TEST_NUMBERS = ['+14155552671', '+14155552672', '+14155552673', '+442071838750', '+33612345678'];
