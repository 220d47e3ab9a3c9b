import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Chromium, { inflate } from '@sparticuz/chromium';

const root = join(import.meta.dirname, '../..');

/** How the browser tests launch Chromium (a plain object: vitest hands it from the global setup to the test files). */
export interface ChromiumLaunch {
  executablePath: string;
  /** Libraries the binary needs that a machine may lack, put first on LD_LIBRARY_PATH. */
  libraryPath?: string;
}

/**
 * The Chromium the browser tests drive: the binary `CHROMIUM_PATH` names if it is set, otherwise
 * the one `npm install` brought (`@sparticuz/chromium` ships it brotli-compressed). Never a system
 * browser found by looking around: a machine with only Node and npm runs the same browser as any other.
 *
 * Besides glibc the binary links NSS (libnss3, libnspr4) and expat, which a bare machine may not
 * have; the package ships them too (its `al2023.tar.br`, meant for AWS Lambda), so they are
 * inflated beside it and the browser is launched with them first on LD_LIBRARY_PATH.
 *
 * The package inflates into the system temp folder and trusts whatever `chromium` it finds there
 * (a half-written one from a killed run, or another checkout's), so it is inflated here into a fresh
 * folder and renamed whole into node_modules/.cache, keyed by the package's version; a run that finds
 * the folder there uses it as it is.
 */
export async function chromiumLaunch(): Promise<ChromiumLaunch> {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH is ${named}, which does not exist (unset it to use the Chromium npm install brought).`);
    return { executablePath: named };
  }
  const packageDir = join(root, 'node_modules/@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheDir = join(root, 'node_modules/.cache');
  const target = join(cacheDir, `sparticuz-chromium-${version}`);
  const launch = { executablePath: join(target, 'chromium'), libraryPath: join(target, 'al2023', 'lib') };
  if (existsSync(launch.executablePath) && existsSync(launch.libraryPath)) return launch;

  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, 'sparticuz-chromium-staging-'));
  // The package writes to os.tmpdir(), which reads TMPDIR at each call: pointed at the staging folder
  // for the inflation only. This runs in vitest's global setup, before any test file starts.
  const tmpdirBefore = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await Chromium.executablePath(join(packageDir, 'bin'));
    await inflate(join(packageDir, 'bin', 'al2023.tar.br'));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (tmpdirBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdirBefore;
  }
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another run renamed its copy first: the same files, so that one is used.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(launch.executablePath)) throw error;
  }
  return launch;
}
