import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { readBody, sendJson } from './http';
import { adminSchema, type ResolverContext } from './schema';

export interface InjectedThrottle {
  kind: 'graphql' | 'http';
  retryAfterSeconds: number;
}

const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };

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

/** The operation's name, or its top-level fields when it has none, for the request log. */
function operationLabel(document: DocumentNode): string | null {
  const op = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!op) return null;
  if (op.name) return op.name.value;
  return op.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : '…')).join(',');
}

/** `POST /admin/api/{version}/graphql.json`: token check, cost bucket, throttling, then the schema. */
export class AdminGraphql {
  readonly throttles: InjectedThrottle[] = [];
  private available: number = BUCKET.maximumAvailable;
  private lastRefill = Date.now();

  constructor(
    private readonly deps: {
      accessToken: string;
      context: () => ResolverContext;
      rootValue: (apiVersion: string) => Record<string, unknown>;
    },
  ) {}

  private cost(requested: number, actual: number | null, currentlyAvailable = this.available) {
    return {
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: actual,
        throttleStatus: {
          maximumAvailable: BUCKET.maximumAvailable,
          currentlyAvailable: Math.floor(currentlyAvailable),
          restoreRate: BUCKET.restoreRate,
        },
      },
    };
  }

  private refill(): void {
    const now = Date.now();
    const restored = ((now - this.lastRefill) / 1000) * BUCKET.restoreRate;
    this.available = Math.min(BUCKET.maximumAvailable, this.available + restored);
    this.lastRefill = now;
  }

  /** Returns the operation label for the request log. */
  async handle(req: IncomingMessage, res: ServerResponse, apiVersion: string): Promise<string | null> {
    const headers = { 'X-Shopify-API-Version': apiVersion };
    if (req.headers['x-shopify-access-token'] !== this.deps.accessToken) {
      sendJson(res, 401, { errors: INVALID_TOKEN }, headers);
      return null;
    }
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    let document: DocumentNode;
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      sendJson(res, 400, { errors: { query: 'Required parameter missing or invalid' } }, headers);
      return null;
    }
    try {
      document = parse(typeof body.query === 'string' ? body.query : '');
    } catch (error) {
      sendJson(res, 200, { errors: [(error as GraphQLError).toJSON()] }, headers);
      return null;
    }
    const label = operationLabel(document);
    const invalid = validate(adminSchema(), document);
    if (invalid.length > 0) {
      sendJson(res, 200, { errors: invalid.map((e) => e.toJSON()) }, headers);
      return label;
    }
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const cost = operation ? estimateCost(operation) : 1;
    this.refill();
    const injected = this.throttles.shift();
    if (injected?.kind === 'http') {
      const errors =
        'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.';
      sendJson(res, 429, { errors }, { ...headers, 'Retry-After': String(injected.retryAfterSeconds) });
      return label;
    }
    if (injected || this.available < cost) {
      // An injected throttle reports an empty bucket without draining the real one, so later requests are unaffected.
      const throttled = {
        message: 'Throttled',
        extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
      };
      sendJson(
        res,
        200,
        { errors: [throttled], extensions: this.cost(cost, null, injected ? 0 : this.available) },
        headers,
      );
      return label;
    }
    this.available -= cost;
    const result = await execute({
      schema: adminSchema(),
      document,
      rootValue: this.deps.rootValue(apiVersion),
      contextValue: this.deps.context(),
      variableValues: (body.variables as Record<string, unknown> | undefined) ?? null,
      operationName: typeof body.operationName === 'string' ? body.operationName : null,
    });
    const errors = result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {};
    sendJson(res, 200, { ...errors, data: result.data ?? null, extensions: this.cost(cost, cost) }, headers);
    return label;
  }
}
