import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPanelUser } from '../../src/panel/users.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { emitEvent } from './helpers.ts';

// Without SMTP_URL (the sandbox default) every notification is kept and listed, never dropped.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await app?.stop();
});

/** Signs a new panel user of the account in; answers GraphQL as that session (cookie + CSRF token). */
async function signIn(accountId: number, email: string) {
  await createPanelUser(app.rt.db.prisma, accountId, email, 'correct horse battery');
  const cookies = new Map<string, string>();
  const visit = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [name, value] = header.split(';')[0]!.split('=');
      cookies.set(name!, value!);
    }
    return response;
  };
  const form = await (await visit('/panel/sign-in')).text();
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(form)![1]!;
  await visit('/panel/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf_token: csrf, email, password: 'correct horse battery' }).toString(),
  });
  const page = await (await visit('/panel/keys')).text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page)![1]!;
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await visit('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  };
  return Object.assign(graphql, { page: async (path: string) => (await visit(path)).text() });
}

async function withKey(key: string, query: string) {
  const response = await fetch(`${app.baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ query }) });
  return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

async function notifyJobDone(eventId: string) {
  for (;;) {
    const rows = await app.rt.db.prisma.$queryRaw<Array<{ state: string }>>`SELECT state FROM pgboss.job WHERE name = 'webhook_notify' AND data->>'eventId' = ${eventId}`;
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const LIST = 'query { notifications(first: 10) { edges { node { kind recipient subject body status sentAt } } } }';
const nodes = (data: { notifications: { edges: Array<{ node: Record<string, unknown> }> } }) => data.notifications.edges.map((edge) => edge.node);

describe('kept notifications and preferences', () => {
  it('keeps and lists notifications without SMTP, skips a kind the user turned off, and shows another account nothing', async () => {
    const account = await app.account();
    const other = await app.account();
    const email = `kept-${account.id}@example.com`;
    const session = await signIn(account.id, email);

    expect((await session('query { notificationPreferences { endpointDisabled deliveryExhausted deviceOffline disputeOpened } }')).data.notificationPreferences).toEqual({
      endpointDisabled: true,
      deliveryExhausted: true,
      deviceOffline: true,
      disputeOpened: true,
    });
    const updated = await session('mutation($input: NotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { deviceOffline disputeOpened } }', {
      input: { deviceOffline: false },
    });
    expect(updated.data.updateNotificationPreferences).toEqual({ deviceOffline: false, disputeOpened: true });
    // Preferences are a person's: an API key has none.
    expect((await withKey(account.key, 'query { notificationPreferences { deviceOffline } }')).errors?.[0]?.extensions?.code).toBe('forbidden');

    const offline = await emitEvent(app, account.id, 'device.offline', { device_id: 'dev_test_1', name: 'Pixel', status: 'offline', last_seen_at: '2026-11-28T20:00:00.000Z' });
    const dispute = await emitEvent(app, account.id, 'dispute.created', { dispute: { id: 'dp_kept_1', payment_intent: 'pi_test_123', amount_display: '<b>$5.00</b>', reason: 'fraudulent' } });
    await notifyJobDone(offline.event.id);
    await notifyJobDone(dispute.event.id);

    const listed = nodes((await session(LIST)).data);
    expect(listed).toEqual([
      expect.objectContaining({ kind: 'dispute_opened', recipient: email, subject: 'Dispute dp_kept_1 opened', status: 'kept', sentAt: null }),
    ]);
    expect(listed[0]!.body).toContain('<b>$5.00</b>');
    expect(nodes((await withKey(other.key, LIST)).data)).toEqual([]);
    // The panel's Notifications page is served to the session (its script renders the list).
    const page = await session.page('/panel/notifications');
    expect(page).toContain('id="notifications-app"');
    expect(page).toContain('notifications.js');
  });
});
