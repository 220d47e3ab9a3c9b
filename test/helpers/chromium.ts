import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Chromium from '@sparticuz/chromium';

const root = join(import.meta.dirname, '../..');

/**
 * The Chromium the browser tests drive: the binary `CHROMIUM_PATH` names if it is set, otherwise
 * the one `npm install` brought (`@sparticuz/chromium` ships it brotli-compressed). Never a system
 * browser found by looking around: a machine with only Node and npm runs the same browser as any other.
 *
 * The package inflates into the system temp folder and trusts whatever `chromium` it finds there
 * (a half-written one from a killed run, or another checkout's), so it is inflated here into a fresh
 * folder and renamed whole into node_modules/.cache, keyed by the package's version; a run that finds
 * the folder there uses it as it is.
 */
export async function chromiumExecutable(): Promise<string> {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH is ${named}, which does not exist (unset it to use the Chromium npm install brought).`);
    return named;
  }
  const packageDir = join(root, 'node_modules/@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheDir = join(root, 'node_modules/.cache');
  const target = join(cacheDir, `sparticuz-chromium-${version}`);
  if (existsSync(join(target, 'chromium'))) return join(target, 'chromium');

  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, 'sparticuz-chromium-staging-'));
  // The package writes to os.tmpdir(), which reads TMPDIR at each call: pointed at the staging folder
  // for the inflation only. This runs in vitest's global setup, before any test file starts.
  const tmpdirBefore = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await Chromium.executablePath(join(packageDir, 'bin'));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (tmpdirBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdirBefore;
  }
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another run renamed its copy first: the same files, so that one is used.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(target, 'chromium'))) throw error;
  }
  return join(target, 'chromium');
}
