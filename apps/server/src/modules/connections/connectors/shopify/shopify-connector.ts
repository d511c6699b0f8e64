import {
  ConnectorError,
  type CellValue,
  type Connector,
  type ReadRowsOptions,
  type SourceColumn,
  type SourceTable,
} from '../types';
import { runBulkQuery, type BulkTiming } from './bulk-operation';
import { readJsonl } from './jsonl';
import { createShopifyApi, type ShopifyApi, type ShopifyConnectionConfig } from './shopify-api';
import { buildBulkQuery, columnsFor, rowSources, SHOPIFY_TABLES, sourceColumns, tableDef } from './tables';

export interface ShopifyConnectorOptions extends Partial<BulkTiming> {
  /** The client's retries of 429/503 answers and network failures (0–3). */
  retries?: number;
  /** Retries of a THROTTLED answer, each after the cost bucket has had time to refill. */
  maxThrottleRetries?: number;
}

/** Scopes the connector reads with; a write scope implies its read scope. */
export const SHOPIFY_READ_SCOPES = ['read_orders', 'read_customers', 'read_products'] as const;

const DEFAULTS = {
  pollIntervalMs: 1_000,
  maxPollIntervalMs: 15_000,
  busyTimeoutMs: 10 * 60_000,
  retries: 3,
  maxThrottleRetries: 8,
  batchSize: 1_000,
};

const SHOP_QUERY = /* GraphQL */ `
  query TidemarkShop {
    shop {
      name
      currencyCode
      ianaTimezone
    }
    currentAppInstallation {
      accessScopes {
        handle
      }
    }
  }
`;

const COUNTS_QUERY = /* GraphQL */ `
  query TidemarkCounts {
    ordersCount {
      count
    }
    customersCount {
      count
    }
    productsCount {
      count
    }
  }
`;

interface ShopQuery {
  shop: { name: string; currencyCode: string; ianaTimezone: string };
  currentAppInstallation: { accessScopes: { handle: string }[] } | null;
}

type Count = { count: number } | null;

function missingScopes(granted: readonly string[]): string[] {
  const has = new Set(granted);
  return SHOPIFY_READ_SCOPES.filter((s) => !has.has(s) && !has.has(s.replace('read_', 'write_')));
}

async function* readShopifyRows(
  shopify: () => ShopifyApi,
  table: string,
  options: ReadRowsOptions,
  timing: BulkTiming,
  signal: AbortSignal,
): AsyncGenerator<CellValue[][]> {
  const def = tableDef(table);
  const columns = columnsFor(def, options.columns);
  const query = buildBulkQuery(
    def,
    columns,
    options.cursorColumn ? { column: options.cursorColumn, from: options.from } : undefined,
  );
  const batchSize = Math.max(1, options.batchSize ?? DEFAULTS.batchSize);
  const operation = await runBulkQuery(shopify(), query, timing, signal);
  if (!operation.url) return;

  let batch: CellValue[][] = [];
  for await (const source of rowSources(def, readJsonl(operation.url, signal))) {
    batch.push(columns.map((c) => c.read(source)));
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Reads a Shopify store through the Admin GraphQL API: each read is one bulk operation whose JSONL
 * result is streamed into rows.
 */
export function createShopifyConnector(
  config: ShopifyConnectionConfig,
  options: ShopifyConnectorOptions = {},
): Connector {
  const timing: BulkTiming = {
    pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
    maxPollIntervalMs: options.maxPollIntervalMs ?? DEFAULTS.maxPollIntervalMs,
    busyTimeoutMs: options.busyTimeoutMs ?? DEFAULTS.busyTimeoutMs,
  };
  // close() stops whatever is still reading, which cancels a bulk operation in flight.
  const closed = new AbortController();
  let api: ShopifyApi | undefined;
  // Built on first use, so a bad shop address surfaces as a ConnectorError from the call that needs it.
  const shopify = (): ShopifyApi =>
    (api ??= createShopifyApi(config, {
      retries: options.retries ?? DEFAULTS.retries,
      maxThrottleRetries: options.maxThrottleRetries ?? DEFAULTS.maxThrottleRetries,
    }));

  return {
    async testConnection(): Promise<void> {
      const data = await shopify().request<ShopQuery>(SHOP_QUERY, undefined, closed.signal);
      const granted = data.currentAppInstallation?.accessScopes.map((s) => s.handle) ?? [];
      const missing = missingScopes(granted);
      if (missing.length > 0) {
        throw new ConnectorError(
          `The access token for ${data.shop.name} lacks the ${missing.join(', ')} scope${missing.length > 1 ? 's' : ''}; reinstall the app granting ${missing.length > 1 ? 'them' : 'it'}.`,
        );
      }
    },

    async listTables(): Promise<SourceTable[]> {
      // Counts are estimates: Shopify caps them (10,000 by default), and a field the token may not read is null.
      const { data } = await shopify().requestPartial<{
        ordersCount: Count;
        customersCount: Count;
        productsCount: Count;
      }>(COUNTS_QUERY, undefined, closed.signal);
      const estimates: Record<string, number | null> = {
        orders: data?.ordersCount?.count ?? null,
        order_line_items: null,
        customers: data?.customersCount?.count ?? null,
        products: data?.productsCount?.count ?? null,
      };
      return SHOPIFY_TABLES.map((name) => ({ name, estimatedRows: estimates[name] ?? null }));
    },

    async readSchema(table: string): Promise<SourceColumn[]> {
      return sourceColumns(tableDef(table));
    },

    readRows(table: string, readOptions: ReadRowsOptions): AsyncIterable<CellValue[][]> {
      const signal = readOptions.signal
        ? AbortSignal.any([readOptions.signal, closed.signal])
        : closed.signal;
      return readShopifyRows(shopify, table, readOptions, timing, signal);
    },

    async close(): Promise<void> {
      closed.abort();
    },
  };
}
