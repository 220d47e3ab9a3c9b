import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { openHeaders } from '../../src/webhooks/custom-headers.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { launchBrowser, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { execute } from '../helpers/graphql.ts';

// The new-endpoint form's first custom header, and the endpoint page's rate limit and custom headers (issue 39, "everything through the panel"): set
// in the browser, kept across a reload, read back over GraphQL; a header's value is never on the
// page; a hostile header name is refused with the API's words, as text; 1440 and 390 px wide with
// no sideways scroll, axe clean, no console errors.

const EndpointSettings = graphql(`
  query EndpointSettings($id: ID!) {
    webhookEndpoint(id: $id) {
      rateLimit
      headerNames
    }
  }
`);

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
const problems: string[] = [];
const secretValue = 'gw-5e2b9c1d-only-the-receiver-sees-this';
const replacedValue = 'gw-replaced-7a0c44e1';
const hostileName = '<img src=x onerror="window.pwned=1">';

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Header Settings Ltd');
  await page.getByLabel('Email').fill('owner@header-settings.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  await page.locator('#overview[aria-busy="false"]').waitFor();
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Header Settings Ltd' } })).id;
  await app.rt.db.prisma.account.update({ where: { id: accountId }, data: { allowPrivateWebhookUrls: true } });
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['webhooks.manage'] })).secret;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const settings = async (id: string) => (await execute(app.baseUrl, key, EndpointSettings, { id })).data!.webhookEndpoint;
const sealedHeaders = async (id: string) => openHeaders(app.rt.config, (await app.rt.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).headersSealed);

describe('webhook endpoint page: rate limit and custom headers', () => {
  it('sets, shows (value masked), replaces and removes them, refuses a hostile name, at 1440 and 390 px', async () => {
    // The new-endpoint form takes a first header: refused with the API's words when Yarrow sets it.
    await page.goto(`${app.baseUrl}/panel/webhooks`);
    await page.getByLabel('URL').fill('http://127.0.0.1:9/created-with-a-header');
    await page.getByLabel('Custom header name').fill('Content-Length');
    await page.getByLabel('Custom header value').fill('0');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await expect.poll(() => page.locator('#endpoint-header-name-error').textContent()).toBe('Content-Length is set by Yarrow and cannot be a custom header.');
    await page.getByLabel('Custom header name').fill('X-Gateway');
    await page.getByLabel('Custom header value').fill(secretValue);
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.locator('#endpoint-secret-value').filter({ hasText: /^whsec_/ }).waitFor();
    const first = await app.rt.db.prisma.webhookEndpoint.findFirstOrThrow({ where: { url: 'http://127.0.0.1:9/created-with-a-header' } });
    expect(first.headerNames).toEqual(['X-Gateway']);
    expect(await sealedHeaders(first.id)).toEqual({ 'X-Gateway': secretValue });
    expect(await page.content()).not.toContain(secretValue);

    const created = await app.request('POST', '/api/v1/webhook-endpoints', { key, body: { url: 'http://127.0.0.1:9/settings' } });
    const id = created.body.webhook_endpoint.id as string;
    await page.goto(`${app.baseUrl}/panel/webhooks/${id}`);
    await expect.poll(() => page.locator('#rate-limit').textContent()).toBe('none');
    await expect.poll(() => page.locator('#no-custom-headers').count()).toBe(1);

    await page.getByLabel('Rate limit').fill('5');
    await page.getByRole('button', { name: 'Save rate limit' }).click();
    await expect.poll(() => page.locator('#rate-limit').textContent()).toBe('5 a second');
    await page.getByLabel('Header name').fill('X-Api-Key');
    await page.getByLabel('Header value').fill(secretValue);
    await page.getByRole('button', { name: 'Add or replace header' }).click();
    await page.locator('li[data-header-name="X-Api-Key"]').waitFor();
    // The form is emptied: the value typed is no longer on the page.
    expect(await page.getByLabel('Header value').inputValue()).toBe('');

    await page.reload();
    await expect.poll(() => page.locator('#rate-limit').textContent()).toBe('5 a second');
    await expect.poll(() => page.locator('li[data-header-name="X-Api-Key"] .masked').textContent()).toBe('••••••••');
    expect(await page.getByLabel('Rate limit').inputValue()).toBe('5');
    expect(await page.content()).not.toContain(secretValue);
    expect(await settings(id)).toEqual({ rateLimit: 5, headerNames: ['X-Api-Key'] });
    expect(await sealedHeaders(id)).toEqual({ 'X-Api-Key': secretValue });

    // A second header keeps the first (its value is never sent back by the page); replacing a value keeps the name.
    await page.getByLabel('Header name').fill('X-Tenant');
    await page.getByLabel('Header value').fill('tenant-1');
    await page.getByRole('button', { name: 'Add or replace header' }).click();
    await page.locator('li[data-header-name="X-Tenant"]').waitFor();
    await page.getByRole('button', { name: 'Replace value of X-Api-Key' }).click();
    expect(await page.getByLabel('Header name').inputValue()).toBe('X-Api-Key');
    await page.getByLabel('Header value').fill(replacedValue);
    await page.getByRole('button', { name: 'Add or replace header' }).click();
    await expect.poll(() => sealedHeaders(id)).toEqual({ 'X-Tenant': 'tenant-1', 'X-Api-Key': replacedValue });
    expect(await page.content()).not.toContain(replacedValue);

    // A hostile name is refused with the API's message, shown as text; nothing changes.
    await page.getByLabel('Header name').fill(hostileName);
    await page.getByLabel('Header value').fill('v');
    await page.getByRole('button', { name: 'Add or replace header' }).click();
    const refusal = page.locator('#header-name-error');
    await expect.poll(() => refusal.textContent()).toBe(`"${hostileName}" is not a header name.`);
    expect(await page.getByLabel('Header name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#custom-headers img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.getByLabel('Header name').fill('Host');
    await page.getByRole('button', { name: 'Add or replace header' }).click();
    await expect.poll(() => refusal.textContent()).toBe('Host is set by Yarrow and cannot be a custom header.');
    expect((await settings(id)).headerNames).toEqual(['X-Tenant', 'X-Api-Key']);
    // The two refusals were answered 400, as a refused GraphQL request is: expected, not a problem.
    const refusals = problems.filter((problem) => / 400 .*\/graphql$/.test(problem) || problem.includes('status of 400'));
    expect(refusals).toHaveLength(6);
    problems.splice(0, problems.length, ...problems.filter((problem) => !refusals.includes(problem)));

    expect(await overflow()).toBe(0);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);

    // A phone: a long name wraps; nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Header name').fill(`X-${'Very-Long-Gateway-Credential-'.repeat(3)}Name`);
    await page.getByLabel('Header value').fill('long');
    await page.getByRole('button', { name: 'Add or replace header' }).click();
    await expect.poll(() => page.locator('ul.header-list li').count()).toBe(3);
    expect(await overflow()).toBe(0);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);

    // Removed after a confirmation, the others kept; the limit removed.
    await page.getByRole('button', { name: 'Remove X-Api-Key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove header' }).click();
    await expect.poll(() => page.locator('li[data-header-name="X-Api-Key"]').count()).toBe(0);
    expect((await settings(id)).headerNames).not.toContain('X-Api-Key');
    expect(Object.keys(await sealedHeaders(id))).toHaveLength(2);
    await page.getByRole('button', { name: 'Remove limit' }).click();
    await expect.poll(() => page.locator('#rate-limit').textContent()).toBe('none');
    expect((await settings(id)).rateLimit).toBeNull();
    expect(await overflow()).toBe(0);
    expect(problems).toEqual([]);
  });
});
