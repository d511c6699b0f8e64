/**
 * One interface for every data source a workspace connects (spec 1 §3, Connector). The extraction job
 * only talks to this interface, so a connector is tested alone against a real server (or a local one
 * answering like the provider's API) and the warehouse loader stays the same for all of them.
 */
import type { CellValue, ColumnType } from '../../warehouse';

export type { CellValue, ColumnType };

export interface SourceColumn {
  /** Name as the source spells it. */
  name: string;
  type: ColumnType;
  /** Part of the source table's primary key (upserts on incremental syncs use it). */
  isKey?: boolean;
}

export interface SourceTable {
  /** Qualified where the source has schemas (`public.orders`), plain otherwise. */
  name: string;
  /** Estimated row count when the source knows it cheaply, else null. */
  estimatedRows: number | null;
}

export interface ReadRowsOptions {
  columns: SourceColumn[];
  /** Column ordering the read for incremental syncs (an updated_at or an increasing id); none reads everything. */
  cursorColumn?: string | undefined;
  /** Only rows whose cursor is at or after this value (inclusive: rows sharing the last value are re-read). */
  from?: string | number | null | undefined;
  /** Rows per yielded batch. */
  batchSize?: number;
  signal?: AbortSignal | undefined;
}

/**
 * `connect_failed`: the source could not be reached or refused the login; the user reads what to do about the
 * cause (connectFailureText), and a blocked address reads as a closed port. `source_error`: anything else a user
 * can fix (a missing table or permission), in the driver's words.
 */
export type ConnectorErrorCode = 'connect_failed' | 'source_error';

/** Thrown for anything a user can fix; `reason` is what the user reads, `detail` what the server logs. */
export class ConnectorError extends Error {
  readonly reason: string;
  readonly code: ConnectorErrorCode;
  /** The real cause (never the password); the same as `reason` for a source error. */
  readonly detail: string;
  constructor(reason: string, options?: { cause?: unknown; code?: ConnectorErrorCode; detail?: string }) {
    super(reason, options);
    this.name = 'ConnectorError';
    this.reason = reason;
    this.code = options?.code ?? 'source_error';
    this.detail = options?.detail ?? reason;
  }
}

export interface Connector {
  /** Connects and runs a trivial query; throws a `connect_failed` ConnectorError when it cannot. */
  testConnection(): Promise<void>;
  listTables(): Promise<SourceTable[]>;
  readSchema(table: string): Promise<SourceColumn[]>;
  /** Rows in cursor order (when a cursor is given), as arrays aligned with `options.columns`. */
  readRows(table: string, options: ReadRowsOptions): AsyncIterable<CellValue[][]>;
  close(): Promise<void>;
}
