import type { RowError } from './types';

/** Keeps the first `limit` row errors for the report and counts all of them, so no row is dropped silently. */
export class RowErrorLog {
  private readonly kept: RowError[] = [];
  private total = 0;

  constructor(private readonly limit = 100) {}

  add(error: RowError): void {
    this.total++;
    if (this.kept.length < this.limit) this.kept.push(error);
  }

  get count(): number {
    return this.total;
  }

  get first(): readonly RowError[] {
    return this.kept;
  }
}
