// Priority (issue 31): higher goes first in the account's queue and on the phone, and from 100 up
// (an OTP) past the phone's per-minute budget, so a code sent while a long list drains reaches the
// phone at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { TEST_NUMBERS, UpdateDevice, pairingCode, relayTestEnv, sendSms, startDevice, type DeviceProcess } from './helpers.ts';

const CreatePriorityList = graphql(`
  mutation CreatePriorityList($input: RecipientListInput!) {
    createRecipientList(input: $input) {
      id
    }
  }
`);

const QueuePriorityList = graphql(`
  mutation QueuePriorityList($input: QueueRecipientListInput!) {
    queueRecipientList(input: $input) {
      batchId
      queued
    }
  }
`);

const MessagePriority = graphql(`
  query MessagePriority($requestId: ID!) {
    message(requestId: $requestId) {
      requestId
      priority
    }
  }
`);

let app: TestApp;
const devices: DeviceProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

/** A phone paired to the account, with its per-minute budget set. */
async function phone(account: TestAccount, ratePerMinute: number) {
  const started = await startDevice(app, { code: (await pairingCode(app, account.key)).code }, { name: 'Priority phone' });
  devices.push(started);
  const updated = await execute(app.baseUrl, account.key, UpdateDevice, { id: started.deviceId, input: { ratePerMinute } });
  expect(updated.data!.updateDevice.ratePerMinute).toBe(ratePerMinute);
  return started;
}

/** A list of `size` distinct numbers on the account (rows written directly: the list API is tested elsewhere). */
async function list(account: TestAccount, size: number) {
  const created = (await execute(app.baseUrl, account.key, CreatePriorityList, { input: { name: `Staff ${size}` } })).data!.createRecipientList;
  const prefix = `rcp_prio${account.id}_`;
  await app.rt.db.prisma.$executeRaw`
    INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags)
    SELECT ${prefix} || lpad(i::text, 4, '0'), ${account.id}, 'Staff ' || i, '+1415' || (5560000 + i)::text, '1415' || (5560000 + i)::text, '{}'
    FROM generate_series(1, ${size}::int) AS i`;
  await app.rt.db.prisma.$executeRaw`
    INSERT INTO recipient_list_members (list_id, recipient_id)
    SELECT ${created.id}, id FROM recipients WHERE account_id = ${account.id} AND id LIKE ${`${prefix}%`}`;
  return created.id;
}

const received = (device: DeviceProcess) => device.events.filter((event) => event.type === 'received');

describe('priority', () => {
  it('an OTP sent behind a 60-number list at 20 a minute reaches the phone in under 20 s, past the spent budget', async () => {
    const account = await app.account();
    const device = await phone(account, 20);
    const listId = await list(account, 60);
    const queued = await execute(app.baseUrl, account.key, QueuePriorityList, { input: { listId, message: 'Fire drill at 3 pm: assemble in the car park.', priority: -1 } });
    expect(queued.data!.queueRecipientList.queued).toBe(60);
    // The phone's minute is spent on the list (sent at -1 from GraphQL): its 20th message arrived, 40 wait for the budget.
    await device.waitFor('received', () => received(device).length >= 20);
    const otp = await app.request('POST', '/api/v1/otp/send', { key: account.key, body: { to: TEST_NUMBERS[0], purpose: 'login' } });
    expect(otp.status, JSON.stringify(otp.body)).toBe(200);
    const requestId = otp.body.request_id as string;
    const sentAt = Date.now();
    const arrived = await device.waitFor('received', (event) => event.messageId === requestId);
    // The issue's bound ("reaches a phone in under 20 s"); without priority it waited for the minute to free.
    expect(Date.now() - sentAt).toBeLessThan(20_000);
    // It went past the budget: the list's 21st message is still waiting for the minute to end.
    const before = received(device).slice(0, received(device).indexOf(arrived));
    expect(before).toHaveLength(20);
    expect(before.every((event) => event.type === 'received' && event.body.startsWith('Fire drill'))).toBe(true);
    const waiting = await app.rt.db.prisma.message.count({ where: { accountId: account.id, state: 'queued', priority: -1 } });
    expect(waiting).toBe(40);
    // Its priority shows on the message, in REST and GraphQL.
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${requestId}`, { key: account.key });
    expect(status.body).toMatchObject({ request_id: requestId, priority: 100 });
    const shown = await execute(app.baseUrl, account.key, MessagePriority, { requestId });
    expect(shown.data!.message).toEqual({ requestId, priority: 100 });
  }, 60_000);

  it('higher priority goes first in the queue; below 100 it waits for the budget like the rest', async () => {
    const account = await app.account();
    const device = await phone(account, 1);
    const first = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'first, spends the budget' });
    expect(first.status).toBe(202);
    await device.waitFor('received', (event) => event.messageId === first.body.request_id);
    // Budget spent: these queue. The higher one will go first when the minute frees; neither goes now.
    const low = await sendSms(app, account.key, { to: TEST_NUMBERS[1], message: 'low', priority: -5 });
    const high = await sendSms(app, account.key, { to: TEST_NUMBERS[2], message: 'high', priority: 99 });
    expect([low.status, high.status]).toEqual([202, 202]);
    const expedited = await sendSms(app, account.key, { to: TEST_NUMBERS[3], message: 'expedited', priority: 100 });
    await device.waitFor('received', (event) => event.messageId === expedited.body.request_id);
    const rows = await app.rt.db.prisma.message.findMany({ where: { id: { in: [low.body.request_id, high.body.request_id] } }, orderBy: { priority: 'asc' } });
    expect(rows.map((row) => [row.priority, row.state])).toEqual([[-5, 'queued'], [99, 'queued']]);
    // The minute passes (its start moved back rather than waited for), and a last send wakes the
    // drain: the one message the budget allows is the highest waiting, not the oldest nor the newest.
    await app.rt.db.prisma.$executeRaw`UPDATE devices SET budget_window_started_at = now() - interval '2 minutes' WHERE id = ${device.deviceId}`;
    const last = await sendSms(app, account.key, { to: TEST_NUMBERS[4], message: 'last', priority: -128 });
    expect(last.status).toBe(202);
    const next = await device.waitFor('received', (event) => event.messageId !== first.body.request_id && event.messageId !== expedited.body.request_id);
    expect(next.messageId).toBe(high.body.request_id);
    const after = await app.rt.db.prisma.message.findMany({ where: { id: { in: [low.body.request_id, last.body.request_id] } } });
    expect(after.map((row) => row.state)).toEqual(['queued', 'queued']);
  }, 60_000);

  it('refuses a priority outside −128..127 or not an integer, naming priority, and queues nothing', async () => {
    const account = await app.account();
    for (const priority of [128, -129, 1.5, '5']) {
      const response = await sendSms(app, account.key, { to: TEST_NUMBERS[0], message: 'x', priority });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_request', param: 'priority' });
    }
    expect(await app.rt.db.prisma.message.count({ where: { accountId: account.id } })).toBe(0);
  });
});
