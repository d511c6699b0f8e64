/**
 * Collects the values of a query's `$n` placeholders. Every literal from a formula goes through here, so user
 * text never becomes part of the SQL string. `offset` leaves room for parameters the caller adds first.
 */
export class SqlParams {
  private readonly collected: unknown[] = [];

  constructor(private readonly offset = 0) {}

  /** Registers a value and returns its placeholder (`$1`, `$2`, …). */
  add(value: unknown): string {
    this.collected.push(value);
    return `$${this.offset + this.collected.length}`;
  }

  get values(): readonly unknown[] {
    return this.collected;
  }

  /** How many values have been added; pass it to `truncate` to undo a failed compilation. */
  get size(): number {
    return this.collected.length;
  }

  /** Forgets values added after `size`: PostgreSQL refuses a query whose parameters are not all used. */
  truncate(size: number): void {
    this.collected.length = Math.min(size, this.collected.length);
  }
}
