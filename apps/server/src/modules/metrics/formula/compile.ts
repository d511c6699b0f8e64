import type { ColumnType } from '../../connections/connectors/types';
import { FormulaError, parseFormula, type Node } from './parse';

/**
 * Compiles a parsed formula to one SQL aggregate expression over a table's rows. Literals become
 * parameters ($n); identifiers reach the SQL only after matching a known column, and then quoted; a metric
 * named in a formula is inlined. Nothing a user typed is ever pasted into the SQL text.
 */

export interface FormulaColumn {
  field_name: string;
  display_name: string;
  type: ColumnType;
}

/** Parameters shared by every expression of one query. */
export class SqlParams {
  readonly values: unknown[] = [];
  private readonly offset: number;
  constructor(offset = 0) {
    this.offset = offset;
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}`;
  }
}

type ValueType = 'number' | 'text' | 'boolean' | 'time' | 'null';
interface Compiled {
  sql: string;
  type: ValueType;
  aggregated: boolean;
}

const TYPE_CLASS: Record<ColumnType, ValueType> = {
  integer: 'number',
  decimal: 'number',
  boolean: 'boolean',
  date: 'time',
  timestamp: 'time',
  timestamptz: 'time',
  text: 'text',
};

const NUMERIC_AGGREGATES = new Set(['sum', 'avg', 'stddev_samp', 'var_samp', 'min', 'max']);
const AGGREGATES = new Set([
  ...NUMERIC_AGGREGATES,
  'count',
  'count_distinct',
  'count_if',
  'sum_if',
  'avg_if',
]);
const SCALARS = new Set(['abs', 'round', 'coalesce', 'least', 'greatest']);

export interface CompileOptions {
  columns: FormulaColumn[];
  params: SqlParams;
  /** The SQL of another metric named in the formula, or undefined when no metric has that name. */
  metric?: (name: string) => string | undefined;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length]!;
}

function suggestion(name: string, candidates: string[]): string {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const dist = distance(lower, c.toLowerCase());
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  return best && bestDistance <= Math.max(1, Math.floor(lower.length / 3)) ? ` Did you mean '${best}'?` : '';
}

export function compileFormula(ast: Node, options: CompileOptions): string {
  const { columns, params } = options;
  const findColumn = (name: string, quoted: boolean) =>
    quoted
      ? columns.find((c) => c.display_name === name || c.field_name === name)
      : columns.find((c) => c.field_name.toLowerCase() === name.toLowerCase());

  const err = (
    code: ConstructorParameters<typeof FormulaError>[0],
    message: string,
    node: Node,
    field?: string,
  ) =>
    new FormulaError(code, `${message} at position ${node.pos}.`.replace(/\.\./, '.'), {
      position: node.pos,
      ...(field ? { field } : {}),
    });

  function column(node: Extract<Node, { kind: 'identifier' }>): Compiled {
    const col = findColumn(node.name, node.quoted);
    if (!col) {
      throw new FormulaError(
        'unknown_field',
        `Unknown field '${node.name}' at position ${node.pos}.${suggestion(
          node.name,
          columns.map((c) => c.field_name),
        )}`,
        { position: node.pos, field: node.name },
      );
    }
    return { sql: quote(col.field_name), type: TYPE_CLASS[col.type], aggregated: false };
  }

  function literal(node: Node, want?: ValueType): Compiled {
    switch (node.kind) {
      case 'number':
        return { sql: `${params.add(node.value)}::double precision`, type: 'number', aggregated: false };
      case 'string':
        if (want === 'time')
          return { sql: `${params.add(node.value)}::timestamptz`, type: 'time', aggregated: false };
        return { sql: `${params.add(node.value)}::text`, type: 'text', aggregated: false };
      case 'boolean':
        return { sql: node.value ? 'true' : 'false', type: 'boolean', aggregated: false };
      case 'null':
        return { sql: 'null', type: 'null', aggregated: false };
      default:
        throw err('syntax', 'A value was expected', node);
    }
  }

  /** A row-level expression inside an aggregate: columns, literals and arithmetic over them. */
  function rowExpr(node: Node): Compiled {
    switch (node.kind) {
      case 'identifier':
        return column(node);
      case 'number':
      case 'string':
      case 'boolean':
      case 'null':
        return literal(node);
      case 'unary': {
        const operand = rowExpr(node.operand);
        needNumber(operand, node);
        return { sql: `(-${operand.sql})`, type: 'number', aggregated: false };
      }
      case 'binary': {
        const left = rowExpr(node.left);
        const right = rowExpr(node.right);
        needNumber(left, node.left);
        needNumber(right, node.right);
        return { sql: arithmetic(node.op, left.sql, right.sql), type: 'number', aggregated: false };
      }
      case 'call':
        if (AGGREGATES.has(node.name)) {
          throw err(
            'nested_aggregate',
            `Aggregates cannot be nested: ${node.name}() inside another aggregate`,
            node,
          );
        }
        return scalar(node, rowExpr);
      default:
        throw err('syntax', 'A condition is only allowed inside count_if, sum_if or avg_if', node);
    }
  }

  function needNumber(value: Compiled, node: Node) {
    if (value.type !== 'number' && value.type !== 'null') {
      throw err(
        'type',
        `Arithmetic needs numbers, but this is ${value.type === 'time' ? 'a date' : value.type}`,
        node,
      );
    }
  }

  function arithmetic(op: '+' | '-' | '*' | '/', a: string, b: string): string {
    // A bucket with nothing to divide by gives no value instead of an error.
    return op === '/' ? `(${a}::double precision / nullif(${b}, 0))` : `(${a} ${op} ${b})`;
  }

  function scalar(node: Extract<Node, { kind: 'call' }>, sub: (n: Node) => Compiled): Compiled {
    if (!SCALARS.has(node.name)) {
      throw new FormulaError(
        'unknown_function',
        `Unknown function '${node.name}' at position ${node.pos}.${suggestion(node.name, [...AGGREGATES, ...SCALARS])}`,
        { position: node.pos },
      );
    }
    const args = node.args.map(sub);
    const arity = (min: number, max: number) => {
      if (args.length < min || args.length > max) {
        throw err(
          'syntax',
          `${node.name}() takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}`,
          node,
        );
      }
    };
    for (const [i, a] of args.entries()) needNumber(a, node.args[i]!);
    const aggregated = args.some((a) => a.aggregated);
    switch (node.name) {
      case 'abs':
        arity(1, 1);
        return { sql: `abs(${args[0]!.sql})`, type: 'number', aggregated };
      case 'round':
        arity(1, 2);
        return {
          sql: args[1]
            ? `round((${args[0]!.sql})::numeric, (${args[1].sql})::int)`
            : `round((${args[0]!.sql})::numeric)`,
          type: 'number',
          aggregated,
        };
      case 'coalesce':
      case 'least':
      case 'greatest':
        arity(2, 16);
        return { sql: `${node.name}(${args.map((a) => a.sql).join(', ')})`, type: 'number', aggregated };
      default:
        throw new FormulaError(
          'unknown_function',
          `Unknown function '${node.name}' at position ${node.pos}.${suggestion(node.name, [...AGGREGATES, ...SCALARS])}`,
          {
            position: node.pos,
          },
        );
    }
  }

  function condition(node: Node): string {
    switch (node.kind) {
      case 'logical':
        return `(${condition(node.left)} ${node.op} ${condition(node.right)})`;
      case 'not':
        return `(not ${condition(node.operand)})`;
      case 'boolean':
        return node.value ? 'true' : 'false';
      case 'isnull':
        return `(${rowExpr(node.operand).sql} is ${node.negated ? 'not ' : ''}null)`;
      case 'compare': {
        const [left, right] = comparable(node.left, node.right, node);
        return `(${left} ${node.op === '!=' ? '<>' : node.op} ${right})`;
      }
      case 'in': {
        const operand = rowExpr(node.operand);
        const values = node.values.map((v) => literalFor(v, operand.type, node));
        return `(${operand.sql} ${node.negated ? 'not in' : 'in'} (${values.join(', ')}))`;
      }
      default:
        throw err('syntax', "A condition such as status = 'cancelled' was expected", node);
    }
  }

  function literalFor(node: Node, type: ValueType, at: Node): string {
    const isLiteral =
      node.kind === 'number' || node.kind === 'string' || node.kind === 'boolean' || node.kind === 'null';
    if (!isLiteral) return rowExpr(node).sql;
    const value = literal(node, type);
    if (value.type !== 'null' && type !== 'null' && value.type !== type) {
      throw err('type', `Cannot compare ${describe(type)} with ${describe(value.type)}`, at);
    }
    return value.sql;
  }

  function comparable(a: Node, b: Node, at: Node): [string, string] {
    const aIsLiteral = a.kind === 'number' || a.kind === 'string' || a.kind === 'boolean';
    if (aIsLiteral && !(b.kind === 'number' || b.kind === 'string' || b.kind === 'boolean')) {
      const right = rowExpr(b);
      return [literalFor(a, right.type, at), right.sql];
    }
    const left = rowExpr(a);
    const right =
      b.kind === 'number' || b.kind === 'string' || b.kind === 'boolean' || b.kind === 'null'
        ? literalFor(b, left.type, at)
        : (() => {
            const r = rowExpr(b);
            if (r.type !== left.type && r.type !== 'null' && left.type !== 'null') {
              throw err('type', `Cannot compare ${describe(left.type)} with ${describe(r.type)}`, at);
            }
            return r.sql;
          })();
    return [left.sql, right];
  }

  function describe(type: ValueType): string {
    return type === 'number'
      ? 'a number'
      : type === 'text'
        ? 'text'
        : type === 'time'
          ? 'a date'
          : type === 'boolean'
            ? 'true/false'
            : 'null';
  }

  function aggregate(node: Extract<Node, { kind: 'call' }>): Compiled {
    const n = node.name;
    const argc = (count: number) => {
      if (node.args.length !== count || node.star) {
        throw err('syntax', `${n}() takes ${count} argument${count === 1 ? '' : 's'}`, node);
      }
    };
    if (n === 'count') {
      if (node.star) return { sql: 'count(*)', type: 'number', aggregated: true };
      argc(1);
      return { sql: `count(${rowExpr(node.args[0]!).sql})`, type: 'number', aggregated: true };
    }
    if (n === 'count_distinct') {
      argc(1);
      return { sql: `count(distinct ${rowExpr(node.args[0]!).sql})`, type: 'number', aggregated: true };
    }
    if (n === 'count_if') {
      argc(1);
      return { sql: `count(*) filter (where ${condition(node.args[0]!)})`, type: 'number', aggregated: true };
    }
    if (n === 'sum_if' || n === 'avg_if') {
      argc(2);
      const value = rowExpr(node.args[0]!);
      needNumber(value, node.args[0]!);
      return {
        sql: `${n === 'sum_if' ? 'sum' : 'avg'}(${value.sql}) filter (where ${condition(node.args[1]!)})`,
        type: 'number',
        aggregated: true,
      };
    }
    argc(1);
    const value = rowExpr(node.args[0]!);
    if (value.type !== 'number') {
      const target = node.args[0]!;
      const name = target.kind === 'identifier' ? `'${target.name}'` : 'this value';
      throw err('type', `${n}() needs a numeric column; ${name} is ${describe(value.type)}`, target);
    }
    return { sql: `${n}(${value.sql})`, type: 'number', aggregated: true };
  }

  /** The formula's top level: aggregates, metric references and arithmetic over them. */
  function top(node: Node): Compiled {
    switch (node.kind) {
      case 'number':
        return literal(node);
      case 'identifier': {
        const metricSql = node.quoted ? undefined : options.metric?.(node.name);
        if (metricSql !== undefined) return { sql: `(${metricSql})`, type: 'number', aggregated: true };
        if (findColumn(node.name, node.quoted)) {
          throw new FormulaError(
            'not_aggregated',
            `'${node.name}' must be inside an aggregate such as sum(${node.name}) (position ${node.pos}).`,
            { position: node.pos, field: node.name },
          );
        }
        throw new FormulaError(
          'unknown_field',
          `Unknown field '${node.name}' at position ${node.pos}.${suggestion(
            node.name,
            columns.map((c) => c.field_name),
          )}`,
          { position: node.pos, field: node.name },
        );
      }
      case 'unary': {
        const operand = top(node.operand);
        return { sql: `(-${operand.sql})`, type: 'number', aggregated: operand.aggregated };
      }
      case 'binary': {
        const left = top(node.left);
        const right = top(node.right);
        return {
          sql: arithmetic(node.op, left.sql, right.sql),
          type: 'number',
          aggregated: left.aggregated || right.aggregated,
        };
      }
      case 'call':
        return AGGREGATES.has(node.name) ? aggregate(node) : scalar(node, top);
      case 'string':
      case 'boolean':
      case 'null':
        throw err(
          'type',
          'A metric is a number; text, true/false and null can only be compared inside count_if',
          node,
        );
      default:
        throw err('syntax', 'A condition is only allowed inside count_if, sum_if or avg_if', node);
    }
  }

  const result = top(ast);
  if (!result.aggregated) {
    throw new FormulaError(
      'not_aggregated',
      'A formula must aggregate a column, for example sum(revenue) / count(order_id).',
      {
        position: 0,
      },
    );
  }
  return result.sql;
}

export type MetricAggregation =
  'sum' | 'avg' | 'count' | 'min' | 'max' | 'stddev_samp' | 'var_samp' | 'formula';

export interface MetricDefinition {
  key: string;
  aggregation: MetricAggregation;
  field_name?: string;
  formula?: string;
  /** Names a formula may use to refer to this metric (its key always works). */
  aliases?: string[];
}

/**
 * Compiles a table's metrics together: plain aggregations, formulas, and formulas naming other metrics in any
 * order. A metric that fails (or names one that fails, or takes part in a cycle) gets an error of its own;
 * the others still compile.
 */
export function compileMetricSet(
  defs: MetricDefinition[],
  columns: FormulaColumn[],
  params: SqlParams,
): { sql: Map<string, string>; errors: Map<string, FormulaError> } {
  const sql = new Map<string, string>();
  const errors = new Map<string, FormulaError>();
  const byName = new Map<string, MetricDefinition>();
  for (const d of defs) {
    for (const name of [d.key, ...(d.aliases ?? [])]) byName.set(name.toLowerCase(), d);
  }
  const visiting = new Set<string>();

  function build(def: MetricDefinition): string {
    const done = sql.get(def.key);
    if (done !== undefined) return done;
    const failed = errors.get(def.key);
    if (failed) throw failed;
    if (visiting.has(def.key)) {
      throw new FormulaError('cycle', `The formulas refer to each other in a circle (through '${def.key}').`);
    }
    visiting.add(def.key);
    try {
      const ast: Node =
        def.aggregation === 'formula'
          ? parseFormula(def.formula ?? '')
          : {
              kind: 'call',
              name: def.aggregation,
              args: [{ kind: 'identifier', name: def.field_name ?? '', quoted: false, pos: 0 }],
              star: false,
              pos: 0,
            };
      const compiled = compileFormula(ast, {
        columns,
        params,
        metric: (name) => {
          const other = byName.get(name.toLowerCase());
          if (!other) return undefined;
          try {
            return build(other);
          } catch (error) {
            if (error instanceof FormulaError && error.code === 'cycle') throw error;
            throw new FormulaError(
              'unknown_metric',
              `It uses the metric '${name}', which has an error of its own.`,
            );
          }
        },
      });
      sql.set(def.key, compiled);
      return compiled;
    } catch (error) {
      const formulaError =
        error instanceof FormulaError
          ? error
          : new FormulaError('syntax', error instanceof Error ? error.message : String(error));
      errors.set(def.key, formulaError);
      throw formulaError;
    } finally {
      visiting.delete(def.key);
    }
  }

  for (const def of defs) {
    try {
      build(def);
    } catch {
      // recorded in errors
    }
  }
  return { sql, errors };
}
