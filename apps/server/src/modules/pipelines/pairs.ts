import type { Grain, RootCausePair, RootCauseResult } from '@tidemark/detect';

import { pairCellsStatement, type Cell, type Window } from './pairs.sql';

import * as repo from './pipelines.repository';
import type { BaseContext } from '../../plugins/context';
import { type WarehouseTable } from '../warehouse';

export type { Window } from './pairs.sql';

/**
 * One level of root-cause drill-down: the metric over pairs of dimension values (the top dimension × each
 * other dimension of the table), read from the warehouse for the insight's window and for the windows it
 * is compared with. Series are stored per single value only: pairs would multiply them, and only the few
 * insights with a root cause need them.
 */

type Ctx = BaseContext & { tenantId: number };

/** The metric per (window, value of `dimName`, other dimension, its value), read from the warehouse. */
export async function pairCells(
  ctx: Ctx,
  input: { table: WarehouseTable; kpiId: number; timezone: string; dimName: string; windows: Window[] },
): Promise<Cell[]> {
  const statement = await pairCellsStatement(ctx, input);
  return statement ? repo.warehouseRows<Cell>(ctx.db, statement) : [];
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
