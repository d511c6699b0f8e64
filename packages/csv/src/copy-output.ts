/**
 * Growable byte buffer that collects COPY text lines and hands them out in chunks of about `flushBytes`,
 * so the server writes a few large Buffers instead of one string per row.
 */
export const DEFAULT_FLUSH_BYTES = 1 << 16;

export class CopyOutput {
  buf: Uint8Array;
  pos = 0;
  private readonly flushBytes: number;
  private ready: Uint8Array[] = [];

  constructor(flushBytes = DEFAULT_FLUSH_BYTES) {
    this.flushBytes = flushBytes;
    this.buf = new Uint8Array(flushBytes * 2);
  }

  /** Makes room for `extra` more bytes at pos. */
  ensure(extra: number): void {
    const needed = this.pos + extra;
    if (needed <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(needed, this.buf.length * 2));
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
  }

  /** Moves the buffered lines to the ready list once they reach flushBytes. */
  flushIfFull(): void {
    if (this.pos >= this.flushBytes) this.flush();
  }

  flush(): void {
    if (this.pos === 0) return;
    this.ready.push(this.buf.slice(0, this.pos));
    this.pos = 0;
  }

  /** The chunks completed since the last call. */
  take(): Uint8Array[] {
    const out = this.ready;
    this.ready = [];
    return out;
  }
}
