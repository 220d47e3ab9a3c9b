import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPanelUser } from '../../src/panel/users.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createEndpoint, emitEvent } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

let app: TestApp;
let receiver: Receiver;
let smtp: SMTPServer;
const inbox: ReceivedMail[] = [];
const waiters: Array<() => void> = [];

/** A real SMTP server in this process: each message it accepts is parsed into the inbox. */
async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: parsed.subject ?? '', text: parsed.text ?? '' });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
}

async function mailTo(address: string, matching: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  for (;;) {
    const found = inbox.find((mail) => mail.to.includes(address) && matching(mail));
    if (found) return found;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

/** Waits until the worker finished the notification job of an event (its pg-boss job completed). */
async function notifyJobDone(eventId: string) {
  for (;;) {
    const rows = await app.rt.db.prisma.$queryRaw<Array<{ state: string }>>`SELECT state FROM pgboss.job WHERE name = 'webhook_notify' AND data->>'eventId' = ${eventId}`;
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function accountWithUsers(count: number) {
  const account = await app.account();
  const users = [];
  for (let i = 0; i < count; i++) {
    users.push(await createPanelUser(app.rt.db.prisma, account.id, `user${i}-${account.id}-${Date.now()}@example.com`, 'correct horse battery staple'));
  }
  return { account, users };
}

beforeAll(async () => {
  receiver = await startReceiver();
  const port = await startSmtp();
  app = await startTestApp({
    env: {
      WEBHOOK_RETRY_SCHEDULE: '0.1,0.2,0.3',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    },
  });
  await app.startWorkers(['webhooks']);
});

afterAll(async () => {
  await app?.stop();
  await receiver?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('email notifications', () => {
  it('emails every panel user of the account when a delivery runs out of retries, once per endpoint per hour', async () => {
    const { account, users } = await accountWithUsers(2);
    const other = await accountWithUsers(1);
    // The second user turned exhausted deliveries off.
    await app.rt.db.prisma.notificationOptOut.create({ data: { userId: users[1]!.id, kind: 'delivery_exhausted' } });
    receiver.on('/notify-exhausted', () => ({ status: 500 }));
    const { endpoint } = await createEndpoint(app, account.key, { url: `${receiver.url('/notify-exhausted')}?token=receiver-secret` });
    const { deliveries } = await emitEvent(app, account.id);
    const failing = deliveries.find((delivery) => delivery.endpointId === endpoint.id)!;

    const mail = await mailTo(users[0]!.email, (each) => each.subject === `Webhook delivery ${failing.id} to ${endpoint.id} ran out of retries`);
    expect(mail.subject).toBe(`Webhook delivery ${failing.id} to ${endpoint.id} ran out of retries`);
    expect(mail.text).toContain(`Delivery ${failing.id}`);
    expect(mail.text).toContain(endpoint.id);
    expect(mail.text).toContain('failed 4 times (last status 500)');
    // The receiver's own token in its query string is not put in an email.
    expect(mail.text).not.toContain('receiver-secret');

    const exhausted = await app.rt.db.prisma.event.findFirstOrThrow({ where: { accountId: account.id, type: 'webhook_delivery.exhausted' } });
    await notifyJobDone(exhausted.id);
    const rows = await app.rt.db.prisma.notification.findMany({ where: { eventId: exhausted.id } });
    expect(rows.map((row) => ({ userId: row.userId, status: row.status }))).toEqual([{ userId: users[0]!.id, status: 'sent' }]);
    expect(inbox.filter((each) => each.to.includes(users[1]!.email))).toEqual([]);
    expect(inbox.filter((each) => each.to.includes(other.users[0]!.email))).toEqual([]);

    // A second exhausted delivery of the same endpoint within the hour: no second email.
    const second = await emitEvent(app, account.id);
    const secondFailing = second.deliveries.find((delivery) => delivery.endpointId === endpoint.id)!;
    for (;;) {
      const event = await app.rt.db.prisma.event.findFirst({ where: { accountId: account.id, type: 'webhook_delivery.exhausted', objectPublicId: secondFailing.id } });
      if (event) {
        await notifyJobDone(event.id);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await app.rt.db.prisma.notification.count({ where: { accountId: account.id, kind: 'delivery_exhausted' } })).toBe(1);
    expect(inbox.filter((each) => each.subject.startsWith(`Webhook delivery ${secondFailing.id} `))).toEqual([]);
  });

  it('emails when an endpoint is disabled and when a dispute opens, to that account only', async () => {
    const { account, users } = await accountWithUsers(1);
    const other = await accountWithUsers(1);
    receiver.on('/notify-gone', () => ({ status: 410 }));
    const { endpoint } = await createEndpoint(app, account.key, { url: receiver.url('/notify-gone') });
    await emitEvent(app, account.id);
    const disabled = await mailTo(users[0]!.email, (each) => each.subject.includes(endpoint.id));
    expect(disabled.subject).toBe(`Webhook endpoint ${endpoint.id} was disabled`);
    expect(disabled.text).toContain(receiver.url('/notify-gone'));

    const { event } = await emitEvent(app, account.id, 'dispute.created', {
      dispute: { id: 'dp_test_1', payment_intent: 'pi_test_123', amount_display: '$19.99', reason: 'fraudulent', evidence_due_by: '2026-12-05T00:00:00.000Z' },
    });
    const dispute = await mailTo(users[0]!.email, (each) => each.subject.includes('dp_test_1'));
    expect(dispute.subject).toBe('Dispute dp_test_1 opened');
    expect(dispute.text).toContain('pi_test_123');
    await notifyJobDone(event.id);
    expect(inbox.filter((each) => each.to.includes(other.users[0]!.email))).toEqual([]);
  });
});
