import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.ts';

export interface PageResponse {
  status: number;
  html: string;
  location: string | null;
}

/** Drives the hosted pages over plain HTTP, as a browser without JavaScript would. */
export function checkoutClient(app: Pick<TestApp, 'baseUrl'>) {
  async function get(path: string): Promise<PageResponse> {
    const response = await fetch(`${app.baseUrl}${path}`, { redirect: 'manual' });
    return { status: response.status, html: await response.text(), location: response.headers.get('location') };
  }

  async function post(path: string, form: Record<string, string>): Promise<PageResponse> {
    const response = await fetch(`${app.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
    return { status: response.status, html: await response.text(), location: response.headers.get('location') };
  }

  function csrfToken(html: string): string {
    const match = /name="csrf_token" value="([^"]+)"/.exec(html);
    if (!match) throw new Error(`no csrf_token on the page:\n${html}`);
    return match[1]!;
  }

  /** Opens the checkout, picks a rail: answers the card session's path. */
  async function startSession(intentId: string, rail: string, sandboxOutcome = 'pending'): Promise<string> {
    const page = await get(`/checkout/${intentId}`);
    expect(page.status).toBe(200);
    const answer = await post(`/checkout/${intentId}/pay`, {
      csrf_token: csrfToken(page.html),
      payment_method_code: rail,
      sandbox_outcome: sandboxOutcome,
    });
    expect(answer.status, answer.html).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^/checkout/${intentId}/card/cs_`));
    return answer.location!;
  }

  async function submitToken(sessionPath: string, token: string): Promise<PageResponse> {
    const page = await get(sessionPath);
    return post(sessionPath, { csrf_token: csrfToken(page.html), token });
  }

  async function answerChallenge(sessionPath: string, result: 'pass' | 'fail'): Promise<PageResponse> {
    const page = await get(sessionPath);
    return post(`${sessionPath}/challenge`, { csrf_token: csrfToken(page.html), challenge_result: result });
  }

  return { get, post, csrfToken, startSession, submitToken, answerChallenge };
}

/** Creates a payment intent through REST and answers its JSON. */
export async function createIntent(app: TestApp, key: string, overrides: Record<string, unknown> = {}) {
  const response = await app.request('POST', '/api/v1/payment-intents', {
    key,
    body: {
      amount: 12.5,
      currency: 'USD',
      title: 'Order #1001',
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      ...overrides,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.payment_intent as Record<string, any>;
}

/** Event types recorded for an object, oldest first. */
export async function eventTypesOf(app: TestApp, objectPublicId: string): Promise<string[]> {
  const events = await app.rt.db.prisma.event.findMany({ where: { objectPublicId }, orderBy: { id: 'asc' } });
  return events.map((event) => event.type);
}
