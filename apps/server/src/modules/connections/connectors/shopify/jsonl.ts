import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ConnectorError } from '../types';

export type JsonRecord = Record<string, unknown>;

export const isRecord = (v: unknown): v is JsonRecord =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Downloads a bulk operation's JSONL file and yields one object per line as the bytes arrive, so a
 * store's whole history never sits in memory. Stopping early (a break, an abort) closes the download.
 */
export async function* readJsonl(url: string, signal?: AbortSignal): AsyncGenerator<JsonRecord> {
  const download = new AbortController();
  const stop = () => download.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    let response: Response;
    try {
      // The URL is pre-signed storage: it needs, and must not get, the shop's access token.
      response = await fetch(url, { signal: download.signal });
    } catch (error) {
      signal?.throwIfAborted();
      throw new ConnectorError(`Downloading Shopify's bulk export failed: ${String(error)}`, {
        cause: error,
      });
    }
    if (!response.ok || !response.body) {
      throw new ConnectorError(`Downloading Shopify's bulk export failed: HTTP ${response.status}`);
    }
    const lines = createInterface({
      input: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      crlfDelay: Infinity,
    });
    let lineNumber = 0;
    try {
      for await (const line of lines) {
        lineNumber += 1;
        if (line.trim() === '') continue;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          throw new ConnectorError(`Shopify's bulk export has a line that is not JSON (line ${lineNumber}).`);
        }
        if (!isRecord(value)) {
          throw new ConnectorError(
            `Shopify's bulk export has a line that is not an object (line ${lineNumber}).`,
          );
        }
        yield value;
      }
    } catch (error) {
      signal?.throwIfAborted();
      throw error;
    } finally {
      lines.close();
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    download.abort();
  }
}
