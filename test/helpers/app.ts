import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, createAccount } from '../../src/accounts/service.ts';
import type { Scope } from '../../src/core/auth.ts';
import { modules, scopes } from '../../src/modules.ts';
import { loadConfig, type Config } from '../../src/core/config.ts';
import { openRuntime } from '../../src/core/process.ts';
import type { RouteDoc } from '../../src/core/openapi.ts';
import type { Runtime } from '../../src/core/runtime.ts';
import { buildGateway, type Gateway } from '../../src/gateway.ts';
import { createTestDatabase } from './database.ts';
import { requestTrusting, throwawayCertificate } from './tls.ts';

const root = join(import.meta.dirname, '../..');
export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface TestAccount {
  id: number;
  key: string;
}

export interface TestApp {
  rt: Runtime;
  /** `http://127.0.0.1:<port>`, or `https://…` with `{ tls: true }`. */
  baseUrl: string;
  /** The GraphQL WebSocket URL (`ws://…/graphql`, or `wss://…` with TLS). */
  wsUrl: string;
  /** With `{ tls: true }`: the PEM a client must trust to reach this app (its self-signed certificate). */
  tlsCa?: string;
  databaseUrl: string;
  env: Record<string, string>;
  gatewayRoutes(): Array<{ method: string; path: string }>;
  /** Every route of the gateway as OpenAPI describes it. */
  routeDocs: readonly RouteDoc[];
  /**
   * Every answer of a route in OpenAPI that was not as documented (status listed, body matching its
   * schema, errors in the envelope with a listed code): `stop()` fails the test file when any.
   */
  responseViolations: string[];
  /**
   * A new account with a key carrying the given scopes (all by default). `privateWebhookUrls`
   * (default true, as test receivers listen on loopback): the account's webhooks may reach private
   * addresses, as the first-start sandbox account's may; false for one that must not.
   */
  account(options?: { scopes?: Scope[]; name?: string; privateWebhookUrls?: boolean }): Promise<TestAccount>;
  /** Starts `workers/main.ts` with the given worker names as a real child process; `metricsUrl` is its metrics port's `/metrics`. */
  startWorkers(names: string[]): Promise<ChildProcess & { metricsUrl: string }>;
  /** Another gateway on the same database, as a second process would be. */
  /** Another gateway in this process on the same database; `config` overrides settings of its own (e.g. TRUST_PROXY). */
  startExtraGateway(config?: Partial<Config>): Promise<{ baseUrl: string; stop(): Promise<void> }>;
  /**
   * `src/serve.ts` as a real child process on the same database (port 0: any free port). Give the
   * port of one that died to bring it back where its clients reconnect.
   */
  startGatewayProcess(port?: number): Promise<{ child: ChildProcess; port: number; baseUrl: string }>;
  /** Calls a REST path with JSON. */
  request(method: string, path: string, options?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** `tls: true` serves HTTPS and wss:// with a throwaway certificate (`app.tlsCa`), as TLS_CERT_FILE/TLS_KEY_FILE would. */
export async function startTestApp(options: { env?: Record<string, string>; useDatabaseAsIs?: boolean; tls?: boolean } = {}): Promise<TestApp> {
  const certificate = options.tls ? await throwawayCertificate() : undefined;
  const scheme = certificate ? 'https' : 'http';
  const databaseUrl = options.useDatabaseAsIs && options.env?.DATABASE_URL ? options.env.DATABASE_URL : await createTestDatabase();
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'yarrow-test-data-')),
    YARROW_SECRET: TEST_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    WORKER_METRICS_PORT: '0',
    RATE_LIMIT_POINTS: '100000',
    DATABASE_POOL_SIZE: '5',
    ...(certificate ? { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile } : {}),
    ...options.env,
    DATABASE_URL: databaseUrl,
  };
  const config: Config = loadConfig(modules, env);
  const rt = await openRuntime('test-gateway', { modules, config });
  const responseViolations: string[] = [];
  const validateResponses = (violation: string) => responseViolations.push(violation);
  const gateway: Gateway = await buildGateway(rt, { validateResponses });
  const port = await gateway.start(0, '127.0.0.1');
  const baseUrl = `${scheme}://127.0.0.1:${port}`;
  const children: ChildProcess[] = [];

  const app: TestApp = {
    rt,
    baseUrl,
    wsUrl: `${certificate ? 'wss' : 'ws'}://127.0.0.1:${port}/graphql`,
    tlsCa: certificate?.cert,
    databaseUrl,
    env,
    gatewayRoutes: () => gateway.routes(),
    routeDocs: gateway.routeDocs,
    responseViolations,
    async account({ scopes: granted = [...scopes], name = 'Test merchant', privateWebhookUrls = true } = {}) {
      const account = await createAccount(rt.db.prisma, { name });
      await rt.db.prisma.account.update({ where: { id: account.id }, data: { allowPrivateWebhookUrls: privateWebhookUrls } });
      const { secret } = await createApiKey(rt, rt.db.prisma, account.id, { label: 'test', scopes: granted });
      return { id: account.id, key: secret };
    },
    async startWorkers(names) {
      const child = fork(join(root, 'workers/main.ts'), names, {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      const ready = await new Promise<{ metricsPort?: number }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as { metricsPort?: number }));
        child.once('exit', (code) => reject(new Error(`worker exited early with code ${code}`)));
      });
      return Object.assign(child, { metricsUrl: `http://127.0.0.1:${ready.metricsPort}/metrics` });
    },
    async startExtraGateway(overrides = {}) {
      const extraRt = await openRuntime('test-gateway-2', { modules, config: { ...config, ...overrides } });
      const extra = await buildGateway(extraRt, { validateResponses });
      const extraPort = await extra.start(0, '127.0.0.1');
      return {
        baseUrl: `${scheme}://127.0.0.1:${extraPort}`,
        async stop() {
          await extra.stop();
          await extraRt.close();
        },
      };
    },
    async startGatewayProcess(port = 0) {
      const child = fork(join(root, 'src/serve.ts'), [], {
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      const ready = await new Promise<{ port: number }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as { port: number }));
        child.once('exit', (code) => reject(new Error(`gateway exited early with code ${code}`)));
      });
      return { child, port: ready.port, baseUrl: `${scheme}://127.0.0.1:${ready.port}` };
    },
    async request(method, path, { key, body, headers = {} } = {}) {
      const init = {
        method,
        headers: {
          ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      };
      const response = certificate
        ? await requestTrusting(certificate.cert, `${baseUrl}${path}`, init)
        : await fetch(`${baseUrl}${path}`, init).then(async (answer) => ({ status: answer.status, headers: answer.headers, text: await answer.text() }));
      const text = response.text;
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await gateway.stop();
      await rt.close();
      if (responseViolations.length > 0) {
        throw new Error(`Responses not as OpenAPI documents them (src/core/openapi.ts, the routes' response/errorCodes):\n${[...new Set(responseViolations)].join('\n')}`);
      }
    },
  };
  return app;
}
