import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Where browser tests leave screenshots (gitignored). */
export const screenshotsDir = join(import.meta.dirname, '../../test-results');

/**
 * Launches headless Chromium: Debian's `chromium` package by default (README, "Tests"), or the
 * binary `CHROMIUM_PATH` names. Playwright gives every launch a fresh temporary profile.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
