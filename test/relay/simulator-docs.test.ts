import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pairingCode, relayTestEnv } from './helpers.ts';

// The `npm run relay:sim` example of docs/relay.md, run as written against a gateway that is not on port
// 4000: its own `--base-url` and `--pair` values replaced by this gateway's and a fresh code.
const root = join(import.meta.dirname, '../..');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
});
afterAll(() => app?.stop());

describe('docs/relay.md: the relay simulator example', () => {
  it('names the gateway with --base-url, and pairs a phone with it when that is not localhost:4000', async () => {
    const doc = readFileSync(join(root, 'docs/relay.md'), 'utf8');
    const example = /^npm run relay:sim -- (.+)$/m.exec(doc.slice(doc.indexOf('## Relay simulator')))?.[1];
    expect(example).toBeDefined();
    // The optional flags in brackets are left out; the required ones are kept as written.
    const args = example!.replace(/\[[^\]]*\]/g, '').trim().split(/\s+/);
    expect(args).toContain('--base-url');
    const account = await app.account();
    const { code } = await pairingCode(app, account.key);
    const values: Record<string, string> = { '--base-url': app.baseUrl, '--pair': code };
    const runArgs = args.map((arg, i) => values[args[i - 1]!] ?? arg);

    const child = spawn('npm', ['run', '--silent', 'relay:sim', '--', ...runArgs, '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    try {
      const paired = await new Promise<{ deviceId: string }>((resolve, reject) => {
        child.on('exit', (status) => reject(new Error(`relay:sim exited (${status}) before pairing`)));
        createInterface({ input: child.stdout }).on('line', (line) => {
          const event = JSON.parse(line) as { type: string; deviceId: string };
          if (event.type === 'paired') resolve(event);
        });
      });
      const devices = await app.request('GET', '/api/v1/relay/devices', { key: account.key });
      expect(devices.body.data.map((device: { id: string }) => device.id)).toEqual([paired.deviceId]);
    } finally {
      // npm runs the simulator in a child of its own: the process group goes together.
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
