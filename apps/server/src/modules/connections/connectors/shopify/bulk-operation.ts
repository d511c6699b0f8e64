import { ConnectorError } from '../types';
import type { ShopifyApi } from './shopify-api';
import { sleep } from './timing';

export interface BulkTiming {
  /** First wait between status polls; it grows by half each poll up to maxPollIntervalMs. */
  pollIntervalMs: number;
  maxPollIntervalMs: number;
  /** How long to wait for a free slot when the shop already runs the bulk queries it allows. */
  busyTimeoutMs: number;
}

export interface CompletedBulkOperation {
  id: string;
  /** Null when nothing matched: Shopify then has no file to give. */
  url: string | null;
  objectCount: number;
}

type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';

interface BulkOperationFields {
  id: string;
  status: BulkStatus;
  errorCode: string | null;
  objectCount: string;
  url: string | null;
}

interface UserError {
  code?: string | null;
  field?: string[] | null;
  message: string;
}

const RUN = /* GraphQL */ `
  mutation TidemarkBulkRun($query: String!) {
    bulkOperationRunQuery(query: $query, groupObjects: true) {
      bulkOperation {
        id
        status
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

const POLL = /* GraphQL */ `
  query TidemarkBulkPoll($id: ID!) {
    node(id: $id) {
      ... on BulkOperation {
        id
        status
        errorCode
        objectCount
        url
      }
    }
  }
`;

const CANCEL = /* GraphQL */ `
  mutation TidemarkBulkCancel($id: ID!) {
    bulkOperationCancel(id: $id) {
      bulkOperation {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const FAILURE_HINTS: Record<string, string> = {
  ACCESS_DENIED:
    'the access token lacks a scope this data needs (read_orders, read_customers or read_products)',
  INTERNAL_SERVER_ERROR: 'Shopify had an internal error; the next sync retries it',
  TIMEOUT: 'the export took longer than Shopify allows',
};

const isBusy = (e: UserError): boolean =>
  e.code === 'OPERATION_IN_PROGRESS' || e.code === 'LIMIT_REACHED' || /already in progress/i.test(e.message);

/**
 * Starts a bulk query. Shopify caps the bulk queries an app may run at once on a shop (one before API
 * version 2026-01, five since); when they are taken, this waits with back-off for a free slot and
 * reports it plainly once busyTimeoutMs has passed.
 */
async function start(
  api: ShopifyApi,
  query: string,
  timing: BulkTiming,
  signal?: AbortSignal,
): Promise<string> {
  const deadline = Date.now() + timing.busyTimeoutMs;
  let wait = timing.pollIntervalMs;
  for (;;) {
    signal?.throwIfAborted();
    // Not abortable: an operation created after we stopped listening could never be cancelled.
    const { bulkOperationRunQuery: payload } = await api.request<{
      bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: UserError[] } | null;
    }>(RUN, { query });
    const errors = payload?.userErrors ?? [];
    if (payload?.bulkOperation && errors.length === 0) {
      if (signal?.aborted) {
        await cancel(api, payload.bulkOperation.id);
        signal.throwIfAborted();
      }
      return payload.bulkOperation.id;
    }
    const busy = errors.find(isBusy);
    if (!busy) {
      const reason = errors.map((e) => e.message).join('; ') || 'no operation was created';
      throw new ConnectorError(`Shopify refused the bulk export: ${reason}`);
    }
    if (Date.now() + wait > deadline) {
      throw new ConnectorError(
        `Shopify is already running as many bulk exports for this app on ${api.shop} as it allows (${busy.message}); the sync can run once they finish.`,
      );
    }
    await sleep(wait, signal);
    wait = Math.min(wait * 2, timing.maxPollIntervalMs);
  }
}

async function poll(api: ShopifyApi, id: string, timing: BulkTiming, signal?: AbortSignal) {
  let wait = timing.pollIntervalMs;
  for (;;) {
    await sleep(wait, signal);
    const { node: op } = await api.request<{ node: BulkOperationFields | null }>(POLL, { id }, signal);
    if (!op) throw new ConnectorError(`Shopify no longer knows the bulk export ${id}.`);
    switch (op.status) {
      case 'COMPLETED':
        return { id, url: op.url, objectCount: Number(op.objectCount) };
      case 'FAILED': {
        const code = op.errorCode ?? 'UNKNOWN';
        const hint = FAILURE_HINTS[code];
        throw new ConnectorError(`Shopify's bulk export failed with ${code}${hint ? `: ${hint}` : ''}.`);
      }
      case 'CANCELING':
      case 'CANCELED':
        throw new ConnectorError('The bulk export was cancelled on Shopify before it finished.');
      case 'EXPIRED':
        throw new ConnectorError("The bulk export's file expired on Shopify before it was read.");
      default:
        wait = Math.min(Math.round(wait * 1.5), timing.maxPollIntervalMs);
    }
  }
}

/** Asks Shopify to stop an export nobody will read; failing to is not worth an error of its own. */
async function cancel(api: ShopifyApi, id: string): Promise<void> {
  try {
    await api.request(CANCEL, { id });
  } catch {
    // The operation ends by itself; its result expires after a week.
  }
}

/** Runs a bulk query to completion; an abort while it runs cancels it on Shopify. */
export async function runBulkQuery(
  api: ShopifyApi,
  query: string,
  timing: BulkTiming,
  signal?: AbortSignal,
): Promise<CompletedBulkOperation> {
  const id = await start(api, query, timing, signal);
  try {
    return await poll(api, id, timing, signal);
  } catch (error) {
    if (signal?.aborted) await cancel(api, id);
    throw error;
  }
}
