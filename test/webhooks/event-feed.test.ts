// The account's live event feed (`eventCreated`): every recorded event as it commits, to its own
// account only, filtered by name; what `yarrow listen` follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { subscribe, wsClient, type GraphqlResult, type LiveSubscription } from '../helpers/graphql.ts';

const EventFeed = graphql(`
  subscription EventFeed($types: [String!]) {
    eventCreated(types: $types) {
      id
      type
      objectPublicId
      payload
    }
  }
`);

type Feed = LiveSubscription<{ eventCreated: { id: string; type: string; objectPublicId: string; payload: Record<string, unknown> } }>;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

async function createIntent(key: string) {
  const response = await app.request('POST', '/api/v1/payment-intents', {
    key,
    body: { amount: 5, currency: 'USD', title: 'Feed', customer_name: 'Ada', customer_email: 'ada@example.com' },
  });
  expect(response.status).toBe(201);
  return response.body.payment_intent.id as string;
}

/** Acts until the feed answers: a subscription may not be registered when the first act commits. */
async function untilHeard<T>(feed: LiveSubscription<T>, act: () => Promise<unknown>): Promise<GraphqlResult<T>> {
  const next = feed.next();
  for (;;) {
    await act();
    const result = await Promise.race([next, new Promise<undefined>((resolve) => setTimeout(resolve, 2_000, undefined))]);
    if (result) return result;
  }
}

describe('eventCreated', () => {
  it('gives each of the account\'s events as it commits, with the payload webhooks carry, and never another account\'s', async () => {
    const owner = await app.account({ scopes: ['webhooks.manage', 'payments.write'] });
    const other = await app.account({ scopes: ['webhooks.manage', 'payments.write'] });
    const ownerFeed: Feed = subscribe(wsClient(app.wsUrl, owner.key), EventFeed, {});
    const otherFeed: Feed = subscribe(wsClient(app.wsUrl, other.key), EventFeed, {});

    const intents: string[] = [];
    const heard = await untilHeard(ownerFeed, async () => intents.push(await createIntent(owner.key)));
    expect(heard.errors).toBeUndefined();
    const event = heard.data!.eventCreated;
    expect(event.type).toBe('payment_intent.created');
    expect(intents).toContain(event.objectPublicId);
    const stored = await app.rt.db.prisma.event.findUniqueOrThrow({ where: { id: event.id } });
    expect(stored.accountId).toBe(owner.id);
    expect(event.payload).toMatchObject({ id: event.id, event: 'payment_intent.created', merchant_id: owner.id, object_public_id: event.objectPublicId });

    // The other account's first event is its own: none of the owner's reached it.
    const own = await untilHeard(otherFeed, () => createIntent(other.key));
    const ownIds = (await app.rt.db.prisma.event.findMany({ where: { accountId: other.id } })).map((row) => row.id);
    expect(ownIds).toContain(own.data!.eventCreated.id);
  });

  it('types: only the events named', async () => {
    const owner = await app.account({ scopes: ['webhooks.manage', 'payments.write'] });
    const feed: Feed = subscribe(wsClient(app.wsUrl, owner.key), EventFeed, { types: ['payment_intent.canceled'] });
    const heard = await untilHeard(feed, async () => {
      const id = await createIntent(owner.key);
      expect((await app.request('POST', `/api/v1/payment-intents/${id}/cancel`, { key: owner.key, body: {} })).status).toBe(200);
    });
    expect(heard.data!.eventCreated.type).toBe('payment_intent.canceled');
  });

  it('refuses an unknown event name, and a key without webhooks.manage', async () => {
    const owner = await app.account({ scopes: ['webhooks.manage'] });
    const unknown = await subscribe(wsClient(app.wsUrl, owner.key), EventFeed, { types: ['payment_intent.exploded'] }).next().catch((error: unknown) => error);
    expect((unknown as Error).message).toMatch(/invalid_request/);
    expect((unknown as Error).message).toMatch(/"param":"types/);

    const reader = await app.account({ scopes: ['payments.read'] });
    // Refused as an error result or as the operation's error, either way with the code.
    const refused = await subscribe(wsClient(app.wsUrl, reader.key), EventFeed, {})
      .next()
      .then((result) => JSON.stringify(result.errors), (error: Error) => error.message);
    expect(refused).toMatch(/forbidden/);
  });
});
