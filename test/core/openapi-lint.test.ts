import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const root = join(import.meta.dirname, '../..');
/** `node_modules/.bin/redocly`: run with this process's Node (the project's Node 24). */
const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}

describe('OpenAPI lint', () => {
  it('passes `redocly lint` (recommended rules, redocly.yaml) with 0 errors and 0 warnings', async () => {
    const response = await app.request('GET', '/api/openapi.json');
    const folder = mkdtempSync(join(tmpdir(), 'yarrow-openapi-'));
    const file = join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(response.body));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    // Without telemetry or update checks.
    const run = await promisify(execFile)(process.execPath, [redocly, 'lint', '--format=json', `--config=${join(root, 'redocly.yaml')}`, file], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failed: { stdout: string }) => failed);
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    const problems = report.problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // Redocly starts a second Node process and reads the whole document: slower than a request on a busy machine.
  }, 120_000);
});
