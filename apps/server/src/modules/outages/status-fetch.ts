import { MAX_BODY_CHARS } from './status-parsers';

// One conditional GET of a status page: ETag / If-Modified-Since, a timeout, a size cap and at most
// HOST_CONCURRENCY requests to one host at a time from this process.

export const HOST_CONCURRENCY = 2;
export const FETCH_TIMEOUT_MS = 10_000;

export type FetchResult =
  | { kind: 'ok'; body: string; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'unreachable'; error: string };

const active = new Map<string, number>();
const waiting = new Map<string, Array<() => void>>();

async function withHostSlot<T>(host: string, run: () => Promise<T>): Promise<T> {
  while ((active.get(host) ?? 0) >= HOST_CONCURRENCY) {
    await new Promise<void>((resolve) => {
      const queue = waiting.get(host) ?? [];
      queue.push(resolve);
      waiting.set(host, queue);
    });
  }
  active.set(host, (active.get(host) ?? 0) + 1);
  try {
    return await run();
  } finally {
    const left = (active.get(host) ?? 1) - 1;
    if (left) active.set(host, left);
    else active.delete(host);
    waiting.get(host)?.shift()?.();
  }
}

/** Requests in flight per host (tests read it to check the limit). */
export const inFlight = (host: string): number => active.get(host) ?? 0;

/** Reads at most MAX_BODY_CHARS (as bytes); a larger body is cut and then refused by the parser. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_BODY_CHARS) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function fetchStatus(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<FetchResult> {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http(s)');
    host = parsed.host;
  } catch {
    return { kind: 'unreachable', error: 'invalid feed URL' };
  }
  return withHostSlot(host, async () => {
    const headers: Record<string, string> = {
      accept: 'application/json, application/rss+xml, application/atom+xml, text/xml;q=0.9, */*;q=0.5',
      'user-agent': 'Tidemark status poller',
    };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      const response = await fetch(url, { headers, signal, redirect: 'follow' });
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: 'not_modified' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'unreachable', error: `HTTP ${response.status}` };
      }
      const body = await readCapped(response);
      return {
        kind: 'ok',
        body,
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      };
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      return {
        kind: 'unreachable',
        error:
          name === 'TimeoutError' ? 'timed out' : err instanceof Error ? err.message.slice(0, 200) : 'failed',
      };
    }
  });
}

/** Seconds before the next try after `failures` failures in a row: the interval doubled, at most an hour. */
export const backoffSeconds = (intervalSeconds: number, failures: number): number =>
  failures <= 0 ? intervalSeconds : Math.min(3600, intervalSeconds * 2 ** Math.min(failures, 10));
