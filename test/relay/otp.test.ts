import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJob } from '../../src/core/queue.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { pairingCode, relayTestEnv, startDevice, waitForStatus, type DeviceProcess } from './helpers.ts';

let app: TestApp;
let account: TestAccount;
let phone: DeviceProcess;

beforeAll(async () => {
  app = await startTestApp({ env: { ...relayTestEnv, OTP_MAX_PER_NUMBER: '3' } });
  await app.startWorkers(['sms-routing', 'otp-expiry']);
  account = await app.account({ name: 'Acme Bank' });
  phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'OTP phone' });
});
afterAll(async () => {
  await phone?.kill();
  await app?.stop();
});

let numberIndex = 0;
/** Each test its own number, so the per-number cap only bites where a test wants it to. */
function freshNumber() {
  numberIndex += 1;
  return `+1415555${String(2600 + numberIndex).padStart(4, '0')}`;
}

async function sendOtp(body: Record<string, unknown>) {
  return app.request('POST', '/api/v1/otp/send', { key: account.key, body });
}

/** Sends an OTP and reads the code off the simulated phone's screen. */
async function sendAndRead(body: Record<string, unknown>) {
  const response = await sendOtp(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const received = await phone.waitFor('received', (event) => event.messageId === response.body.request_id);
  const code = /\d{4,10}/.exec(received.body)![0];
  return { otpId: response.body.otp_id as string, requestId: response.body.request_id as string, code, text: received.body, response };
}

function verify(otpId: string, code: string) {
  return app.request('POST', '/api/v1/otp/verify', { key: account.key, body: { otp_id: otpId, code } });
}

describe('OTP', () => {
  it('sends a code by SMS and verifies it once (otp.verified), never storing it', async () => {
    const { otpId, requestId, code, text, response } = await sendAndRead({ to: freshNumber(), purpose: 'login', locale: 'en' });
    // The OTP was sent (created and handed to delivery); its SMS is queued until a phone has sent it.
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, otp_id: expect.stringMatching(/^otp_/), status: 'sent', expires_in_seconds: 300, request_id: requestId, message_status: 'queued' });
    expect(code).toHaveLength(6);
    expect(text).toBe(`${code} is your Acme Bank login code. It expires in 5 min. Never share it.`);
    await waitForStatus(app, account.key, requestId, ['DELIVERED']);

    const success = await verify(otpId, code);
    // The right code spends no attempt.
    expect(success.body).toEqual({ ok: true, otp_id: otpId, status: 'success', attempts_left: 5 });
    const again = await verify(otpId, code);
    expect(again.body).toMatchObject({ status: 'failed', reason: 'already_verified', attempts_left: 0 });

    const events = await app.rt.db.prisma.event.findMany({ where: { type: 'otp.verified', objectPublicId: otpId } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ otp_id: otpId, purpose: 'login', request_id: requestId });

    // Nowhere in the database: not in the OTP, not in the message (masked, sealed text wiped).
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    const otpRow = await client.query('SELECT * FROM otps WHERE id = $1', [otpId]);
    const messageRow = await client.query('SELECT * FROM messages WHERE id = $1', [requestId]);
    await client.end();
    expect(JSON.stringify(otpRow.rows)).not.toContain(code);
    expect(JSON.stringify(messageRow.rows)).not.toContain(code);
    expect(messageRow.rows[0].body).toContain('••••••');
    expect(messageRow.rows[0].sealed_body).toBeNull();
  });

  it('spends attempts on wrong codes only', async () => {
    const { otpId, code } = await sendAndRead({ to: freshNumber(), purpose: 'login' });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify(otpId, wrong)).body).toMatchObject({ status: 'failed', reason: 'incorrect_code', attempts_left: 4 });
    expect((await verify(otpId, code)).body).toEqual({ ok: true, otp_id: otpId, status: 'success', attempts_left: 4 });
    expect((await app.rt.db.prisma.otp.findUniqueOrThrow({ where: { id: otpId } })).attempts).toBe(1);
  });

  it('counts wrong codes and dies after 5 attempts, even for the right code', async () => {
    const { otpId, code } = await sendAndRead({ to: freshNumber(), purpose: 'password_reset', locale: 'fr', code_length: 8 });
    expect(code).toHaveLength(8);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let left = 4; left >= 1; left--) {
      const response = await verify(otpId, wrong);
      expect(response.body).toMatchObject({ status: 'failed', reason: 'incorrect_code', attempts_left: left });
    }
    const fifth = await verify(otpId, wrong.slice(0, 6));
    expect(fifth.body).toMatchObject({ status: 'failed', reason: 'max_attempts_reached', attempts_left: 0 });
    const late = await verify(otpId, code);
    expect(late.body).toMatchObject({ status: 'failed', reason: 'max_attempts_reached', attempts_left: 0 });
    expect((await app.rt.db.prisma.otp.findUniqueOrThrow({ where: { id: otpId } })).status).toBe('max_attempts_reached');
  });

  it('treats a past deadline as expired, and the expiry worker marks it at its deadline', async () => {
    const first = await sendAndRead({ to: freshNumber(), purpose: 'signup', locale: 'de', expiry_seconds: 60 });
    expect(first.text).toContain('Gültig für 1 Min.');
    await app.rt.db.prisma.otp.update({ where: { id: first.otpId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verify(first.otpId, first.code)).body).toMatchObject({ status: 'expired' });

    // Each OTP has its expiry job, committed with it and due at its deadline.
    const second = await sendAndRead({ to: freshNumber(), purpose: 'transaction', locale: 'es' });
    expect(second.text).toMatch(/^\d{6} es tu código de confirmación de la operación de Acme Bank/);
    const otp = await app.rt.db.prisma.otp.findUniqueOrThrow({ where: { id: second.otpId } });
    const [job] = await app.rt.db.prisma.$queryRaw<Array<{ start_after: Date }>>`
      SELECT start_after FROM pgboss.job WHERE name = 'relay_otp_expire' AND data->>'otpId' = ${second.otpId}`;
    expect(job!.start_after.getTime()).toBe(otp.expiresAt.getTime());
    // Bring the deadline to now and hand the worker process the same job now.
    await app.rt.db.prisma.otp.update({ where: { id: second.otpId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await sendJob(app.rt.boss, 'relay_otp_expire', { otpId: second.otpId });
    for (;;) {
      const otp = await app.rt.db.prisma.otp.findUniqueOrThrow({ where: { id: second.otpId } });
      if (otp.status === 'expired') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await verify(second.otpId, second.code)).body).toMatchObject({ status: 'expired' });
  });

  it('validates purpose, locale, expiry and length, listing the supported locales', async () => {
    const to = freshNumber();
    const unknownLocale = await sendOtp({ to, purpose: 'login', locale: 'xx' });
    expect(unknownLocale.status).toBe(400);
    expect(unknownLocale.body.error).toMatchObject({ code: 'invalid_request', param: 'locale' });
    expect(unknownLocale.body.error.message).toContain('en, ar, fr, es, de');
    for (const [body, param] of [
      [{ to, purpose: 'spam' }, 'purpose'],
      [{ to, purpose: 'login', expiry_seconds: 59 }, 'expiry_seconds'],
      [{ to, purpose: 'login', expiry_seconds: 3601 }, 'expiry_seconds'],
      [{ to, purpose: 'login', code_length: 3 }, 'code_length'],
      [{ to, purpose: 'login', code_length: 11 }, 'code_length'],
      [{ to: 'not a number', purpose: 'login' }, 'to'],
    ] as const) {
      const response = await sendOtp(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.param).toBe(param);
    }
    const ar = await sendAndRead({ to, purpose: 'verification', locale: 'ar', code_length: 4 });
    expect(ar.text).toContain('رمز التحقق');
    const badCode = await verify(ar.otpId, 'abcd');
    expect(badCode.body.error).toMatchObject({ code: 'invalid_request', param: 'code' });
    const other = await app.account();
    const foreign = await app.request('POST', '/api/v1/otp/verify', { key: other.key, body: { otp_id: ar.otpId, code: ar.code } });
    expect(foreign.status).toBe(404);
  });

  it('caps sends per number with 429 and Retry-After', async () => {
    const to = freshNumber();
    for (let i = 0; i < 3; i++) expect((await sendOtp({ to, purpose: 'login' })).status).toBe(200);
    const capped = await sendOtp({ to, purpose: 'login' });
    expect(capped.status).toBe(429);
    expect(capped.body.error).toMatchObject({ code: 'rate_limited', param: 'to' });
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sendOtp({ to: freshNumber(), purpose: 'login' })).status).toBe(200);
  });
});
