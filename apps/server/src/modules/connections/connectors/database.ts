/** What a database connector needs; the password arrives unsealed and is never logged or echoed. */
export interface DatabaseConnectionConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  tls: 'disable' | 'require' | 'verify-full';
  /** PostgreSQL: list this schema's tables only. */
  schema?: string;
}

/** The driver's words, minus anything that could carry the password. */
export function readableReason(error: unknown, password: string): string {
  const raw = error instanceof Error ? error.message || error.name : String(error);
  let reason = raw.trim() || 'The database did not answer';
  if (password) reason = reason.split(password).join('•••');
  if (/self[- ]signed|unable to verify|certificate/i.test(reason)) {
    reason = `${reason} (the server's TLS certificate could not be verified; choose "require" to encrypt without verifying)`;
  }
  return reason.slice(0, 500);
}

export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException(reason instanceof Error ? reason.message : 'The read was cancelled', 'AbortError');
}
