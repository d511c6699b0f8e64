import { createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  execute,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { prepareBulkQuery, writeBulkResult, BulkQueryFailure, type BulkResult } from './bulk-query';
import {
  adminSchema,
  customerView,
  orderView,
  productView,
  storeResolvers,
  type ResolverContext,
} from './schema';
import { buildFakeStore, type FakeStore, type FakeStoreOptions } from './store';

export type BulkOperationStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED';
export type BulkOperationErrorCode = 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT';

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

export interface FakeBulkOperation {
  id: string;
  status: BulkOperationStatus;
  query: string;
  groupObjects: boolean;
  errorCode: BulkOperationErrorCode | null;
  createdAt: Date;
  completedAt: Date | null;
  result: BulkResult | null;
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

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const VERSION = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/;
const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };

interface BulkOperationState extends FakeBulkOperation {
  numericId: number;
  file: string;
  reads: number;
  held: boolean;
  forcedError: BulkOperationErrorCode | null;
  generated: Promise<void>;
  failure: BulkOperationErrorCode | null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

/** A rough version of Shopify's calculated cost: 1 per object, connections multiplied by their page size. */
function estimateCost(operation: OperationDefinitionNode): number {
  if (operation.operation === 'mutation') return 10;
  const walk = (set: SelectionSetNode | undefined): number => {
    let cost = 0;
    for (const s of set?.selections ?? []) {
      if (s.kind !== Kind.FIELD || !s.selectionSet) continue;
      const page = s.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last');
      const size = page?.value.kind === Kind.INT ? Number(page.value.value) : 0;
      cost += size > 0 ? 2 + size * walk(s.selectionSet) : 1 + walk(s.selectionSet);
    }
    return cost;
  };
  return Math.max(1, walk(operation.selectionSet));
}

function operationLabel(document: DocumentNode | null): string | null {
  const op = document?.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!op) return null;
  if (op.name) return op.name.value;
  return op.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : '…')).join(',');
}

/** The callback signature: HMAC-SHA256 over the sorted query without `hmac`, hex encoded. */
function signCallback(params: Record<string, string>, secret: string): string {
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/&/g, '%26');
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${escape(params[k] ?? '')}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const apiVersionAtLeast = (version: string, min: string): boolean => version === 'unstable' || version >= min;

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const shopDomain = options.shopDomain ?? 'demo-shop.myshopify.com';
  const accessToken = options.accessToken ?? 'shpat_fake_0123456789abcdef';
  const apiKey = options.apiKey ?? 'fake-api-key';
  const apiSecret = options.apiSecret ?? 'fake-api-secret';
  const pollsUntilComplete = options.pollsUntilComplete ?? 2;
  const store = buildFakeStore(options.store);
  const scopes = new Set(options.scopes ?? ['read_orders', 'read_customers', 'read_products']);
  const dir = await mkdtemp(join(tmpdir(), 'fake-shopify-'));
  const requests: FakeRequest[] = [];
  const operations: BulkOperationState[] = [];
  const codes = new Map<string, string>();
  const throttles: { kind: 'graphql' | 'http'; retryAfterSeconds: number }[] = [];
  const forcedFailures: BulkOperationErrorCode[] = [];
  let hold = options.holdBulkOperations ?? false;
  let available: number = BUCKET.maximumAvailable;
  let lastRefill = Date.now();
  let baseUrl = '';

  const context = (): ResolverContext => ({ store, scopes, bulk: false, shopDomain });

  function createOperation(query: string, groupObjects: boolean): BulkOperationState | { error: string } {
    const prepared = prepareBulkQuery(query);
    if ('error' in prepared) return prepared;
    const numericId = 4_400_000_000 + operations.length + 1;
    const file = join(dir, `${numericId}.jsonl`);
    const op: BulkOperationState = {
      id: `gid://shopify/BulkOperation/${numericId}`,
      numericId,
      status: 'CREATED',
      query,
      groupObjects,
      errorCode: null,
      createdAt: new Date(),
      completedAt: null,
      result: null,
      file,
      reads: 0,
      held: hold,
      forcedError: forcedFailures.shift() ?? null,
      failure: null,
      generated: Promise.resolve(),
    };
    op.generated = writeBulkResult(prepared, context(), {
      file,
      sideFile: `${file}.children`,
      groupObjects,
    }).then(
      (result) => {
        op.result = result;
      },
      (error: unknown) => {
        op.failure = error instanceof BulkQueryFailure ? error.code : 'INTERNAL_SERVER_ERROR';
      },
    );
    operations.push(op);
    return op;
  }

  const isActive = (op: BulkOperationState): boolean =>
    op.status === 'CREATED' || op.status === 'RUNNING' || op.status === 'CANCELING';

  function settle(op: BulkOperationState): void {
    op.completedAt = new Date();
    const error = op.forcedError ?? op.failure;
    if (error) {
      op.status = 'FAILED';
      op.errorCode = error;
    } else {
      op.status = 'COMPLETED';
    }
  }

  /** Each status read moves an operation along, so tests never wait on a clock. */
  function advance(op: BulkOperationState): void {
    op.reads += 1;
    if (op.status === 'CANCELING') {
      op.status = 'CANCELED';
      op.completedAt = new Date();
    } else if (op.status === 'CREATED') {
      op.status = 'RUNNING';
    } else if (op.status === 'RUNNING' && !op.held && op.reads >= pollsUntilComplete) {
      // The file must be fully written before Shopify reports COMPLETED with its size.
      if (op.result || op.failure) settle(op);
    }
  }

  function operationView(op: BulkOperationState) {
    const done = op.status === 'COMPLETED';
    const objects = done && op.result ? op.result.objectCount : 0;
    return {
      __typename: 'BulkOperation',
      id: op.id,
      status: op.status,
      type: 'QUERY',
      errorCode: op.errorCode,
      createdAt: op.createdAt.toISOString(),
      completedAt: op.completedAt?.toISOString() ?? null,
      objectCount: String(objects),
      rootObjectCount: String(done && op.result ? op.result.rootObjectCount : 0),
      fileSize: done && op.result ? String(op.result.fileSize) : null,
      // Shopify gives no file when nothing matched the query.
      url: done && objects > 0 ? `${baseUrl}/bulk-results/${op.numericId}.jsonl` : null,
      partialDataUrl: null,
      query: op.query,
    };
  }

  function rootValue(apiVersion: string) {
    const concurrency = options.bulkQueryConcurrency ?? (apiVersionAtLeast(apiVersion, '2026-01') ? 5 : 1);
    return {
      ...storeResolvers,
      node: ({ id }: { id: string }, ctx: ResolverContext) => {
        const op = operations.find((o) => o.id === id);
        if (op) {
          advance(op);
          return operationView(op);
        }
        const order = store.orders.find((o) => o.id === id);
        if (order) return orderView(order, ctx);
        const customer = store.customers.find((c) => c.id === id);
        if (customer) return customerView(customer, ctx);
        const product = store.products.find((p) => p.id === id);
        return product ? productView(product) : null;
      },
      currentBulkOperation: () => {
        const op = operations.at(-1);
        if (!op) return null;
        advance(op);
        return operationView(op);
      },
      bulkOperationRunQuery: ({ query, groupObjects }: { query: string; groupObjects?: boolean | null }) => {
        const running = operations.filter(isActive);
        if (running.length >= concurrency) {
          const oneAtATime = concurrency === 1;
          return {
            bulkOperation: null,
            userErrors: [
              {
                code: oneAtATime ? 'OPERATION_IN_PROGRESS' : 'LIMIT_REACHED',
                field: null,
                message: oneAtATime
                  ? `A bulk query operation for this app and shop is already in progress: ${running[0]?.id}.`
                  : 'Bulk operations limit reached. Please try again later.',
              },
            ],
          };
        }
        // Grouping was the default until 2026-01 and must be asked for since.
        const grouped = groupObjects ?? !apiVersionAtLeast(apiVersion, '2026-01');
        const created = createOperation(query, grouped);
        if ('error' in created) {
          return {
            bulkOperation: null,
            userErrors: [{ code: 'INVALID', field: ['query'], message: created.error }],
          };
        }
        return { bulkOperation: operationView(created), userErrors: [] };
      },
      bulkOperationCancel: ({ id }: { id: string }) => {
        const op = operations.find((o) => o.id === id);
        if (!op)
          return {
            bulkOperation: null,
            userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }],
          };
        if (op.status !== 'CREATED' && op.status !== 'RUNNING') {
          return {
            bulkOperation: operationView(op),
            userErrors: [
              {
                field: null,
                message: `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}`,
              },
            ],
          };
        }
        op.status = 'CANCELING';
        return { bulkOperation: operationView(op), userErrors: [] };
      },
    };
  }

  function refillBucket(): void {
    const now = Date.now();
    available = Math.min(
      BUCKET.maximumAvailable,
      available + ((now - lastRefill) / 1000) * BUCKET.restoreRate,
    );
    lastRefill = now;
  }

  const costExtension = (requested: number, actual: number | null) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: BUCKET.maximumAvailable,
        currentlyAvailable: Math.floor(available),
        restoreRate: BUCKET.restoreRate,
      },
    },
  });

  async function handleGraphql(
    req: IncomingMessage,
    res: ServerResponse,
    apiVersion: string,
    log: FakeRequest,
  ) {
    const versionHeader = { 'X-Shopify-API-Version': apiVersion };
    if (req.headers['x-shopify-access-token'] !== accessToken) {
      sendJson(res, 401, { errors: INVALID_TOKEN }, versionHeader);
      return;
    }
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      sendJson(res, 400, { errors: { query: 'Required parameter missing or invalid' } }, versionHeader);
      return;
    }
    let document: DocumentNode;
    try {
      document = parse(typeof body.query === 'string' ? body.query : '');
    } catch (error) {
      sendJson(res, 200, { errors: [(error as GraphQLError).toJSON()] }, versionHeader);
      return;
    }
    log.operation = operationLabel(document);
    const validation = validate(adminSchema(), document);
    if (validation.length > 0) {
      sendJson(res, 200, { errors: validation.map((e) => e.toJSON()) }, versionHeader);
      return;
    }
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const cost = operation ? estimateCost(operation) : 1;
    refillBucket();
    const injected = throttles.shift();
    if (injected?.kind === 'http') {
      sendJson(
        res,
        429,
        {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
        { ...versionHeader, 'Retry-After': String(injected.retryAfterSeconds) },
      );
      return;
    }
    if (injected || available < cost) {
      if (injected) available = 0;
      sendJson(
        res,
        200,
        {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: costExtension(cost, null),
        },
        versionHeader,
      );
      return;
    }
    available -= cost;
    const result = await execute({
      schema: adminSchema(),
      document,
      rootValue: rootValue(apiVersion),
      contextValue: context(),
      variableValues: (body.variables as Record<string, unknown> | undefined) ?? null,
      operationName: typeof body.operationName === 'string' ? body.operationName : null,
    });
    sendJson(
      res,
      200,
      {
        ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
        data: result.data ?? null,
        extensions: costExtension(cost, cost),
      },
      versionHeader,
    );
  }

  function handleAuthorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== apiKey || !redirectUri) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('Oauth error invalid_request: The client_id or redirect_uri is invalid');
      return;
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, url.searchParams.get('scope') ?? [...scopes].join(','));
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shopDomain.split('.')[0]}`).toString('base64url'),
      shop: shopDomain,
      state: url.searchParams.get('state') ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const callback = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) callback.searchParams.set(k, v);
    callback.searchParams.set('hmac', signCallback(params, apiSecret));
    res.writeHead(302, { Location: callback.toString() });
    res.end();
  }

  async function handleAccessToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const form: Record<string, unknown> = (req.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(text) as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(text));
    if (form['client_id'] !== apiKey || form['client_secret'] !== apiSecret) {
      sendJson(res, 400, { error: 'invalid_client', error_description: 'Client credentials are invalid' });
      return;
    }
    const code = typeof form['code'] === 'string' ? form['code'] : '';
    const scope = codes.get(code);
    if (scope === undefined) {
      sendJson(res, 400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
      return;
    }
    codes.delete(code);
    sendJson(res, 200, { access_token: accessToken, scope });
  }

  async function handleDownload(id: string, res: ServerResponse): Promise<void> {
    const op = operations.find((o) => String(o.numericId) === id && o.status === 'COMPLETED');
    if (!op) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/jsonl',
      'Content-Length': String(op.result?.fileSize ?? 0),
    });
    createReadStream(op.file).pipe(res);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-shopify');
    const log: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, operation: null, status: 0 };
    requests.push(log);
    res.on('finish', () => {
      log.status = res.statusCode;
    });
    const version = VERSION.exec(url.pathname)?.[1];
    const handled =
      req.method === 'POST' && version
        ? handleGraphql(req, res, version, log)
        : req.method === 'GET' && url.pathname === '/admin/oauth/authorize'
          ? Promise.resolve(handleAuthorize(url, res))
          : req.method === 'POST' && url.pathname === '/admin/oauth/access_token'
            ? handleAccessToken(req, res)
            : req.method === 'GET' && url.pathname.startsWith('/bulk-results/')
              ? handleDownload(url.pathname.slice('/bulk-results/'.length).replace(/\.jsonl$/, ''), res)
              : Promise.resolve(sendJson(res, 404, { errors: 'Not Found' }));
    handled.catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { errors: error instanceof Error ? error.message : String(error) });
      else res.destroy();
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
    bulkOperations: operations,
    throttleNext(count = 1, opts = {}) {
      for (let i = 0; i < count; i++) {
        throttles.push({ kind: opts.kind ?? 'graphql', retryAfterSeconds: opts.retryAfterSeconds ?? 2 });
      }
    },
    failNextBulkOperation(errorCode) {
      forcedFailures.push(errorCode);
    },
    holdBulkOperations(value) {
      hold = value;
    },
    startBulkOperation(query) {
      const created = createOperation(query, true);
      if ('error' in created) throw new Error(created.error);
      created.status = 'RUNNING';
      return created;
    },
    async finishBulkOperation(id) {
      const op = operations.find((o) => o.id === id);
      if (!op) throw new Error(`No bulk operation ${id}`);
      await op.generated;
      op.held = false;
      if (op.status === 'CREATED' || op.status === 'RUNNING') settle(op);
    },
    issueAuthorizationCode(scope) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, scope ?? [...scopes].join(','));
      return code;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(operations.map((o) => o.generated));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
