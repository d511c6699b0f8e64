import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminGraphql } from './admin-graphql';
import { BulkOperations, type BulkOperationErrorCode, type FakeBulkOperation } from './bulk-operations';
import { sendJson } from './http';
import { OAuthEndpoints } from './oauth-endpoints';
import { customerView, orderView, productView, storeResolvers, type ResolverContext } from './schema';
import { buildFakeStore, type FakeStore, type FakeStoreOptions } from './store';

export interface FakeShopifyOptions {
  shopDomain?: string;
  /** The one valid Admin API token; any other answers 401 like Shopify. */
  accessToken?: string;
  /** Scopes granted to the token; a bulk query over data it may not read fails with ACCESS_DENIED. */
  scopes?: string[];
  /** The app's client id and secret for the OAuth endpoints. */
  apiKey?: string;
  apiSecret?: string;
  store?: FakeStoreOptions;
  /** Status reads an operation takes to go CREATED → RUNNING → COMPLETED. */
  pollsUntilComplete?: number;
  /** Bulk queries that may run at once; by default 1 before API version 2026-01 and 5 from it, as on Shopify. */
  bulkQueryConcurrency?: number;
  /** Keep new bulk operations RUNNING until finishBulkOperation() or a cancel (for abort tests). */
  holdBulkOperations?: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** GraphQL operation name, or the top-level fields when the operation has none. */
  operation: string | null;
  status: number;
}

export interface FakeShopify {
  /** Base URL that replaces `https://{shop}`. */
  url: string;
  shopDomain: string;
  accessToken: string;
  apiKey: string;
  apiSecret: string;
  /** The live store: tests may edit it (an order's updatedAt, say) between reads. */
  store: FakeStore;
  scopes: Set<string>;
  requests: FakeRequest[];
  bulkOperations: readonly FakeBulkOperation[];
  /** The next `count` GraphQL requests are throttled: `graphql` answers THROTTLED, `http` answers 429. */
  throttleNext(count?: number, options?: { kind?: 'graphql' | 'http'; retryAfterSeconds?: number }): void;
  failNextBulkOperation(errorCode: BulkOperationErrorCode): void;
  holdBulkOperations(hold: boolean): void;
  /** Starts a bulk query as another sync of the same app would, taking one of the shop's slots. */
  startBulkOperation(query: string): FakeBulkOperation;
  /** Lets a held or blocking operation complete (once its file is written). */
  finishBulkOperation(id: string): Promise<void>;
  /** An authorization code as the authorize redirect would hand out, for exchange tests. */
  issueAuthorizationCode(scope?: string): string;
  stop(): Promise<void>;
}

const GRAPHQL_PATH = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/;

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const shopDomain = options.shopDomain ?? 'demo-shop.myshopify.com';
  const accessToken = options.accessToken ?? 'shpat_fake_0123456789abcdef';
  const apiKey = options.apiKey ?? 'fake-api-key';
  const apiSecret = options.apiSecret ?? 'fake-api-secret';
  const store = buildFakeStore(options.store);
  const scopes = new Set(options.scopes ?? ['read_orders', 'read_customers', 'read_products']);
  const dir = await mkdtemp(join(tmpdir(), 'fake-shopify-'));
  const requests: FakeRequest[] = [];
  let baseUrl = '';

  const context = (): ResolverContext => ({ store, scopes, bulk: false, shopDomain });
  const bulk = new BulkOperations({
    dir,
    pollsUntilComplete: options.pollsUntilComplete ?? 2,
    concurrency: options.bulkQueryConcurrency,
    context,
    fileUrl: (id) => `${baseUrl}/bulk-results/${id}.jsonl`,
    hold: options.holdBulkOperations ?? false,
  });
  const storeNode = (id: string, ctx: ResolverContext) => {
    const order = store.orders.find((o) => o.id === id);
    if (order) return orderView(order, ctx);
    const customer = store.customers.find((c) => c.id === id);
    if (customer) return customerView(customer, ctx);
    const product = store.products.find((p) => p.id === id);
    return product ? productView(product) : null;
  };
  const graphql = new AdminGraphql({
    accessToken,
    context,
    rootValue: (apiVersion) => ({ ...storeResolvers, ...bulk.resolvers(apiVersion, storeNode) }),
  });
  const oauth = new OAuthEndpoints({
    shopDomain,
    apiKey,
    apiSecret,
    accessToken,
    scopes: () => [...scopes].join(','),
  });

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, log: FakeRequest): Promise<void> {
    const version = GRAPHQL_PATH.exec(url.pathname)?.[1];
    if (req.method === 'POST' && version) {
      log.operation = await graphql.handle(req, res, version);
    } else if (req.method === 'GET' && url.pathname === '/admin/oauth/authorize') {
      oauth.authorize(url, res);
    } else if (req.method === 'POST' && url.pathname === '/admin/oauth/access_token') {
      await oauth.accessToken(req, res);
    } else if (req.method === 'GET' && url.pathname.startsWith('/bulk-results/')) {
      bulk.download(url.pathname.slice('/bulk-results/'.length).replace(/\.jsonl$/, ''), res);
    } else {
      sendJson(res, 404, { errors: 'Not Found' });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-shopify');
    const log: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, operation: null, status: 0 };
    requests.push(log);
    res.on('finish', () => {
      log.status = res.statusCode;
    });
    route(req, res, url, log).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { errors: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    shopDomain,
    accessToken,
    apiKey,
    apiSecret,
    store,
    scopes,
    requests,
    bulkOperations: bulk.list,
    throttleNext(count = 1, opts = {}) {
      for (let i = 0; i < count; i++) {
        graphql.throttles.push({
          kind: opts.kind ?? 'graphql',
          retryAfterSeconds: opts.retryAfterSeconds ?? 2,
        });
      }
    },
    failNextBulkOperation: (code) => bulk.failNext(code),
    holdBulkOperations(hold) {
      bulk.hold = hold;
    },
    startBulkOperation(query) {
      const created = bulk.create(query, true);
      if ('error' in created) throw new Error(created.error);
      created.status = 'RUNNING';
      return created;
    },
    finishBulkOperation: (id) => bulk.finish(id),
    issueAuthorizationCode: (scope) => oauth.issueCode(scope ?? [...scopes].join(',')),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await bulk.settled();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
