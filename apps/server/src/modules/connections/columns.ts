import type pg from 'pg';
import { normaliseHeader } from '@tidemark/csv';

import type { ColumnType } from './connectors/types';

import { tables as wh } from '../warehouse';

/** Columns every warehouse table has: a source column of the same name gets a suffix. */
export const WAREHOUSE_COLUMNS = ['tenant_id', '_row_id', '_loaded_at'];

/** Safe, unique, lower snake_case field names for source column names, in the same order. */
export function fieldNamesFor(names: string[]): string[] {
  return normaliseHeader(names, { taken: WAREHOUSE_COLUMNS }).map((n) => n.field_name);
}

export interface DescribedColumn {
  field_name: string;
  display_name: string;
  source_name: string;
  data_type: ColumnType;
  null_fraction: number;
  sample_values: string[];
  /** CSV: the zone offset-less times were read in, when one was chosen or named by the header. */
  time_zone?: string;
  /** CSV: the currency the column's values, header or the file's currency column name (see @tidemark/csv). */
  currency?: string;
}

/** Null shares and a few sample values per column, in one scan plus one small read. */
export async function describeColumns(
  client: pg.PoolClient,
  table: string,
  columns: Array<{ field_name: string; data_type: ColumnType }>,
  sourceNames: string[],
  displayNames?: string[],
): Promise<{ rowCount: number; columns: DescribedColumn[] }> {
  const totals = await wh.columnCounts(client, table, columns);
  const rowCount = Number(totals.n);
  // One statement at a time: a client runs its queries in turn anyway, and pg 9 refuses to queue them.
  const samples: string[][] = [];
  for (const c of columns) {
    samples.push((await wh.sampleValues(client, table, c.field_name)).map((v) => v.slice(0, 80)));
  }
  return {
    rowCount,
    columns: columns.map((c, i) => ({
      field_name: c.field_name,
      display_name: displayNames?.[i] ?? humanise(sourceNames[i] ?? c.field_name),
      source_name: sourceNames[i] ?? c.field_name,
      data_type: c.data_type,
      null_fraction: rowCount === 0 ? 0 : 1 - Number(totals[`c${i}`] ?? 0) / rowCount,
      sample_values: samples[i] ?? [],
    })),
  };
}

/** 'total_price' → 'Total Price': what a merchant expects to read in the configure-metrics grid. */
export function humanise(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ (.)/g, (m) => m.toUpperCase());
}
