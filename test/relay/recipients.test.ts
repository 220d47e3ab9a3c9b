import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { recipientSearchCondition } from '../../src/relay/recipients/sql.ts';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestAccount, type TestApp } from '../helpers/app.ts';
import { execute, subscribe, wsClient } from '../helpers/graphql.ts';
import { sendSms } from './helpers.ts';

const CreateRecipient = graphql(`
  mutation CreateRecipient($input: RecipientInput!) {
    createRecipient(input: $input) {
      id
      name
      phone
      tags
    }
  }
`);

const UpdateRecipient = graphql(`
  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {
    updateRecipient(id: $id, input: $input) {
      id
      name
      phone
    }
  }
`);

const DeleteRecipient = graphql(`
  mutation DeleteRecipient($id: ID!) {
    deleteRecipient(id: $id) {
      id
    }
  }
`);

const ImportRecipients = graphql(`
  mutation ImportRecipients($csv: String!, $listId: ID) {
    importRecipients(csv: $csv, listId: $listId) {
      created
      skipped {
        line
        reason
      }
      skippedCount
    }
  }
`);

const CreateList = graphql(`
  mutation CreateList($input: RecipientListInput!) {
    createRecipientList(input: $input) {
      id
      name
    }
  }
`);

const AddToList = graphql(`
  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {
    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {
      id
      memberCount
    }
  }
`);

const ListMembers = graphql(`
  query ListMembers($id: ID!) {
    recipientList(id: $id) {
      name
      memberCount
      members(first: 10) {
        edges {
          node {
            recipient {
              name
              phone
            }
          }
        }
      }
    }
  }
`);

const SearchRecipients = graphql(`
  query SearchRecipients($search: String) {
    recipients(first: 20, search: $search) {
      edges {
        node {
          name
        }
      }
    }
  }
`);

const BatchMessages = graphql(`
  query BatchMessages($batchId: ID) {
    messages(first: 10, batchId: $batchId) {
      edges {
        node {
          requestId
          batchId
          to
        }
      }
    }
  }
`);

const QueueListItems = graphql(`
  mutation QueueListItems($input: QueueRecipientListInput!) {
    queueRecipientList(input: $input) {
      batchId
      items {
        to
        requestId
      }
    }
  }
`);

const ListMessagesQueued = graphql(`
  subscription ListMessagesQueued {
    messageUpdated {
      requestId
      status
    }
  }
`);

let app: TestApp;
let account: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  account = await app.account();
});
afterAll(() => app?.stop());

describe('recipients', () => {
  it('are created, updated and deleted over GraphQL, per account', async () => {
    const created = await execute(app.baseUrl, account.key, CreateRecipient, {
      input: { name: 'Amira Haddad', phone: '+33 6 12 34 56 78', tags: ['vip'] },
    });
    expect(created.data!.createRecipient).toMatchObject({ name: 'Amira Haddad', phone: '+33612345678', tags: ['vip'] });
    const id = created.data!.createRecipient.id;
    const bad = await execute(app.baseUrl, account.key, CreateRecipient, { input: { name: 'X', phone: '123' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.phone' });

    const updated = await execute(app.baseUrl, account.key, UpdateRecipient, { id, input: { name: 'Amira H.' } });
    expect(updated.data!.updateRecipient.name).toBe('Amira H.');
    const other = await app.account();
    const foreign = await execute(app.baseUrl, other.key, UpdateRecipient, { id, input: { name: 'Stolen' } });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('not_found');
    const readOnly = await app.account({ scopes: ['recipients.read'] });
    const denied = await execute(app.baseUrl, readOnly.key, DeleteRecipient, { id });
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: 'forbidden', param: 'recipients.write' });
    expect((await execute(app.baseUrl, account.key, DeleteRecipient, { id })).data!.deleteRecipient.id).toBe(id);
    expect(await app.rt.db.prisma.recipient.count({ where: { id } })).toBe(0);
  });

  it('import from CSV, skipping bad and duplicate rows, optionally into a list', async () => {
    const list = (await execute(app.baseUrl, account.key, CreateList, { input: { name: 'Newsletter' } })).data!.createRecipientList;
    const csv = [
      'Name,Phone,Tags',
      'Bob Martin,+1 415 555 2671,customer;paris',
      '"Lee, Chen",+14155552672,',
      'No Number,not-a-phone,',
      'Bob Martin,+14155552671,duplicate row',
      ',+14155552673,',
    ].join('\n');
    const result = await execute(app.baseUrl, account.key, ImportRecipients, { csv, listId: list.id });
    expect(result.data!.importRecipients.created).toBe(2);
    expect(result.data!.importRecipients.skipped).toEqual([
      { line: 4, reason: expect.stringContaining('phone') },
      { line: 5, reason: expect.stringContaining('duplicate') },
      { line: 6, reason: expect.stringContaining('name') },
    ]);
    expect(result.data!.importRecipients.skippedCount).toBe(3);
    const members = await execute(app.baseUrl, account.key, ListMembers, { id: list.id });
    expect(members.data!.recipientList.memberCount).toBe(2);
    expect(members.data!.recipientList.members.edges.map((edge) => edge.node.recipient.name).sort()).toEqual(['Bob Martin', 'Lee, Chen']);
    const bob = await app.rt.db.prisma.recipient.findFirstOrThrow({ where: { accountId: account.id, name: 'Bob Martin' } });
    expect(bob.tags).toEqual(['customer', 'paris']);

    const noHeader = await execute(app.baseUrl, account.key, ImportRecipients, { csv: 'who,where\nx,y' });
    expect(noHeader.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'csv' });
  });

  it('import is bounded: the database tells taken numbers (parallel imports make each number once), the account has a recipient cap, rows go in batches', async () => {
    const importer = await app.account();
    const csvOf = (from: number, count: number) =>
      ['name,phone', ...Array.from({ length: count }, (_, i) => `Person ${from + i},+1628${String(2000000 + from + i)}`)].join('\n');
    // 2,500 rows: three batches.
    const first = await execute(app.baseUrl, importer.key, ImportRecipients, { csv: csvOf(0, 2500) });
    expect(first.data!.importRecipients).toEqual({ created: 2500, skipped: [], skippedCount: 0 });
    // Six imports at once of 300 rows, 100 of them numbers the account has: each new number once.
    const parallel = await Promise.all(Array.from({ length: 6 }, () => execute(app.baseUrl, importer.key, ImportRecipients, { csv: csvOf(2400, 300) })));
    expect(parallel.reduce((sum, result) => sum + result.data!.importRecipients.created, 0)).toBe(200);
    for (const result of parallel) {
      const { created, skipped, skippedCount } = result.data!.importRecipients;
      expect(created + skippedCount).toBe(300);
      expect(skipped).toHaveLength(Math.min(skippedCount, 100));
      for (const row of skipped) expect(row.reason).toBe('duplicate: the account already has a recipient with this number');
    }
    expect(await app.rt.db.prisma.recipient.count({ where: { accountId: importer.id } })).toBe(2700);

    // The account's own cap (an operator's per-account override of RELAY_RECIPIENT_LIMIT): 2,703.
    await app.rt.db.prisma.account.update({ where: { id: importer.id }, data: { relayRecipientLimit: 2703 } });
    const capped = await execute(app.baseUrl, importer.key, ImportRecipients, { csv: csvOf(5000, 5) });
    expect(capped.data!.importRecipients).toEqual({
      created: 3,
      skipped: [
        { line: 5, reason: 'limit: the account has its most recipients (2703)' },
        { line: 6, reason: 'limit: the account has its most recipients (2703)' },
      ],
      skippedCount: 2,
    });
    const full = await execute(app.baseUrl, importer.key, CreateRecipient, { input: { name: 'One more', phone: '+16285550000' } });
    expect(full.errors?.[0]?.extensions?.code).toBe('invalid_request');
    expect(full.errors?.[0]?.message).toContain('most recipients (2703');
    expect(await app.rt.db.prisma.recipient.count({ where: { accountId: importer.id } })).toBe(2703);
  });

  it("an import's answer lists the first 100 skipped lines, the file's and the database's merged in line order, and counts them all", async () => {
    const importer = await app.account();
    await execute(app.baseUrl, importer.key, CreateRecipient, { input: { name: 'Saved', phone: '+16283000001' } });
    // Line 2: a number the account has (skipped by the database); lines 3-301: 299 bad numbers
    // (skipped while the file is read); line 302: a good one.
    const csv = [
      'name,phone',
      'Saved again,+16283000001',
      ...Array.from({ length: 299 }, (_, i) => `Bad ${i},+1555${String(i).padStart(7, '0')}`),
      'Good,+16283000002',
    ].join('\n');
    const { created, skipped, skippedCount } = (await execute(app.baseUrl, importer.key, ImportRecipients, { csv })).data!.importRecipients;
    expect(created).toBe(1);
    expect(skippedCount).toBe(300);
    expect(skipped).toHaveLength(100);
    expect(skipped[0]).toEqual({ line: 2, reason: 'duplicate: the account already has a recipient with this number' });
    expect(skipped.map((row) => row.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    expect(skipped[1]!.reason).toContain('phone');
  });

  it('search by name (case-insensitive substring) or by number digits in any format, with cursors', async () => {
    const searcher = await app.account();
    const people = [
      ['Zoë Fontaine', '+33612345001'],
      ['Marc Fontana', '+33612345002'],
      ['Ana García', '+34612345003'],
      ['Tom Baker', '+14155552699'],
    ];
    for (const [name, phone] of people) await execute(app.baseUrl, searcher.key, CreateRecipient, { input: { name: name!, phone: phone! } });
    const search = async (query: string) => {
      const response = await app.request('GET', `/api/v1/recipients?search=${encodeURIComponent(query)}`, { key: searcher.key });
      expect(response.status).toBe(200);
      return response.body.data.map((row: { name: string }) => row.name);
    };
    expect(await search('FONT')).toEqual(['Marc Fontana', 'Zoë Fontaine']);
    expect(await search('garcía')).toEqual(['Ana García']);
    // Accents ignored on both sides, as case is.
    expect(await search('zoe')).toEqual(['Zoë Fontaine']);
    expect(await search('ZOË FONT')).toEqual(['Zoë Fontaine']);
    expect(await search('garcia')).toEqual(['Ana García']);
    expect(await search('Marc Fóntana')).toEqual(['Marc Fontana']);
    expect(await search('(415) 555-26')).toEqual(['Tom Baker']);
    expect(await search('06 12 34 50 01')).toEqual(['Zoë Fontaine']);
    expect(await search('612345')).toEqual(['Ana García', 'Marc Fontana', 'Zoë Fontaine']);
    expect(await search('100%')).toEqual([]);
    const viaGraphql = await execute(app.baseUrl, searcher.key, SearchRecipients, { search: 'fontain' });
    expect(viaGraphql.data!.recipients.edges.map((edge) => edge.node.name)).toEqual(['Zoë Fontaine']);

    const page1 = await app.request('GET', '/api/v1/recipients?limit=2', { key: searcher.key });
    expect(page1.body).toMatchObject({ object: 'list', has_more: true });
    const page2 = await app.request('GET', `/api/v1/recipients?limit=2&starting_after=${page1.body.data[1].id}`, { key: searcher.key });
    expect([...page1.body.data, ...page2.body.data].map((row: { name: string }) => row.name)).toEqual(people.map(([name]) => name).reverse());
    expect(page2.body.has_more).toBe(false);
    const foreign = await app.request('GET', `/api/v1/recipients?starting_after=${page1.body.data[0].id}`, { key: account.key });
    expect(foreign.status).toBe(404);
    const denied = await app.request('GET', '/api/v1/recipients', { key: (await app.account({ scopes: ['sms.send'] })).key });
    expect(denied.status).toBe(403);
  });

  it('search stays on the trigram indexes at 100,000 rows', async () => {
    const big = await app.account();
    await app.rt.db.prisma.$executeRaw`
      INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags)
      SELECT 'rcp_bulk' || lpad(i::text, 7, '0'), ${big.id}, 'Customer ' || md5(i::text), '+1' || (2000000000 + i)::text,
             '1' || (2000000000 + i)::text, '{}'
      FROM generate_series(1, 100000) AS i`;
    await app.rt.db.prisma.$executeRaw`ANALYZE recipients`;
    const plan = async (search: string) => {
      const rows = await app.rt.db.prisma.$queryRaw<Array<{ 'QUERY PLAN': unknown }>>`
        EXPLAIN (FORMAT JSON) SELECT id FROM recipients WHERE account_id = ${big.id} AND ${recipientSearchCondition(search)} ORDER BY id DESC LIMIT 11`;
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    };
    const sample = (await app.rt.db.prisma.$queryRaw<Array<{ name: string; phone: string }>>(
      Prisma.sql`SELECT name, phone FROM recipients WHERE id = 'rcp_bulk0054321'`,
    ))[0]!;
    expect(await plan(sample.name.slice(12, 22).toUpperCase())).toContain('recipients_name_unaccent_trgm_idx');
    expect(await plan(sample.phone.slice(4))).toContain('recipients_phone_digits_trgm_idx');
    const response = await app.request('GET', `/api/v1/recipients?search=${sample.name.slice(12, 22)}`, { key: big.key });
    expect(response.body.data.map((row: { id: string }) => row.id)).toContain('rcp_bulk0054321');
  });
});

describe('POST /api/v1/recipient-lists/queue', () => {
  it('queues one message per distinct number of a 10,000-member list, in one transaction', async () => {
    const sender = await app.account();
    const list = (await execute(app.baseUrl, sender.key, CreateList, { input: { name: 'Everyone' } })).data!.createRecipientList;
    await app.rt.db.prisma.$executeRaw`
      INSERT INTO recipients (id, account_id, name, phone, phone_digits, tags)
      SELECT 'rcp_list' || lpad(i::text, 6, '0'), ${sender.id}, 'Member ' || i, '+1415' || (5550000 + i)::text, '1415' || (5550000 + i)::text, '{}'
      FROM generate_series(1, 10000) AS i`;
    // One recipient per number: a second one with a number the account has is refused.
    const twin = await execute(app.baseUrl, sender.key, CreateRecipient, { input: { name: 'Twin', phone: '+14155550001' } });
    expect(twin.errors?.[0]?.extensions).toMatchObject({ code: 'already_exists', param: 'phone' });
    await app.rt.db.prisma.$executeRaw`
      INSERT INTO recipient_list_members (list_id, recipient_id) SELECT ${list.id}, id FROM recipients WHERE account_id = ${sender.id} AND id LIKE 'rcp_list%'`;

    const response = await app.request('POST', '/api/v1/recipient-lists/queue', {
      key: sender.key,
      body: { list_id: list.id, message: 'Store opens at 9 tomorrow', reference: 'promo' },
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      ok: true,
      batch_id: expect.stringMatching(/^batch_/),
      queued: 10000,
      // One GSM-7 part each.
      segments: 10000,
      skipped: [],
      items: expect.any(Array),
    });
    const messages = await app.rt.db.prisma.message.findMany({ where: { batchId: response.body.batch_id }, select: { id: true, to: true, state: true } });
    expect(messages).toHaveLength(10000);
    expect(new Set(messages.map((message) => message.id)).size).toBe(10000);
    expect(new Set(messages.map((message) => message.to)).size).toBe(10000);
    expect(messages.every((message) => message.id.startsWith('req_') && message.state === 'queued')).toBe(true);
    // The list wakes the routing workers with its insert's NOTIFY, not a queue job.
    const [jobs] = await app.rt.db.prisma.$queryRaw<Array<{ count: number }>>`
      SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'relay_dispatch' AND data->>'accountId' = ${String(sender.id)}`;
    expect(jobs!.count).toBe(0);
    const status = await app.request('GET', `/api/v1/messages/status?request_id=${messages[0]!.id}`, { key: sender.key });
    expect(status.body).toMatchObject({ status: 'queued', reference: 'promo', batch_id: response.body.batch_id });
    // Each queued item answers its own request_id, in list order, and only the batch's messages.
    const items = response.body.items as Array<{ to: string; request_id: string }>;
    expect(items).toHaveLength(10000);
    expect(items[0]!.to).toBe('+14155550001');
    expect(Object.fromEntries(items.map((item) => [item.request_id, item.to]))).toEqual(Object.fromEntries(messages.map((message) => [message.id, message.to])));

    const unknown = await app.request('POST', '/api/v1/recipient-lists/queue', { key: sender.key, body: { list_id: 'lst_nope', message: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.param).toBe('list_id');
    const foreign = await app.request('POST', '/api/v1/recipient-lists/queue', { key: account.key, body: { list_id: list.id, message: 'x' } });
    expect(foreign.status).toBe(404);
  });

  it('a list larger than the queue may ever hold is refused saying so, and one that does not fit now says how many', async () => {
    const sender = await app.account();
    await app.rt.db.prisma.account.update({ where: { id: sender.id }, data: { relayQueueLimit: 5 } });
    const list = (await execute(app.baseUrl, sender.key, CreateList, { input: { name: 'Big' } })).data!.createRecipientList;
    const csv = ['name,phone', ...Array.from({ length: 8 }, (_, i) => `Member ${i},+1628${3000000 + i}`)].join('\n');
    expect((await execute(app.baseUrl, sender.key, ImportRecipients, { csv, listId: list.id })).data!.importRecipients.created).toBe(8);
    const tooBig = await app.request('POST', '/api/v1/recipient-lists/queue', { key: sender.key, body: { list_id: list.id, message: 'hi' } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatchObject({
      code: 'invalid_request',
      message: "This request would queue 8 messages, more than the account's queue may hold at once (limit 5); send it in parts of at most 5.",
    });
    await app.rt.db.prisma.account.update({ where: { id: sender.id }, data: { relayQueueLimit: 10 } });
    for (const to of ['+16283999999', '+16283999998', '+16283999997']) {
      expect((await sendSms(app, sender.key, { to, message: 'one' })).status).toBe(202);
    }
    const noRoom = await app.request('POST', '/api/v1/recipient-lists/queue', { key: sender.key, body: { list_id: list.id, message: 'hi' } });
    expect(noRoom.status).toBe(503);
    expect(noRoom.body.error.message).toBe(
      "The account's queue has no room for 8 more messages (3 waiting, limit 10); wait for devices to catch up, or send fewer.",
    );
    expect(await app.rt.db.prisma.message.count({ where: { accountId: sender.id } })).toBe(3);
  });

  it("publishes each list message's queued event, as a single send does", async () => {
    const sender = await app.account();
    const list = (await execute(app.baseUrl, sender.key, CreateList, { input: { name: 'Three' } })).data!.createRecipientList;
    const ids: string[] = [];
    for (const [name, phone] of [['Ana', '+14155550101'], ['Ben', '+14155550102'], ['Cyd', '+14155550103']] as const) {
      ids.push((await execute(app.baseUrl, sender.key, CreateRecipient, { input: { name, phone } })).data!.createRecipient.id);
    }
    await execute(app.baseUrl, sender.key, AddToList, { listId: list.id, recipientIds: ids });
    const client = wsClient(app.wsUrl, sender.key);
    const live = subscribe(client, ListMessagesQueued);
    // The subscription registers asynchronously: queue the list until one of its events is heard.
    // A batch's events go out in one notification, so the first one heard comes with its batch.
    const first = live.next();
    let heard = false;
    void first.finally(() => (heard = true));
    while (!heard) {
      const queued = await app.request('POST', '/api/v1/recipient-lists/queue', { key: sender.key, body: { list_id: list.id, message: 'Doors open at 9' } });
      expect(queued.status).toBe(202);
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 250))]);
    }
    const events = [(await first).data!.messageUpdated, (await live.next()).data!.messageUpdated, (await live.next()).data!.messageUpdated];
    expect(events.map((event) => event.status)).toEqual(['QUEUED', 'QUEUED', 'QUEUED']);
    const messages = await app.rt.db.prisma.message.findMany({ where: { id: { in: events.map((event) => event.requestId) } } });
    expect(messages).toHaveLength(3);
    expect(new Set(messages.map((message) => message.batchId)).size).toBe(1);
    expect(messages.map((message) => message.to).sort()).toEqual(['+14155550101', '+14155550102', '+14155550103']);
    live.dispose();
    await client.dispose();
  });

  it('tracks a list send: every message carries its batch_id, and GET /api/v1/messages and GraphQL messages filter by it', async () => {
    const sender = await app.account();
    const list = (await execute(app.baseUrl, sender.key, CreateList, { input: { name: 'Pair' } })).data!.createRecipientList;
    const ids: string[] = [];
    for (const [name, phone] of [['Dee', '+14155550111'], ['Eve', '+14155550112']] as const) {
      ids.push((await execute(app.baseUrl, sender.key, CreateRecipient, { input: { name, phone } })).data!.createRecipient.id);
    }
    await execute(app.baseUrl, sender.key, AddToList, { listId: list.id, recipientIds: ids });
    const queue = () => app.request('POST', '/api/v1/recipient-lists/queue', { key: sender.key, body: { list_id: list.id, message: 'Hello' } });
    const first = await queue();
    const second = await queue();
    const single = await app.request('POST', '/api/v1/sms/send', { key: sender.key, body: { to: '+14155550111', message: 'Alone' } });
    expect(first.body.items).toEqual([
      { to: '+14155550111', request_id: expect.stringMatching(/^req_/), segments: 1, encoding: 'gsm7' },
      { to: '+14155550112', request_id: expect.stringMatching(/^req_/), segments: 1, encoding: 'gsm7' },
    ]);
    const firstIds = first.body.items.map((item: { request_id: string }) => item.request_id).sort();

    const listed = await app.request('GET', `/api/v1/messages?batch_id=${first.body.batch_id}`, { key: sender.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { request_id: string }) => row.request_id).sort()).toEqual(firstIds);
    expect(listed.body.data.every((row: { batch_id: string }) => row.batch_id === first.body.batch_id)).toBe(true);
    // A search by the batch id finds them too; a single send has no batch.
    const searched = await app.request('GET', `/api/v1/messages?search=${second.body.batch_id}`, { key: sender.key });
    expect(searched.body.data).toHaveLength(2);
    const alone = await app.request('GET', `/api/v1/messages/status?request_id=${single.body.request_id}`, { key: sender.key });
    expect(alone.body.batch_id).toBeNull();
    // Another account's batch id lists nothing.
    expect((await app.request('GET', `/api/v1/messages?batch_id=${first.body.batch_id}`, { key: account.key })).body.data).toEqual([]);

    const edges = (await execute(app.baseUrl, sender.key, BatchMessages, { batchId: second.body.batch_id })).data!.messages.edges;
    expect(edges.map((edge) => edge.node.requestId).sort()).toEqual(second.body.items.map((item: { request_id: string }) => item.request_id).sort());
    expect(edges.every((edge) => edge.node.batchId === second.body.batch_id)).toBe(true);

    const graphqlSend = await execute(app.baseUrl, sender.key, QueueListItems, { input: { listId: list.id, message: 'Again' } });
    const batch = graphqlSend.data!.queueRecipientList;
    expect(batch.items.map((item) => item.to)).toEqual(['+14155550111', '+14155550112']);
    const stored = await app.rt.db.prisma.message.findMany({ where: { id: { in: batch.items.map((item) => item.requestId) } } });
    expect(stored.map((message) => message.batchId)).toEqual([batch.batchId, batch.batchId]);
  });
});
