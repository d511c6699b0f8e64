import type pg from 'pg';
import type { ColumnType } from './connectors/types';
import { quoteIdent } from './warehouse';

/** Words PostgreSQL reserves: a column named so would need quoting everywhere, so it gets a suffix. */
const RESERVED = new Set(
  'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp not null offset on only or order placing primary references returning select session_user some symmetric table then to trailing true union unique user using variadic when where window with tenant_id _row_id _loaded_at'.split(
    ' ',
  ),
);

/** Safe, unique, lower snake_case field names for source column names, in the same order. */
export function fieldNamesFor(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name, i) => {
    let base = name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 55);
    if (!base) base = `column_${i + 1}`;
    if (/^\d/.test(base)) base = `c_${base}`;
    if (RESERVED.has(base)) base = `${base}_col`;
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}_${n}`;
    used.add(candidate);
    return candidate;
  });
}

export interface DescribedColumn {
  field_name: string;
  display_name: string;
  source_name: string;
  data_type: ColumnType;
  null_fraction: number;
  sample_values: string[];
}

/** Null shares and a few sample values per column, in one scan plus one small read. */
export async function describeColumns(
  client: pg.PoolClient,
  table: string,
  columns: Array<{ field_name: string; data_type: ColumnType }>,
  sourceNames: string[],
  displayNames?: string[],
): Promise<{ rowCount: number; columns: DescribedColumn[] }> {
  const counts = columns.map((c, i) => `count(${quoteIdent(c.field_name)}) as c${i}`).join(', ');
  const { rows } = await client.query<Record<string, number>>(
    `select count(*)::bigint as n${counts ? `, ${counts}` : ''} from ${quoteIdent(table)}`,
  );
  const totals = rows[0] ?? { n: 0 };
  const rowCount = Number(totals.n);
  const samples = await Promise.all(
    columns.map(async (c) => {
      const res = await client.query<{ v: string }>(
        `select distinct ${quoteIdent(c.field_name)}::text as v from (select ${quoteIdent(c.field_name)} from ${quoteIdent(table)} where ${quoteIdent(c.field_name)} is not null limit 200) s limit 3`,
      );
      return res.rows.map((r) => r.v.slice(0, 80));
    }),
  );
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
