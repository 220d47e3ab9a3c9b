import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { pairingCode, relayTestEnv, sendSms, startDevice, TEST_NUMBERS, waitForStatus, type DeviceProcess } from './helpers.ts';

// The lists, details and live checklist the relay's panel pages read: message filters, stages and
// search (REST and GraphQL over the same where), a message's tries, a device's presence history
// and budget, a list send over GraphQL, and readiness that follows webhook endpoint changes.

const Messages = graphql(`
  query ListMessages($stage: MessageStage, $search: String, $deviceId: ID, $queuedAfter: DateTime, $queuedBefore: DateTime, $first: Int, $after: String) {
    messages(stage: $stage, search: $search, deviceId: $deviceId, queuedAfter: $queuedAfter, queuedBefore: $queuedBefore, first: $first, after: $after) {
      edges {
        node {
          requestId
          status
          stage
          to
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const MessageDetail = graphql(`
  query MessageDetail($requestId: ID!, $objectId: String!) {
    message(requestId: $requestId) {
      requestId
      stage
      attemptLog {
        number
        outcome
        failureReason
        device {
          id
          name
        }
      }
    }
    events(objectPublicId: $objectId, first: 10) {
      edges {
        node {
          type
        }
      }
    }
  }
`);

const DeviceDetail = graphql(`
  query DeviceDetail($id: ID!) {
    device(id: $id) {
      id
      sentLastMinute
      ratePerMinute
      presenceHistory {
        change
        at
      }
      messages(first: 5) {
        edges {
          node {
            requestId
          }
        }
      }
    }
  }
`);

const Devices = graphql(`
  query FilterDevices($status: DeviceStatus, $search: String) {
    devices(status: $status, search: $search, first: 10) {
      edges {
        node {
          id
        }
      }
    }
  }
`);

const QueueList = graphql(`
  mutation QueueListSend($input: QueueRecipientListInput!) {
    queueRecipientList(input: $input) {
      batchId
      queued
      skipped {
        to
        reason
      }
    }
  }
`);

const ReadinessChanged = graphql(`
  subscription ReadinessChanged {
    launchReadinessChanged {
      ready
      steps {
        key
        ok
      }
    }
  }
`);

let app: TestApp;
let merchant: TestAccount;
let device: DeviceProcess;
const delivered: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing', 'device-presence']);
  merchant = await app.account();
  const { code } = await pairingCode(app, merchant.key);
  device = await startDevice(app, { code }, { name: 'Counter phone' });
  for (const to of TEST_NUMBERS.slice(0, 3)) {
    const sent = await sendSms(app, merchant.key, { to, message: 'Your order is ready' });
    expect(sent.status).toBe(202);
    delivered.push(sent.body.request_id);
  }
  for (const id of delivered) await waitForStatus(app, merchant.key, id, ['DELIVERED']);
});
afterAll(async () => {
  await device?.kill();
  await app?.stop();
});

describe('messages list for the panel', () => {
  it('filters by stage over GraphQL and REST alike, and a stage no message is in lists none', async () => {
    const graph = await execute(app.baseUrl, merchant.key, Messages, { stage: 'DELIVERED' });
    expect(graph.data!.messages.edges.map((edge) => edge.node.requestId).sort()).toEqual([...delivered].sort());
    expect(graph.data!.messages.edges.every((edge) => edge.node.stage === 'DELIVERED')).toBe(true);
    const onPhone = await execute(app.baseUrl, merchant.key, Messages, { stage: 'ON_PHONE' });
    expect(onPhone.data!.messages.edges).toEqual([]);

    const rest = await app.request('GET', '/api/v1/messages?stage=delivered&limit=2', { key: merchant.key });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toHaveLength(2);
    expect(rest.body.has_more).toBe(true);
    const next = await app.request('GET', `/api/v1/messages?stage=delivered&limit=2&starting_after=${rest.body.data[1].request_id}`, { key: merchant.key });
    expect(next.body.data.map((row: { request_id: string }) => row.request_id)).toEqual([[...delivered].sort()[0]]);
    expect(next.body.has_more).toBe(false);
  });

  it('searches by request id or by the digits of a number in any format; a search for words finds nothing', async () => {
    const byId = await execute(app.baseUrl, merchant.key, Messages, { search: delivered[1] });
    expect(byId.data!.messages.edges.map((edge) => edge.node.requestId)).toEqual([delivered[1]]);
    const byNumber = await execute(app.baseUrl, merchant.key, Messages, { search: '(415) 555-2672' });
    expect(byNumber.data!.messages.edges.map((edge) => edge.node.to)).toEqual([TEST_NUMBERS[1]]);
    const words = await app.request('GET', '/api/v1/messages?search=zzz', { key: merchant.key });
    expect(words.body.data).toEqual([]);
  });

  it('filters by device and date range, and refuses a range that ends before it starts, naming the param', async () => {
    const byDevice = await execute(app.baseUrl, merchant.key, Messages, { deviceId: device.deviceId });
    expect(byDevice.data!.messages.edges).toHaveLength(3);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const later = await execute(app.baseUrl, merchant.key, Messages, { queuedAfter: future });
    expect(later.data!.messages.edges).toEqual([]);
    const earlier = await execute(app.baseUrl, merchant.key, Messages, { queuedBefore: future });
    expect(earlier.data!.messages.edges).toHaveLength(3);

    const backwards = await execute(app.baseUrl, merchant.key, Messages, { queuedAfter: future, queuedBefore: new Date().toISOString() });
    expect(backwards.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'queuedAfter' });
    const rest = await app.request('GET', `/api/v1/messages?queued_after=${future}&queued_before=2020-01-01`, { key: merchant.key });
    expect(rest.status).toBe(400);
    expect(rest.body.error.param).toBe('queued_after');
  });

  it("shows a message's tries per device and its webhook events; another account sees none of it", async () => {
    const detail = await execute(app.baseUrl, merchant.key, MessageDetail, { requestId: delivered[0]!, objectId: delivered[0]! });
    expect(detail.data!.message.attemptLog).toEqual([
      { number: 1, outcome: 'delivered', failureReason: null, device: { id: device.deviceId, name: 'Counter phone' } },
    ]);
    expect(detail.data!.events.edges.map((edge) => edge.node.type)).toContain('message.delivered');

    const stranger = await app.account();
    const foreign = await execute(app.baseUrl, stranger.key, MessageDetail, { requestId: delivered[0]!, objectId: delivered[0]! });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('not_found');
    const list = await app.request('GET', `/api/v1/messages?search=${delivered[0]}`, { key: stranger.key });
    expect(list.body.data).toEqual([]);
  });
});

describe('devices for the panel', () => {
  it("has a device's presence history, budget used and recent messages", async () => {
    const { data } = await execute(app.baseUrl, merchant.key, DeviceDetail, { id: device.deviceId });
    expect(data!.device.presenceHistory.map((change) => change.change)).toEqual(['online', 'paired']);
    expect(data!.device.sentLastMinute).toBe(3);
    expect(data!.device.messages.edges).toHaveLength(3);
  });

  it('filters devices by status and searches by name', async () => {
    const online = await execute(app.baseUrl, merchant.key, Devices, { status: 'ONLINE' });
    expect(online.data!.devices.edges.map((edge) => edge.node.id)).toEqual([device.deviceId]);
    expect((await execute(app.baseUrl, merchant.key, Devices, { status: 'REVOKED' })).data!.devices.edges).toEqual([]);
    expect((await execute(app.baseUrl, merchant.key, Devices, { search: 'counter' })).data!.devices.edges).toHaveLength(1);
    expect((await execute(app.baseUrl, merchant.key, Devices, { search: 'zzz' })).data!.devices.edges).toEqual([]);
    const rest = await app.request('GET', '/api/v1/relay/devices?status=offline', { key: merchant.key });
    expect(rest.body.data).toEqual([]);
  });
});

describe('list send over GraphQL', () => {
  it('queues one SMS per distinct number of a list, and names the GraphQL param of a mistake', async () => {
    const imported = await app.request('POST', '/graphql', {
      key: merchant.key,
      body: {
        query: 'mutation { createRecipientList(input: { name: "Regulars" }) { id } }',
      },
    });
    const listId = imported.body.data.createRecipientList.id as string;
    const csv = `name,phone\nAda,${TEST_NUMBERS[3]}\nBo,${TEST_NUMBERS[4]}\nAda again,${TEST_NUMBERS[3]}\n`;
    await app.request('POST', '/graphql', {
      key: merchant.key,
      body: { query: 'mutation($csv: String!, $listId: ID) { importRecipients(csv: $csv, listId: $listId) { created } }', variables: { csv, listId } },
    });

    const sent = await execute(app.baseUrl, merchant.key, QueueList, { input: { listId, message: 'We open at 9 tomorrow' } });
    // "Ada again" shares Ada's number: one recipient per number, so the import skipped it.
    expect(sent.data!.queueRecipientList).toMatchObject({ queued: 2, skipped: [] });

    const empty = await execute(app.baseUrl, merchant.key, QueueList, { input: { listId, message: '' } });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.message' });
    const foreign = await execute(app.baseUrl, (await app.account()).key, QueueList, { input: { listId, message: 'Hi' } });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'not_found' });
  });
});

describe('launch readiness, live', () => {
  it('yields the checklist, then a new one when a webhook endpoint is added', async () => {
    const account = await app.account();
    const client = wsClient(app.wsUrl, account.key);
    const live = subscribe(client, ReadinessChanged);
    try {
      const first = (await live.next()).data!.launchReadinessChanged;
      expect(first.steps.find((step) => step.key === 'webhook_endpoint')?.ok).toBe(false);
      const created = await app.request('POST', '/api/v1/webhook-endpoints', { key: account.key, body: { url: 'https://example.com/hooks' } });
      expect(created.status).toBe(201);
      const next = (await live.next()).data!.launchReadinessChanged;
      expect(next.steps.find((step) => step.key === 'webhook_endpoint')?.ok).toBe(true);
    } finally {
      live.dispose();
      await client.dispose();
    }
  });
});
