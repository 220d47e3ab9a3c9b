import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../../helpers/app.ts';
import { graphql } from '../../gql/index.ts';
import { execute } from '../../helpers/graphql.ts';
import { eventTypesOf } from '../checkout-client.ts';
import { billing } from './helpers.ts';

// Products and prices (issue 38): REST and GraphQL share the services and the list filters; a
// price's amount and interval never change.

let app: TestApp;
let merchant: TestAccount;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.account();
  api = billing(app, merchant.key);
});
afterAll(() => app?.stop());

describe('products and prices', () => {
  it('creates a product and a monthly price, with their events, and lists them', async () => {
    const product = await api.created('/api/v1/products', { name: 'Pro plan', description: 'All of it', metadata: { tier: 'pro' } }, 'product');
    expect(product).toMatchObject({ object: 'product', name: 'Pro plan', description: 'All of it', active: true, metadata: { tier: 'pro' } });
    expect(product.id).toMatch(/^prod_[0-9a-z]{26}$/);
    const price = await api.created('/api/v1/prices', { product: product.id, unit_amount: '12.50', currency: 'usd', recurring: { interval: 'month', interval_count: 3 }, nickname: 'Quarterly' }, 'price');
    expect(price).toMatchObject({
      object: 'price',
      product: product.id,
      unit_amount: 12.5,
      unit_amount_minor: 1250,
      unit_amount_display: '12.50',
      currency: 'USD',
      recurring: { interval: 'month', interval_count: 3 },
      nickname: 'Quarterly',
      active: true,
    });
    expect(price.id).toMatch(/^price_[0-9a-z]{26}$/);
    expect(await eventTypesOf(app, product.id)).toEqual(['product.created']);
    expect(await eventTypesOf(app, price.id)).toEqual(['price.created']);
    const listed = await api.request('GET', `/api/v1/prices?product=${product.id}`);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([price.id]);
  });

  it("never changes a price's amount or interval; deactivates it", async () => {
    const price = await api.price(10);
    const changed = await api.request('POST', `/api/v1/prices/${price.id}`, { unit_amount: 20 });
    expect(changed.status).toBe(400);
    expect(changed.body.error.param).toBe('unit_amount');
    const inactive = await api.request('POST', `/api/v1/prices/${price.id}`, { active: false });
    expect(inactive.body.price).toMatchObject({ active: false, unit_amount_minor: 1000 });
    const active = await api.request('GET', '/api/v1/prices?active=false');
    expect(active.body.data.map((row: { id: string }) => row.id)).toContain(price.id);
  });

  it('refuses bad prices naming the field, and another account\'s product as unknown', async () => {
    const product = await api.created('/api/v1/products', { name: 'Basic' }, 'product');
    const bad = async (body: Record<string, unknown>, param: string, status = 400) => {
      const response = await api.request('POST', '/api/v1/prices', { product: product.id, unit_amount: 5, currency: 'USD', recurring: { interval: 'month' }, ...body });
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error.param).toBe(param);
    };
    await bad({ unit_amount: 0 }, 'unit_amount');
    await bad({ unit_amount: '1.234' }, 'unit_amount');
    await bad({ recurring: { interval: 'fortnight' } }, 'recurring.interval');
    await bad({ recurring: { interval: 'month', interval_count: 13 } }, 'recurring.interval_count');
    const other = await app.account();
    const foreign = await billing(app, other.key).created('/api/v1/products', { name: 'Theirs' }, 'product');
    await bad({ product: foreign.id }, 'product', 404);
    expect((await api.request('GET', `/api/v1/products/${foreign.id}`)).status).toBe(404);
  });

  it('answers the same objects over GraphQL, with its own param names', async () => {
    const created = await execute(app.baseUrl, merchant.key, CreateProduct, { input: { name: 'Team' } });
    const productId = created.data!.createProduct.id;
    const price = await execute(app.baseUrl, merchant.key, CreatePrice, {
      input: { product: productId, unitAmount: 9.99, currency: 'EUR', recurring: { interval: 'YEAR' } },
    });
    expect(price.data?.createPrice).toMatchObject({ unitAmountMinor: 999, interval: 'YEAR', intervalCount: 1, product: { id: productId } });
    const refused = await execute(app.baseUrl, merchant.key, CreatePrice, {
      input: { product: productId, unitAmount: 0, currency: 'EUR', recurring: { interval: 'YEAR', intervalCount: 2 } },
    });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'invalid_request', param: 'input.unitAmount' });
    const listed = await execute(app.baseUrl, merchant.key, ProductPrices, { productId });
    expect(listed.data?.prices.edges.map((edge) => edge.node.id)).toEqual([price.data!.createPrice.id]);
  });
});

const CreateProduct = graphql(`
  mutation BillingCreateProduct($input: CreateProductInput!) {
    createProduct(input: $input) {
      id
      name
      active
    }
  }
`);

const CreatePrice = graphql(`
  mutation BillingCreatePrice($input: CreatePriceInput!) {
    createPrice(input: $input) {
      id
      unitAmountMinor
      interval
      intervalCount
      product {
        id
      }
    }
  }
`);

const ProductPrices = graphql(`
  query BillingProductPrices($productId: ID) {
    prices(productId: $productId) {
      edges {
        node {
          id
        }
      }
    }
  }
`);
