/**
 * Prints how long parsing and compiling take for typical formulas, the longest allowed formula, hostile input and a
 * table's whole metric set. Run:
 *   npx tsx apps/server/src/modules/warehouse/formula/bench.ts
 */
import type { FormulaColumn } from './compile';
import { compileFormula } from './compile';
import { FormulaError } from './errors';
import { compileMetricSet, type MetricDefinition } from './metric-set';
import { MAX_FORMULA_LENGTH } from './tokenizer';
import { parseFormula } from './parser';
import { SqlParams } from './sql-params';

const columns: FormulaColumn[] = [
  { field_name: 'revenue', display_name: 'Revenue', type: 'decimal' },
  { field_name: 'refund_amount', display_name: 'Refund Amount', type: 'decimal' },
  { field_name: 'order_id', display_name: 'Order ID', type: 'integer' },
  { field_name: 'quantity', display_name: 'Quantity', type: 'integer' },
  { field_name: 'status', display_name: 'Status', type: 'text' },
  { field_name: 'created_at', display_name: 'Created', type: 'timestamptz' },
];

function measure(label: string, runs: number, work: () => void): void {
  for (let i = 0; i < Math.min(runs, 200); i += 1) work();
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) work();
  const micros = Number(process.hrtime.bigint() - start) / 1000 / runs;
  console.log(`${label.padEnd(58)} ${micros.toFixed(1).padStart(9)} µs per run (${runs} runs)`);
}

const compileText = (text: string): void => {
  try {
    compileFormula(parseFormula(text), { columns, params: new SqlParams() });
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
  }
};

const typical = "100 * count_if(status = 'cancelled' and created_at >= '2024-01-01') / count(order_id)";
const longest = `${'sum(revenue) + '.repeat(Math.floor((MAX_FORMULA_LENGTH - 12) / 15))}sum(revenue)`;
const longestConditions = `count_if(${"status = 'x' or ".repeat(Math.floor((MAX_FORMULA_LENGTH - 24) / 16))}status = 'x')`;

measure('typical formula (parse + compile)', 20_000, () => compileText(typical));
measure(`${longest.length}-character sum chain`, 500, () => compileText(longest));
measure(`${longestConditions.length}-character condition chain`, 500, () => compileText(longestConditions));
measure('2001 characters (refused by length)', 20_000, () => compileText('1'.repeat(MAX_FORMULA_LENGTH + 1)));
measure('1000 open parentheses (refused by depth)', 20_000, () => compileText('('.repeat(1000)));

const set: MetricDefinition[] = [
  { key: 'revenue', aggregation: 'sum', field_name: 'revenue' },
  { key: 'orders', aggregation: 'count', field_name: 'order_id' },
];
for (let i = 0; i < 48; i += 1) {
  set.push({
    key: `m${i}`,
    aggregation: 'formula',
    formula: `revenue / orders + count_if(status = 's${i}')`,
  });
}
measure('metric set of 50 (formulas referring to two metrics)', 2_000, () => {
  compileMetricSet(set, columns, new SqlParams());
});
