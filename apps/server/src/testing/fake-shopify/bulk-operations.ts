import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { BulkQueryFailure, prepareBulkQuery, writeBulkResult, type BulkResult } from './bulk-query';
import type { ResolverContext } from './schema';

export type BulkOperationStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED';
export type BulkOperationErrorCode = 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT';

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

interface BulkOperationState extends FakeBulkOperation {
  numericId: number;
  file: string;
  reads: number;
  held: boolean;
  forcedError: BulkOperationErrorCode | null;
  failure: BulkOperationErrorCode | null;
  generated: Promise<void>;
}

type UserError = { code?: string; field: string[] | null; message: string };

const apiVersionAtLeast = (version: string, min: string): boolean => version === 'unstable' || version >= min;

/**
 * The shop's bulk query operations: created by the run mutation, moved along by status reads (so
 * tests never wait on a clock), cancelled, and served as files once COMPLETED.
 */
export class BulkOperations {
  readonly list: BulkOperationState[] = [];
  /** New operations stay RUNNING until finished or cancelled. */
  hold: boolean;
  private readonly forcedFailures: BulkOperationErrorCode[] = [];

  constructor(
    private readonly settings: {
      dir: string;
      pollsUntilComplete: number;
      concurrency: number | undefined;
      context: () => ResolverContext;
      fileUrl: (numericId: number) => string;
      hold: boolean;
    },
  ) {
    this.hold = settings.hold;
  }

  failNext(code: BulkOperationErrorCode): void {
    this.forcedFailures.push(code);
  }

  find(id: string): BulkOperationState | undefined {
    return this.list.find((o) => o.id === id);
  }

  create(query: string, groupObjects: boolean): BulkOperationState | { error: string } {
    const prepared = prepareBulkQuery(query);
    if ('error' in prepared) return prepared;
    const numericId = 4_400_000_000 + this.list.length + 1;
    const file = join(this.settings.dir, `${numericId}.jsonl`);
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
      held: this.hold,
      forcedError: this.forcedFailures.shift() ?? null,
      failure: null,
      generated: Promise.resolve(),
    };
    op.generated = writeBulkResult(prepared, this.settings.context(), {
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
    this.list.push(op);
    return op;
  }

  private settle(op: BulkOperationState): void {
    op.completedAt = new Date();
    const error = op.forcedError ?? op.failure;
    op.status = error ? 'FAILED' : 'COMPLETED';
    op.errorCode = error;
  }

  /** One status read: CREATED → RUNNING → (after enough reads) COMPLETED or FAILED; CANCELING → CANCELED. */
  async advance(op: BulkOperationState): Promise<void> {
    op.reads += 1;
    if (op.status === 'CANCELING') {
      op.status = 'CANCELED';
      op.completedAt = new Date();
    } else if (op.status === 'CREATED') {
      op.status = 'RUNNING';
    } else if (op.status === 'RUNNING' && !op.held && op.reads >= this.settings.pollsUntilComplete) {
      // The file is fully written before COMPLETED is reported with its size.
      await op.generated;
      if (op.status === 'RUNNING') this.settle(op);
    }
  }

  async finish(id: string): Promise<void> {
    const op = this.find(id);
    if (!op) throw new Error(`No bulk operation ${id}`);
    await op.generated;
    op.held = false;
    if (op.status === 'CREATED' || op.status === 'RUNNING') this.settle(op);
  }

  view(op: BulkOperationState) {
    const result = op.status === 'COMPLETED' ? op.result : null;
    const objects = result?.objectCount ?? 0;
    return {
      __typename: 'BulkOperation',
      id: op.id,
      status: op.status,
      type: 'QUERY',
      errorCode: op.errorCode,
      createdAt: op.createdAt.toISOString(),
      completedAt: op.completedAt?.toISOString() ?? null,
      objectCount: String(objects),
      rootObjectCount: String(result?.rootObjectCount ?? 0),
      fileSize: result ? String(result.fileSize) : null,
      // Shopify gives no file when nothing matched the query.
      url: objects > 0 ? this.settings.fileUrl(op.numericId) : null,
      partialDataUrl: null,
      query: op.query,
    };
  }

  private run(query: string, groupObjects: boolean | null | undefined, apiVersion: string) {
    const since2026 = apiVersionAtLeast(apiVersion, '2026-01');
    const concurrency = this.settings.concurrency ?? (since2026 ? 5 : 1);
    const running = this.list.filter(
      (o) => o.status === 'CREATED' || o.status === 'RUNNING' || o.status === 'CANCELING',
    );
    const refuse = (error: UserError) => ({ bulkOperation: null, userErrors: [error] });
    if (running.length >= concurrency) {
      return refuse(
        concurrency === 1
          ? {
              code: 'OPERATION_IN_PROGRESS',
              field: null,
              message: `A bulk query operation for this app and shop is already in progress: ${running[0]?.id}.`,
            }
          : {
              code: 'LIMIT_REACHED',
              field: null,
              message: 'Bulk operations limit reached. Please try again later.',
            },
      );
    }
    // Grouping was the default until 2026-01 and must be asked for since.
    const created = this.create(query, groupObjects ?? !since2026);
    if ('error' in created) return refuse({ code: 'INVALID', field: ['query'], message: created.error });
    return { bulkOperation: this.view(created), userErrors: [] };
  }

  private cancel(id: string) {
    const op = this.find(id);
    if (!op)
      return {
        bulkOperation: null,
        userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }],
      };
    if (op.status !== 'CREATED' && op.status !== 'RUNNING') {
      const message = `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}`;
      return { bulkOperation: this.view(op), userErrors: [{ field: null, message }] };
    }
    op.status = 'CANCELING';
    return { bulkOperation: this.view(op), userErrors: [] };
  }

  /** Root fields for the schema; `node` answers for operations and hands other ids to `otherNode`. */
  resolvers(apiVersion: string, otherNode: (id: string, ctx: ResolverContext) => unknown) {
    return {
      node: async ({ id }: { id: string }, ctx: ResolverContext) => {
        const op = this.find(id);
        if (!op) return otherNode(id, ctx);
        await this.advance(op);
        return this.view(op);
      },
      currentBulkOperation: async () => {
        const op = this.list.at(-1);
        if (!op) return null;
        await this.advance(op);
        return this.view(op);
      },
      bulkOperationRunQuery: (args: { query: string; groupObjects?: boolean | null }) =>
        this.run(args.query, args.groupObjects, apiVersion),
      bulkOperationCancel: (args: { id: string }) => this.cancel(args.id),
    };
  }

  /** Serves a COMPLETED operation's file; anything else is storage's 404. */
  download(numericId: string, res: ServerResponse): void {
    const op = this.list.find((o) => String(o.numericId) === numericId && o.status === 'COMPLETED');
    if (!op?.result) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/jsonl', 'Content-Length': String(op.result.fileSize) });
    createReadStream(op.file).pipe(res);
  }

  async settled(): Promise<void> {
    await Promise.all(this.list.map((o) => o.generated));
  }
}
