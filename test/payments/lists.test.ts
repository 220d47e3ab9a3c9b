import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { execute } from '../helpers/graphql.ts';
import { createIntent } from './checkout-client.ts';

// The payments lists' search and date range (issue 15), one `where` in lists.ts for REST and GraphQL.

const SearchIntents = graphql(`
  query SearchIntents($search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
    paymentIntents(first: 10, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {
      edges {
        node {
          id
        }
      }
    }
  }
`);

let app: TestApp;
let key: string;
let lamp: Record<string, any>;
let chair: Record<string, any>;

beforeAll(async () => {
  app = await startTestApp();
  const account = await app.account();
  key = account.key;
  lamp = await createIntent(app, key, { title: 'Brass lamp', customer_email: 'nora@lamps.example', customer_name: 'Nora Lind' });
  chair = await createIntent(app, key, { title: 'Oak chair', customer_email: 'omar@chairs.example', customer_name: 'Omar Haddad' });
  // Another account's intent with the same words is never found.
  await createIntent(app, (await app.account()).key, { title: 'Brass lamp', customer_email: 'nora@lamps.example' });
});
afterAll(() => app?.stop());

const ids = (result: { data?: { paymentIntents: { edges: Array<{ node: { id: string } }> } } | null }) =>
  result.data?.paymentIntents.edges.map(({ node }) => node.id);

describe('payment intents search and date range', () => {
  it.each([
    ['part of the title, any case', 'brass'],
    ['part of the customer email', 'LAMPS.example'],
    ['part of the customer name', 'lind'],
  ])('GraphQL search finds by %s', async (_label, search) => {
    expect(ids(await execute(app.baseUrl, key, SearchIntents, { search }))).toEqual([lamp.id]);
  });

  it('finds by exact id, and nothing for a word that matches no intent', async () => {
    expect(ids(await execute(app.baseUrl, key, SearchIntents, { search: chair.id }))).toEqual([chair.id]);
    expect(ids(await execute(app.baseUrl, key, SearchIntents, { search: 'zzz' }))).toEqual([]);
  });

  it('filters by creation time and refuses a range that ends before it starts', async () => {
    const created = new Date(lamp.created_at ?? lamp.created);
    const past = new Date(created.getTime() - 3_600_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(ids(await execute(app.baseUrl, key, SearchIntents, { createdFrom: past, createdBefore: future }))).toEqual([chair.id, lamp.id]);
    expect(ids(await execute(app.baseUrl, key, SearchIntents, { createdFrom: future }))).toEqual([]);
    const backwards = await execute(app.baseUrl, key, SearchIntents, { createdFrom: future, createdBefore: past });
    expect(backwards.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'createdBefore' });
  });

  it('REST takes the same filters as q, created_from and created_before', async () => {
    const found = await app.request('GET', '/api/v1/payment-intents?q=oak', { key });
    expect(found.status).toBe(200);
    expect(found.body.data.map((intent: { id: string }) => intent.id)).toEqual([chair.id]);
    const backwards = await app.request('GET', '/api/v1/payment-intents?created_from=2026-02-01T00:00:00Z&created_before=2026-01-01T00:00:00Z', { key });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toMatchObject({ code: 'invalid_request', param: 'created_before' });
    const long = await app.request('GET', `/api/v1/payment-intents?q=${'x'.repeat(201)}`, { key });
    expect(long.body.error).toMatchObject({ code: 'invalid_request', param: 'q' });
  });
});
