// Operator decisions stay the operator's (issue 22): a pause made with `npm run relay:operator` is
// lifted only by the operator; the account sees which pause it is (GraphQL `pausedBy`, a notice on
// every panel page). And the operator command fails in one clear line, never a stack trace.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPanelUser } from '../../src/panel/users.ts';
import { PanelPauseQueue, PanelQueueHealth, PanelResumeQueue } from '../../src/relay/panel/panel-operations.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { TEST_NUMBERS, sendSms } from './helpers.ts';

const root = join(import.meta.dirname, '../..');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

/** `npm run relay:operator -- …` as a real process: its exit code and everything it printed. */
function operator(args: string[], env: Record<string, string | undefined> = { ...process.env, ...app.env }) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = fork(join(root, 'src/relay/dashboard/operator.ts'), args, { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.stderr!.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A panel session of the account (its first user, signed in through the form): fetches a panel page's HTML. */
async function panelOf(account: TestAccount) {
  const email = `owner-${account.id}@example.com`;
  await createPanelUser(app.rt.db.prisma, account.id, email, 'correct horse battery');
  const form = await fetch(`${app.baseUrl}/panel/sign-in`);
  const cookies = form.headers.getSetCookie().map((header) => header.split(';')[0]);
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(await form.text())![1]!;
  const signedIn = await fetch(`${app.baseUrl}/panel/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ csrf_token: csrf, email, password: 'correct horse battery' }).toString(),
  });
  expect(signedIn.status).toBe(303);
  const cookie = [...cookies, ...signedIn.headers.getSetCookie().map((header) => header.split(';')[0])].join('; ');
  return async (path: string) => (await fetch(`${app.baseUrl}/panel/${path}`, { headers: { cookie } })).text();
}

const notice = (page: string) => /<p class="notice" role="status">([^<]*)<\/p>/.exec(page)?.[1];

describe('an operator pause', () => {
  it('is lifted by the operator only; the account sees whose pause it is, on every panel page', async () => {
    const account = await app.account();
    const panel = await panelOf(account);
    expect(notice(await panel('devices'))).toBeUndefined();

    const paused = await operator(['pause', String(account.id)]);
    expect(paused.code, paused.out).toBe(0);
    expect(JSON.parse(paused.out)).toMatchObject({ account: account.id, relay_paused_by: 'operator' });

    // The account's own resume (the panel's button) is refused and changes nothing.
    const resume = await execute(app.baseUrl, account.key, PanelResumeQueue);
    expect(resume.errors?.[0]?.extensions?.code).toBe('invalid_state');
    expect(resume.errors?.[0]?.message).toContain('only an operator can resume it');
    // Pausing it again itself does not make the pause the account's.
    expect((await execute(app.baseUrl, account.key, PanelPauseQueue)).data?.pauseRelayQueue.paused).toBe(true);
    const health = (await execute(app.baseUrl, account.key, PanelQueueHealth)).data!.relayQueueHealth;
    expect(health).toMatchObject({ paused: true, pausedBy: 'OPERATOR' });
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x' })).status).toBe(503);

    for (const path of ['devices', 'queue', 'messages', 'keys', 'webhooks']) {
      expect(notice(await panel(path)), path).toBe(
        'Relay sending is paused by an operator: new sends are refused and queued messages wait. Only the operator can resume it.',
      );
    }

    expect((await operator(['resume', String(account.id)])).code).toBe(0);
    expect((await execute(app.baseUrl, account.key, PanelQueueHealth)).data!.relayQueueHealth).toMatchObject({ paused: false, pausedBy: null });
    expect(notice(await panel('keys'))).toBeUndefined();
    expect((await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x' })).status).toBe(202);
  });

  it("an account's own pause says so, and the account resumes it", async () => {
    const account = await app.account();
    const panel = await panelOf(account);
    const pause = await execute(app.baseUrl, account.key, PanelPauseQueue);
    expect(pause.errors, JSON.stringify(pause.errors)).toBeUndefined();
    expect((await execute(app.baseUrl, account.key, PanelQueueHealth)).data!.relayQueueHealth).toMatchObject({ paused: true, pausedBy: 'ACCOUNT' });
    expect(notice(await panel('messages'))).toContain('paused by your account');
    expect((await execute(app.baseUrl, account.key, PanelResumeQueue)).data?.resumeRelayQueue.paused).toBe(false);
    expect(notice(await panel('messages'))).toBeUndefined();
  });
});

describe('npm run relay:operator', () => {
  it('sets a recipient limit, and answers one line for an unknown account, a missing DATA_DIR and a wrong command line', async () => {
    const unknown = await operator(['pause', '987654321']);
    expect(unknown.code).toBe(1);
    expect(unknown.out.trim().split('\n')).toEqual(['relay:operator: No account 987654321 in this database (is DATA_DIR, or DATABASE_URL, the server\'s?).']);

    const emptyDir = mkdtempSync(join(tmpdir(), 'yarrow-no-data-'));
    const { DATABASE_URL: _url, YARROW_SECRET: _secret, ...withoutDatabase } = { ...process.env, ...app.env };
    const noData = await operator(['pause', '1'], { ...withoutDatabase, DATA_DIR: emptyDir });
    expect(noData.code).toBe(1);
    const lines = noData.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^relay:operator: No Yarrow data in .*yarrow-no-data-.*: run "npm start" first, or set DATA_DIR/);

    const account = await app.account();
    const limited = await operator(['recipient-limit', String(account.id), '2500']);
    expect(JSON.parse(limited.out)).toMatchObject({ account: account.id, relay_recipient_limit: 2500 });
    expect((await app.rt.db.prisma.account.findUniqueOrThrow({ where: { id: account.id } })).relayRecipientLimit).toBe(2500);

    const usage = await operator(['pause', 'abc']);
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/^Usage: npm run relay:operator/);
  });
});
