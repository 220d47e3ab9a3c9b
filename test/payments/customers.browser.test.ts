import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/accounts/service.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { launchBrowser, screenshotsDir, seriousAccessibilityFindings, watchForProblems } from '../helpers/browser.ts';
import { createIntent, eventTypesOf } from './checkout-client.ts';

// Saved cards end to end (issue 33), the hosted checkout driven by a real browser and the REST
// API: a card saved at checkout, charged off-session (approved), a 3-D Secure card answering
// authentication_required off-session and then paid on session with its saved method at checkout,
// a refused charge with another customer's method, a customer invisible to another account; the
// panel's customers page and a customer's saved methods, detached after a confirmation.

let app: TestApp;
let browser: Browser;
let page: Page;
let key: string;
let stranger: TestAccount;
const problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  watchForProblems(page, problems);
  await page.goto(`${app.baseUrl}/panel/sign-up`);
  await page.getByLabel('Business name').fill('Renewals Ltd');
  await page.getByLabel('Email').fill('owner@renewals.example');
  await page.getByLabel('Password').fill('a long enough password');
  await Promise.all([page.waitForURL(/\/panel\/overview$/), page.getByRole('button', { name: 'Create account' }).click()]);
  const accountId = (await app.rt.db.prisma.account.findFirstOrThrow({ where: { name: 'Renewals Ltd' } })).id;
  key = (await createApiKey(app.rt, app.rt.db.prisma, accountId, { label: 'test', scopes: ['payments.read', 'payments.write'] })).secret;
  stranger = await app.account({ scopes: ['payments.read', 'payments.write'] });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function createCustomer(email: string, name: string) {
  const response = await app.request('POST', '/api/v1/customers', { key, body: { email, name } });
  expect(response.status).toBe(201);
  return response.body.customer as { id: string };
}

/** Pays a new intent of the customer in the browser with a new card, asking to save it. */
async function payAndSave(customerId: string, rail: string, token: string, challenge?: 'pass') {
  const intent = await createIntent(app, key, { customer: customerId, setup_future_usage: 'off_session', customer_name: undefined, customer_email: undefined, title: 'First month' });
  await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
  expect(await page.getByTestId('saves-method').textContent()).toContain('saved with Renewals Ltd for future payments');
  await page.locator(`#rail-${rail}`).check();
  await Promise.all([page.waitForURL(/\/card\/cs_/), page.locator('#continue').click()]);
  await page.getByRole('button', { name: `Use ${token}` }).click();
  await Promise.all([page.waitForLoadState('load'), page.locator('#pay').click()]);
  if (challenge) await Promise.all([page.waitForLoadState('load'), page.locator('#challenge-pass').click()]);
  await expect.poll(() => page.locator('h1, h2').allTextContents()).toContainEqual(expect.stringMatching(/Payment successful/));
  const paid = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key });
  expect(paid.body.payment_intent).toMatchObject({ status: 'succeeded', customer: customerId, payment_method: expect.stringMatching(/^pm_/) });
  return paid.body.payment_intent.payment_method as string;
}

const offSession = (accountKey: string, customer: string, paymentMethod: string) =>
  app.request('POST', '/api/v1/payment-intents', {
    key: accountKey,
    body: { amount: 19, currency: 'USD', title: 'Renewal', customer, payment_method: paymentMethod, confirm: true, off_session: true },
  });

describe('saved cards through the hosted checkout', () => {
  it('saves a card paid with at checkout and charges it off-session; refuses it for another customer or account', async () => {
    const ada = await createCustomer('ada@renewals.example', 'Ada Lovelace');
    const methodId = await payAndSave(ada.id, 'visa', 'YP-VISA-APPROVE');
    const methods = await app.request('GET', `/api/v1/customers/${ada.id}/payment-methods`, { key });
    expect(methods.body.data).toEqual([expect.objectContaining({ id: methodId, payment_method_code: 'visa', card: { brand: 'visa', last4: '4242' } })]);

    const renewal = await offSession(key, ada.id, methodId);
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
    expect(renewal.body.payment_intent).toMatchObject({ status: 'succeeded', payment_method: methodId, customer_name: 'Ada Lovelace' });

    const bob = await createCustomer('bob@renewals.example', 'Bob');
    const refused = await offSession(key, bob.id, methodId);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', param: 'payment_method' });

    // Another account sees neither the customer nor its method.
    expect((await app.request('GET', `/api/v1/customers/${ada.id}`, { key: stranger.key })).status).toBe(404);
    expect((await app.request('GET', '/api/v1/customers?email=ada@renewals.example', { key: stranger.key })).body.data).toEqual([]);
    const theirs = (await app.request('POST', '/api/v1/customers', { key: stranger.key, body: { email: 'x@example.com' } })).body.customer;
    const foreign = await offSession(stranger.key, theirs.id, methodId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.param).toBe('payment_method');
  });

  it('answers authentication_required off-session for a 3-D Secure card, then the customer pays with it on the checkout', async () => {
    const grace = await createCustomer('grace@renewals.example', 'Grace Hopper');
    const methodId = await payAndSave(grace.id, 'mastercard', 'YP-MC-3DS', 'pass');
    const renewal = await offSession(key, grace.id, methodId);
    expect(renewal.status).toBe(402);
    expect(renewal.body.error).toMatchObject({ code: 'authentication_required', param: 'payment_method' });
    const intent = renewal.body.error.payment_intent;
    expect(intent.status).toBe('requires_payment_method');

    // The merchant sends the customer to the checkout: it offers the saved card.
    await page.goto(`${app.baseUrl}/checkout/${intent.id}`);
    const saved = page.getByTestId('saved-method');
    expect(await saved.textContent()).toContain('Mastercard •••• 3220');
    expect(await page.content()).not.toContain('YP-MC-3DS');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await Promise.all([page.waitForURL(/\/card\/cs_/), saved.click()]);
    expect(await page.content()).not.toContain('YP-MC-3DS');
    await Promise.all([page.waitForLoadState('load'), page.locator('#challenge-pass').click()]);
    await expect.poll(() => page.locator('h1, h2').allTextContents()).toContainEqual(expect.stringMatching(/Payment successful/));
    const paid = await app.request('GET', `/api/v1/payment-intents/${intent.id}`, { key });
    expect(paid.body.payment_intent).toMatchObject({ status: 'succeeded', payment_method: methodId });
    expect(await eventTypesOf(app, intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.payment_failed',
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);
    // Paying with a saved card saves no second one.
    expect((await app.request('GET', `/api/v1/customers/${grace.id}/payment-methods`, { key })).body.data).toHaveLength(1);
  });

  it("lists customers in the panel and shows one's saved methods, detached after a confirmation", async () => {
    const linus = await createCustomer('linus@renewals.example', 'Linus Pauling');
    const methodId = await payAndSave(linus.id, 'google_pay', 'YP-GP-MC-APPROVE');
    problems.length = 0;

    await page.goto(`${app.baseUrl}/panel/customers`);
    const row = page.locator(`#customers tr[data-customer-id="${linus.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('linus@renewals.example');
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.getByLabel('Search').fill('linus@');
    await page.getByLabel('Search').press('Enter');
    await expect.poll(() => page.locator('#customers tr').count()).toBe(1);

    await Promise.all([page.waitForURL(new RegExp(`/panel/customers/${linus.id}$`)), row.getByRole('link').click()]);
    const method = page.locator(`#payment-methods tr[data-payment-method-id="${methodId}"]`);
    await method.waitFor();
    expect(await method.textContent()).toContain('Google Pay · Mastercard •••• ');
    expect(await page.locator('#customer-payments tr').count()).toBe(1);
    expect(await seriousAccessibilityFindings(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir, 'customer-page.png'), fullPage: true });

    await method.getByRole('button', { name: /Detach/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Detach' }).click();
    await page.locator('#no-methods').waitFor();
    expect(await eventTypesOf(app, methodId)).toEqual(['payment_method.attached', 'payment_method.detached']);
    expect(problems).toEqual([]);
  });
});
