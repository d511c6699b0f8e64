export type ColumnType = 'integer' | 'decimal' | 'boolean' | 'date' | 'timestamp' | 'timestamptz' | 'text';

export interface SampleColumn {
  name: string;
  type: ColumnType;
  /** Digits after the decimal point a decimal column is written with. */
  scale?: number;
}

export type SampleValue = string | number | boolean | null;
export type SampleRow = SampleValue[];

/** A table as rows generated on demand: every call of rows() starts again and yields the same rows. */
export interface SampleTable<Name extends string = string> {
  name: Name;
  columns: readonly SampleColumn[];
  rows(): Iterable<SampleRow>;
}

export type SampleTableName = 'orders' | 'traffic';
