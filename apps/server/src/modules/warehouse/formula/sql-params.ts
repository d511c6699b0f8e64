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

  /**
   * The statement and its values with only the parameters it names, renumbered in order: PostgreSQL refuses
   * a parameter it cannot type because it is unused (a table's plan adds values for every metric).
   */
  statement(sql: string): [string, unknown[]] {
    const kept: unknown[] = [];
    const renumbered = new Map<number, number>();
    const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
      const old = Number(n);
      let now = renumbered.get(old);
      if (now === undefined) {
        kept.push(this.collected[old - 1 - this.offset]);
        now = kept.length;
        renumbered.set(old, now);
      }
      return `$${now}`;
    });
    return [text, kept];
  }
}
