import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/core/embedded-postgres.ts';
import { createLogger } from '../../src/core/logger.ts';
import { migrate } from '../../src/core/migrate.ts';
import { modules } from '../../src/modules.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { freePort } from '../helpers/global-setup.ts';

const Ping = graphql(`
  mutation OutagePing {
    sendDiagnosticPing {
      pingId
    }
  }
`);
const Pongs = graphql(`
  subscription OutagePongs {
    diagnosticPong {
      pingId
    }
  }
`);

// An external PostgreSQL of this file's own, so stopping it disturbs no other test.
let database: EmbeddedDatabase;
let dataDir: string;
let port: number;
let app: TestApp;
let account: TestAccount;

async function startDatabase() {
  database = await startEmbeddedPostgres({ dataDir, port, logger: createLogger('silent', 'outage-pg'), database: 'yarrow' });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'yarrow-outage-'));
  port = await freePort();
  await startDatabase();
  await migrate(database.url, modules);
  app = await startTestApp({ env: { DATABASE_URL: database.url }, useDatabaseAsIs: true });
  account = await app.account();
  await app.startWorkers(['diagnostics']);
});
afterAll(async () => {
  await app?.stop();
  await database?.stop();
});

async function pingUntilAnswered(next: () => Promise<{ data?: any }>) {
  const answer = next();
  let answered = false;
  void answer.finally(() => (answered = true));
  while (!answered) {
    await execute(app.baseUrl, account.key, Ping);
    await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  return answer;
}

describe('database outage', () => {
  it('answers 503 while PostgreSQL is down and recovers by itself when it is back', { timeout: 90_000 }, async () => {
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, Pongs);
    await pingUntilAnswered(() => live.next());

    await database.stop();
    const during = await Promise.all([
      app.request('GET', '/api/v1/account', { key: account.key }),
      app.request('POST', '/api/v1/api-keys', { key: account.key, body: { label: 'during outage', scopes: ['account.read'] } }),
      app.request('GET', '/api/v1/health'),
    ]);
    for (const response of during) {
      expect(response.status).toBe(503);
      // Clients (and load balancers, for the health check) are told when to try again.
      expect(response.headers.get('retry-after')).toBe('2');
    }
    expect(during[0]!.body.error.code).toBe('service_unavailable');
    expect(during[1]!.body.error.code).toBe('service_unavailable');
    const graphqlDuring = await execute(app.baseUrl, account.key, Ping);
    expect(graphqlDuring.errors?.[0]?.extensions?.code).toBe('service_unavailable');

    await startDatabase();
    // Same requests work again without restarting anything.
    let recovered = await app.request('GET', '/api/v1/account', { key: account.key });
    while (recovered.status === 503) {
      // No event announces "PostgreSQL accepts connections again" to a client; poll gently.
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = await app.request('GET', '/api/v1/account', { key: account.key });
    }
    expect(recovered.status).toBe(200);
    // The worker resumed, and the gateway's LISTEN connection came back: pongs arrive again.
    const pong = await pingUntilAnswered(() => live.next());
    expect(pong.data?.diagnosticPong.pingId).toMatch(/^ping_/);
    live.dispose();
    await client.dispose();
  });
});
