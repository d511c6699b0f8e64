import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFakeStore, startFakeShopify, type FakeShopify } from './index';

interface GraphqlAnswer {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: unknown;
    extensions?: { cost?: { requestedQueryCost: number; throttleStatus: { maximumAvailable: number } } };
  };
}

const RUN = `mutation Run($query: String!, $group: Boolean) {
  bulkOperationRunQuery(query: $query, groupObjects: $group) { bulkOperation { id status } userErrors { code field message } }
}`;
const POLL = `query Poll($id: ID!) { node(id: $id) { ... on BulkOperation { status objectCount rootObjectCount url } } }`;
const ORDERS_WITH_ITEMS = '{ orders { edges { node { id lineItems { edges { node { id quantity } } } } } } }';

describe('fake Shopify', () => {
  let fake: FakeShopify;
  beforeAll(async () => {
    fake = await startFakeShopify({ store: { orders: 5, customers: 3, products: 4 } });
  });
  afterAll(() => fake.stop());

  async function graphql(
    query: string,
    variables?: Record<string, unknown>,
    version = '2026-10',
  ): Promise<GraphqlAnswer> {
    const response = await fetch(`${fake.url}/admin/api/${version}/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': fake.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphqlAnswer['body'] };
  }

  async function runToCompletion(query: string, version: string, group?: boolean) {
    const run = await graphql(RUN, { query, group }, version);
    const id = (run.body.data?.['bulkOperationRunQuery'] as { bulkOperation: { id: string } }).bulkOperation
      .id;
    const statuses: string[] = [];
    let url: string | null = null;
    let counts: [string, string] = ['0', '0'];
    while (statuses.at(-1) !== 'COMPLETED' && statuses.length < 5) {
      const op = (await graphql(POLL, { id }, version)).body.data?.['node'] as {
        status: string;
        objectCount: string;
        rootObjectCount: string;
        url: string | null;
      };
      statuses.push(op.status);
      url = op.url;
      counts = [op.objectCount, op.rootObjectCount];
    }
    const lines = url
      ? (await (await fetch(url)).text())
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
    return { statuses, counts, lines };
  }

  it('builds the same store from the same seed, with the documented default size', () => {
    const a = buildFakeStore();
    expect(buildFakeStore()).toEqual(a);
    expect([a.orders.length, a.customers.length, a.products.length]).toEqual([300, 80, 20]);
    expect(buildFakeStore({ seed: 8 }).orders).not.toEqual(a.orders);
  });

  it("answers a wrong token with Shopify's 401 body", async () => {
    const response = await fetch(`${fake.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': 'shpat_wrong' },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(response.status).toBe(401);
    await expect(response.json()).resolves.toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
  });

  it('answers with data and the query cost', async () => {
    const { body } = await graphql('{ shop { name currencyCode ianaTimezone } }');
    expect(body.data).toEqual({
      shop: { name: 'Demo Shop', currencyCode: 'USD', ianaTimezone: 'America/New_York' },
    });
    expect(body.extensions?.cost?.throttleStatus.maximumAvailable).toBe(2000);
  });

  it.each([
    [
      'a field Shopify does not have',
      '{ orders(first: 1) { edges { node { id totalPrice } } } }',
      /Cannot query field "totalPrice"/,
    ],
    [
      'a connection without first or last',
      '{ orders { edges { node { id } } } }',
      /you must provide one of first or last/,
    ],
  ])('answers %s with an error instead of data', async (_case, query, message) => {
    const { body } = await graphql(query);
    expect((body.errors as { message: string }[]).map((e) => e.message).join(' ')).toMatch(message);
    expect(body.data ?? null).toBeNull();
  });

  it('runs a bulk query through CREATED, RUNNING and COMPLETED to a grouped JSONL file', async () => {
    const { statuses, counts, lines } = await runToCompletion(ORDERS_WITH_ITEMS, '2026-10', true);
    expect(statuses).toEqual(['RUNNING', 'COMPLETED']);
    const items = fake.store.orders.reduce((n, o) => n + o.lineItems.length, 0);
    expect(counts).toEqual([String(5 + items), '5']);
    const expected = fake.store.orders.flatMap((o) => [
      { id: o.id },
      ...o.lineItems.map((li) => ({ id: li.id, quantity: li.quantity, __parentId: o.id })),
    ]);
    expect(lines).toEqual(expected);
  });

  it.each([
    ['2026-10', false],
    ['2025-10', true],
  ])('groups children under their parent by default in API version %s: %s', async (version, grouped) => {
    const { lines } = await runToCompletion(ORDERS_WITH_ITEMS, version);
    const firstChild = lines.findIndex((l) => '__parentId' in l);
    expect(firstChild === 1).toBe(grouped);
    expect(lines.slice(0, grouped ? 1 : 5).every((l) => !('__parentId' in l))).toBe(true);
  });

  it.each([
    ['two top-level fields', '{ orders { edges { node { id } } } products { edges { node { id } } } }'],
    ['no connection at the top', '{ shop { name } }'],
    ['a connection without nodes', '{ orders { pageInfo { hasNextPage } } }'],
  ])('refuses a bulk query with %s as INVALID', async (_case, query) => {
    const { body } = await graphql(RUN, { query });
    const payload = body.data?.['bulkOperationRunQuery'] as {
      bulkOperation: unknown;
      userErrors: { code: string }[];
    };
    expect(payload.bulkOperation).toBeNull();
    expect(payload.userErrors.map((e) => e.code)).toEqual(['INVALID']);
  });

  it('allows one bulk query at a time before API version 2026-01', async () => {
    fake.holdBulkOperations(true);
    const first = await graphql(RUN, { query: '{ products { edges { node { id } } } }' }, '2025-10');
    const second = await graphql(RUN, { query: '{ products { edges { node { id } } } }' }, '2025-10');
    fake.holdBulkOperations(false);
    const id = (first.body.data?.['bulkOperationRunQuery'] as { bulkOperation: { id: string } }).bulkOperation
      .id;
    await fake.finishBulkOperation(id);
    expect(
      (second.body.data?.['bulkOperationRunQuery'] as { userErrors: { code: string }[] }).userErrors,
    ).toEqual([expect.objectContaining({ code: 'OPERATION_IN_PROGRESS' })]);
  });
});
