import type { Grain, RootCausePair, RootCauseResult } from '@tidemark/detect';
import { quoteIdent, type WarehouseTable } from '../connections';
import { SqlParams, dimensionValueSql, dimensionsOfTable, metricPlanOfTable } from '../metrics';
import type { BaseContext } from '../../plugins/context';

/**
 * One level of root-cause drill-down: the metric over pairs of dimension values (the top dimension × each
 * other dimension of the table), read from the warehouse for the insight's window and for the windows it
 * is compared with. Series are stored per single value only: pairs would multiply them, and only the few
 * insights with a root cause need them.
 */

type Ctx = BaseContext & { tenantId: number };

export interface Window {
  from: Date;
  to: Date;
}

interface Cell {
  w: number;
  a: string;
  b_name: string;
  b: string | null;
  value: number | null;
  n: number;
}

/** The metric per (window, value of `dimName`, other dimension, its value): one scan of the windows' rows. */
export async function pairCells(
  ctx: Ctx,
  input: { table: WarehouseTable; kpiId: number; timezone: string; dimName: string; windows: Window[] },
): Promise<Cell[]> {
  const { table } = input;
  const dateColumn = table.columns.find((c) => c.field_name === table.date_column);
  if (!dateColumn || input.windows.length === 0) return [];
  const dims = await dimensionsOfTable(ctx, table.table_id);
  const first = dims.find((d) => d.name === input.dimName);
  const others = dims.filter((d) => d !== first);
  if (!first || others.length === 0) return [];
  const params = new SqlParams();
  const plan = await metricPlanOfTable(ctx, table, params);
  const metric = plan.metrics.find((m) => m.kpiId === input.kpiId);
  if (!metric) return [];

  let tz: string | null = null;
  const column = quoteIdent(dateColumn.field_name);
  const at = (d: Date) =>
    `(${params.add(d)}::timestamptz at time zone ${(tz ??= params.add(input.timezone))})`;
  // Windows are instants: on a timestamptz column they bound the column itself, so the date index reads
  // only the windows' block ranges; plain dates and timestamps are already on the local clock.
  const bounds = input.windows.map((w) =>
    dateColumn.data_type === 'timestamptz'
      ? `(${column} >= ${params.add(w.from)}::timestamptz and ${column} < ${params.add(w.to)}::timestamptz)`
      : `(${column} >= ${at(w.from)} and ${column} < ${at(w.to)})`,
  );
  const windowCase = `case ${bounds.map((b, i) => `when ${b} then ${i}`).join(' ')} end`;
  const bound = bounds.join(' or ');
  const mapped = (d: { dimension_id: number; field_name: string }) =>
    dimensionValueSql(ctx, d.dimension_id, quoteIdent(d.field_name), params);
  const selects = [`${await mapped(first)} as __a`];
  for (const [i, d] of others.entries()) selects.push(`${await mapped(d)} as __b${i}`);
  const names = others.map((d) => params.add(d.name));
  const sets = others.map((_, i) => `(__w, __a, __b${i})`).join(', ');
  const bName = `case ${others.map((_, i) => `when grouping(__b${i}) = 0 then ${names[i]}::text`).join(' ')} end`;
  const bVal = `case ${others.map((_, i) => `when grouping(__b${i}) = 0 then __b${i}`).join(' ')} end`;
  const src = `select ${windowCase} as __w, ${selects.join(', ')}, * from ${quoteIdent(table.destination_table_name)} where ${bound}`;

  // A split plan's metric is an aggregate over partial columns: the partials per cell first, then the
  // metric over each cell's single row of partials.
  const sql = plan.rollup
    ? `with cells as (
         select __w, __a, ${bName} as b_name, ${bVal} as b, count(*) as __n,
                ${plan.partials.map((p) => `${p.sql} as ${p.column}`).join(', ')}
           from (${src}) s where __w is not null and __a is not null
          group by grouping sets (${sets})
       )
       select __w as w, __a as a, b_name, b, (${metric.sql})::float8 as value, sum(__n)::float8 as n
         from cells group by __w, __a, b_name, b`
    : `select __w as w, __a as a, ${bName} as b_name, ${bVal} as b, (${metric.sql})::float8 as value, count(*)::float8 as n
         from (${src}) s where __w is not null and __a is not null
        group by grouping sets (${sets})`;
  return ctx.db.query<Cell>(...params.statement(sql));
}

const GRAIN_DAYS: Record<Grain, number> = { h: 1 / 24, d: 1, w: 7, m: 0 };
/** Spikes are compared with the same window this many cycles back (a week for h/d, a bucket for w/m). */
const BASELINE_CYCLES = 4;

/** A week back for hourly, daily and weekly windows (the same weekdays); a month back for monthly ones. */
function shift(d: Date, grain: Grain, cycles: number): Date {
  if (grain === 'm') {
    const x = new Date(d);
    x.setUTCMonth(x.getUTCMonth() - cycles);
    return x;
  }
  return new Date(d.getTime() - cycles * 7 * 86_400_000);
}

function bucketEnd(ts: number, grain: Grain): Date {
  if (grain === 'm') {
    const x = new Date(ts);
    x.setUTCMonth(x.getUTCMonth() + 1);
    return x;
  }
  return new Date(ts + GRAIN_DAYS[grain] * 86_400_000);
}

export interface PairRequest {
  grain: Grain;
  patternType: 'Point Anomaly' | 'Trend Change';
  tsStart: number;
  tsEnd: number;
  additive: boolean;
  rootcause: RootCauseResult;
}

/**
 * The windows an insight is judged on (current first, then the comparison windows) and the pairs built
 * from their cells: a pair's expected value is its value's expected one, shared out as the pair shared it
 * in the comparison windows.
 */
export function pairWindows(req: PairRequest): Window[] {
  const current = { from: new Date(req.tsStart), to: bucketEnd(req.tsEnd, req.grain) };
  if (req.patternType === 'Trend Change') {
    const span = current.to.getTime() - current.from.getTime();
    return [current, { from: new Date(current.from.getTime() - span), to: current.from }];
  }
  const out = [current];
  for (let c = 1; c <= BASELINE_CYCLES; c++)
    out.push({ from: shift(current.from, req.grain, c), to: shift(current.to, req.grain, c) });
  return out;
}

export function buildPairs(req: PairRequest, dimName: string, cells: Cell[]): RootCausePair[] {
  const level0 = req.rootcause.rootcause_data.find((g) => g.level === 0 && g.dim_name === dimName);
  if (!level0) return [];
  const expectedOf = new Map(level0.rootcause_details.map((d) => [d.dim_val, d]));
  const byOther = new Map<string, RootCausePair>();
  // Per value of the first dimension: its total in the comparison windows, to share its expected out.
  const baseTotal = new Map<string, { value: number; n: number }>();
  const key = (c: Cell) => `${c.b_name}\u0000${c.a}\u0000${c.b ?? ''}`;
  const cellsBy = new Map<string, { cur: Cell | null; base: { value: number; n: number; k: number } }>();
  const numerator = (c: Cell) => (req.additive ? (c.value ?? 0) : (c.value ?? 0) * c.n);
  for (const c of cells) {
    const entry = cellsBy.get(key(c)) ?? { cur: null, base: { value: 0, n: 0, k: 0 } };
    if (c.w === 0) entry.cur = c;
    else {
      entry.base.value += numerator(c);
      entry.base.n += c.n;
      entry.base.k++;
      const t = baseTotal.get(`${c.b_name}\u0000${c.a}`) ?? { value: 0, n: 0 };
      t.value += numerator(c);
      t.n += c.n;
      baseTotal.set(`${c.b_name}\u0000${c.a}`, t);
    }
    cellsBy.set(key(c), entry);
  }
  const windows = req.patternType === 'Trend Change' ? 1 : BASELINE_CYCLES;
  for (const [k, { cur, base }] of cellsBy) {
    const [bName, a, b] = k.split('\u0000') as [string, string, string];
    const parent = expectedOf.get(a);
    const total = baseTotal.get(`${bName}\u0000${a}`);
    if (!parent || !total) continue;
    const pair = byOther.get(bName) ?? { dim_names: [dimName, bName] as [string, string], values: [] };
    const current = cur ? numerator(cur) : 0;
    const currentRows = cur?.n ?? 0;
    if (req.additive) {
      const share = total.value !== 0 ? base.value / total.value : 0;
      pair.values.push({ dim_vals: [a, b || null], current, expected: share * parent.expected_value });
    } else {
      // A ratio: rows expected as they came in the comparison windows, at the rate the pair had there,
      // moved as its parent value's expected rate moved.
      const expectedRows = base.n / windows;
      const baseRate = base.n > 0 ? base.value / base.n : 0;
      const parentBaseRate = total.n > 0 ? total.value / total.n : 0;
      const rate = parentBaseRate !== 0 ? baseRate * (parent.expected_value / parentBaseRate) : baseRate;
      pair.values.push({
        dim_vals: [a, b || null],
        current,
        expected: rate * expectedRows,
        current_population: currentRows,
        expected_population: expectedRows,
      });
    }
    byOther.set(bName, pair);
  }
  return [...byOther.values()];
}
