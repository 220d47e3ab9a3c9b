// npm test's checks before vitest: tsc, biome lint, knip and the import rules (npm run cycles), each
// at zero findings. tsc alone takes as long as the three others in a row, so it runs beside them:
// two cores finish all four in tsc's time instead of the sum. Each check's output is printed whole
// once it ends (never interleaved); any check that fails fails the run (exit 1, naming it).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (path: string) => join(root, 'node_modules', path);

interface Check {
  name: string;
  /** A Node script and its arguments, run with this Node (the project's Node 24, whatever PATH says). */
  args: string[];
}

const typecheck: Check = { name: 'tsc -p tsconfig.json', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json'] };
const others: Check[] = [
  { name: 'biome lint --error-on-warnings', args: [bin('@biomejs/biome/bin/biome'), 'lint', '--error-on-warnings'] },
  { name: 'knip', args: [bin('knip/bin/knip.js')] },
  { name: 'node scripts/check-imports.ts', args: [join(root, 'scripts/check-imports.ts')] },
];

function run(check: Check): Promise<boolean> {
  const started = performance.now();
  const child = spawn(process.execPath, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stdout.write(`✗ ${check.name}: could not start (${error.message})\n`);
      resolve(false);
    });
    child.once('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`${ok ? '✓' : '✗'} ${check.name} (${seconds} s${ok ? '' : `, exit ${code ?? signal}`})\n${output.trimEnd() ? `${output.trimEnd()}\n` : ''}`);
      resolve(ok);
    });
  });
}

async function inTurn(checks: Check[]): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const check of checks) results.push(await run(check));
  return results;
}

const [typechecked, rest] = await Promise.all([run(typecheck), inTurn(others)]);
const failed = [typecheck, ...others].filter((_, index) => ![typechecked, ...rest][index]);
if (failed.length > 0) {
  process.stdout.write(`npm test: ${failed.map((check) => check.name).join(', ')} failed\n`);
  process.exit(1);
}
