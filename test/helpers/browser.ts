import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type AxeCore from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Where browser tests leave screenshots (gitignored). */
export const screenshotsDir = join(import.meta.dirname, '../../test-results');

/**
 * Launches headless Chromium: the one `npm install` brought, or the binary `CHROMIUM_PATH` names
 * (./chromium.ts, resolved by the global setup). Playwright gives every launch a fresh temporary profile.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  const { executablePath, libraryPath } = inject('chromium');
  const libraries = [libraryPath, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  // A machine with no LANG gives Chromium the POSIX locale, which it reports as `en-US@posix`: an
  // Intl locale that uPlot's date formatting refuses (the overview's charts). Pages are tested in English.
  const env = { ...process.env, LANG: 'en_US.UTF-8', ...(libraries ? { LD_LIBRARY_PATH: libraries } : {}) };
  return chromium.launch({
    executablePath,
    env,
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

/**
 * Records what a merchant would see as broken on `target` into `problems`: console errors (and CSP
 * reports), page errors, failed requests and HTTP errors (`ignoreStatus` for the ones a test asks
 * for, such as the 404 page). A one-off GraphQL read that a navigation cut short (the test leaving
 * or clicking a link while a live page re-reads) is the navigation's doing, not the page's: the
 * browser aborts it as the document goes, so it is not counted. Live updates run over one
 * WebSocket, which leaving closes cleanly, so no stream can hide behind this.
 */
export function watchForProblems(target: Page, problems: string[], options: { ignoreStatus?: (url: string) => boolean } = {}) {
  let navigationStartedAt = 0;
  target.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === target.mainFrame()) navigationStartedAt = Date.now();
  });
  target.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(`${target.url()}: console: ${message.text()}`);
  });
  target.on('pageerror', (error) => problems.push(`${target.url()}: page error: ${error.message}`));
  target.on('requestfailed', (request) => {
    const errorText = request.failure()?.errorText;
    const cutByNavigation = errorText === 'net::ERR_ABORTED' && request.url().endsWith('/graphql') && Date.now() - navigationStartedAt < 5_000;
    if (!cutByNavigation) problems.push(`${target.url()}: failed: ${request.method()} ${request.url()} ${errorText}`);
  });
  target.on('response', (response) => {
    if (response.status() >= 400 && !options.ignoreStatus?.(response.url())) problems.push(`${target.url()}: ${response.status()} ${response.url()}`);
  });
}

const axeSource = readFileSync(join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical findings on `target` as it is now, one line each (rule: nodes).
 * axe is evaluated over the DevTools protocol, not injected as a script, so the page's CSP stays
 * as it is.
 */
export async function seriousAccessibilityFindings(target: Page): Promise<string[]> {
  await target.evaluate(axeSource);
  return target.evaluate(async () => {
    const { axe } = globalThis as unknown as { axe: typeof AxeCore };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

/**
 * A GraphQL call made from the page as the panel makes it (its session cookie and CSRF token):
 * the answer's `data`.
 */
export async function graphqlInPage<T>(target: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return target.evaluate(
    async ({ query, variables }) => {
      const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
      const response = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ query, variables }) });
      return (await response.json()).data;
    },
    { query, variables },
  );
}
