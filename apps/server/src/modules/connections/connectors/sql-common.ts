import { connectFailureText, type ConnectFailureCause } from '@tidemark/contract';
import { OutboundError, type CheckedTarget, type OutboundGuard } from '../../../net';
import { ConnectorError, type ReadRowsOptions, type SourceColumn } from './types';

/** Settings shared by the PostgreSQL and MySQL/MariaDB connectors. */
export interface DatabaseConnectionConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** `require` encrypts without checking the certificate; `verify-full` checks it against Node's CA store. */
  tls: 'disable' | 'require' | 'verify-full';
  /** PostgreSQL only: list and read this schema alone (default: every non-system schema). */
  schema?: string;
}

/** Limits that keep a connector from waiting forever; tests shorten them. */
export interface SqlConnectorOptions {
  /** Connecting and logging in (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * A catalogue query, and waiting for a table lock before a read starts (default 30 s). Catalogue
   * queries are small: one that runs this long is stuck behind a lock or an overloaded server.
   */
  metadataTimeoutMs?: number;
  /**
   * Where a workspace's settings may lead (net/outbound.ts): every connection goes to the address it checked.
   * Absent only for the operator's own settings (tests, benchmarks), which connect to `host` as given.
   */
  guard?: OutboundGuard;
}

export function timeoutsOf(options: SqlConnectorOptions): {
  connectTimeoutMs: number;
  metadataTimeoutMs: number;
} {
  return {
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    metadataTimeoutMs: options.metadataTimeoutMs ?? 30_000,
  };
}
export const DEFAULT_BATCH_SIZE = 5_000;

/** A column as the catalogue describes it: the warehouse type plus what the reader needs to select it. */
export interface CatalogueColumn extends SourceColumn {
  /** The source's type name, lower case (`int4`, `money`, `tinyint(1)`, `varbinary`). */
  sourceType: string;
}

/** Column names are not trimmed or folded: they are matched exactly as the catalogue spells them. */
export function pickColumns(
  table: string,
  available: CatalogueColumn[],
  options: ReadRowsOptions,
): { columns: CatalogueColumn[]; cursor: CatalogueColumn | null } {
  if (options.columns.length === 0) throw new ConnectorError(`No columns were asked for from "${table}"`);
  const byName = new Map(available.map((column) => [column.name, column]));
  const find = (name: string): CatalogueColumn => {
    const column = byName.get(name);
    if (!column) throw new ConnectorError(`Column "${name}" was not found in table "${table}"`);
    return column;
  };
  const columns = options.columns.map((column) => find(column.name));
  const cursor = options.cursorColumn ? find(options.cursorColumn) : null;
  return { columns, cursor };
}

export function batchSizeOf(options: ReadRowsOptions): number {
  const size = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new ConnectorError(`Batch size must be a positive integer`);
  return size;
}

/** A `from` the cursor is compared with, or null when the whole table is read. */
export function cursorFrom(options: ReadRowsOptions): string | number | null {
  return options.from === undefined || options.from === null || options.from === '' ? null : options.from;
}

/**
 * The driver's message as a user can read it, without the password. Node reports a host with several
 * addresses (localhost: ::1 and 127.0.0.1) as an AggregateError with an empty message, so its parts are joined.
 */
export function readableReason(error: unknown, password: string): string {
  let message = messageOf(error);
  if (password.length >= 4) message = message.split(password).join('********');
  return message;
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    const parts = [...new Set(error.errors.map((inner: unknown) => messageOf(inner)))];
    return parts.join('; ');
  }
  if (error instanceof Error) {
    if (error.message) return error.message;
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return String(error);
}

/**
 * The connector's target, resolved once through the guard so that all its connections reach the one address
 * that was checked; null without a guard. A failed resolution is tried again on the next connection.
 */
export function targetOnce(
  config: DatabaseConnectionConfig,
  guard: OutboundGuard | undefined,
): () => Promise<CheckedTarget | null> {
  let pending: Promise<CheckedTarget> | null = null;
  return () => {
    if (!guard) return Promise.resolve(null);
    if (!pending) {
      const resolving = guard(config.host, config.port);
      resolving.catch(() => {
        if (pending === resolving) pending = null;
      });
      pending = resolving;
    }
    return pending;
  };
}

/** Driver and socket codes, by what a customer can do about them. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
  'EADDRNOTAVAIL',
]);
const UNKNOWN_HOST = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/** SQLSTATEs (PostgreSQL) and error numbers (MySQL/MariaDB) a login can fail with. */
const AUTH_FAILED = new Set<unknown>(['28P01', '28000', 1045, 1698]);
const DATABASE_MISSING = new Set<unknown>(['3D000', 1049]);

/** What went wrong connecting, read from the driver's code first and its words only where it has no code. */
export function connectCause(error: unknown): ConnectFailureCause {
  if (error instanceof OutboundError) {
    // A blocked address reads as a closed port, so the answers do not map the networks behind the server.
    return error.code === 'not_found'
      ? 'unknown_host'
      : error.code === 'invalid_host'
        ? 'invalid_host'
        : 'unreachable';
  }
  // Several addresses of one name (localhost: ::1 and 127.0.0.1) fail together; the first says why.
  if (error instanceof AggregateError && error.errors.length > 0) return connectCause(error.errors[0]);
  if (!(error instanceof Error)) return 'other';
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  const message = error.message;
  if (/no encryption|insecure transport/i.test(message) || errno === 3159) return 'tls_required';
  if (/does not support (SSL|secure)/i.test(message) || code === 'HANDSHAKE_NO_SSL_SUPPORT')
    return 'tls_unsupported';
  if (typeof code === 'string') {
    if (UNREACHABLE.has(code)) return 'unreachable';
    if (UNKNOWN_HOST.has(code)) return 'unknown_host';
    if (code === 'ETIMEDOUT') return 'timeout';
    if (CERTIFICATE.has(code)) return 'tls_certificate';
  }
  if (AUTH_FAILED.has(code) || AUTH_FAILED.has(errno)) return 'auth_failed';
  if (DATABASE_MISSING.has(code) || DATABASE_MISSING.has(errno)) return 'database_missing';
  // MySQL answers a database the user may not see, existing or not, with ER_DBACCESS_DENIED_ERROR.
  if (errno === 1044) return 'database_denied';
  return error.cause ? connectCause(error.cause) : 'other';
}

/**
 * A failure to reach or log in to a source: the customer reads what they can do about its cause; `detail` keeps
 * the driver's words (never the password) for the log and for operators.
 */
export function connectFailed(
  error: unknown,
  config: DatabaseConnectionConfig,
  target?: CheckedTarget | null,
): ConnectorError {
  if (error instanceof ConnectorError && error.code === 'connect_failed') return error;
  // On a network the operator listed, a closed port, a wrong login and a missing database read alike.
  const cause = target?.listed ? 'other' : connectCause(error);
  return new ConnectorError(connectFailureText(cause, config), {
    code: 'connect_failed',
    detail: readableReason(error, config.password),
    cause: error,
  });
}

/** The drivers word a connect timeout tersely ("timeout expired", "connect ETIMEDOUT"); the detail says where. */
export function connectTimedOut(
  config: DatabaseConnectionConfig,
  timeoutMs: number,
  cause: unknown,
  target?: CheckedTarget | null,
): ConnectorError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return new ConnectorError(connectFailureText(target?.listed ? 'other' : 'timeout', config), {
    code: 'connect_failed',
    detail: `Timed out connecting to ${config.host}:${config.port} after ${seconds} s`,
    cause,
  });
}

export function toConnectorError(error: unknown, password: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  return new ConnectorError(readableReason(error, password), { cause: error });
}

/** The reason a read stopped: the signal's own reason (a DOMException named AbortError by default). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Waits for `work` unless `signal` aborts first; then `onAbort` runs (it tears the connection down, which
 * settles `work` too) and the wait rejects with the signal's reason at once.
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => void,
): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => {});
    onAbort();
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      work.catch(() => {});
      onAbort();
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(signal.aborted ? abortReason(signal) : error);
      },
    );
  });
}
