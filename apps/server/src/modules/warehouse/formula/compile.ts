import { quotePgIdentifier } from '../../../db/identifiers';
import type { ColumnType } from '../types';
import type { ComparisonOperator, FormulaAst } from './ast';
import { FormulaError } from './errors';
import type { SqlParams } from './sql-params';
import { closestName } from './suggest';

export interface FormulaColumn {
  field_name: string;
  display_name: string;
  type: ColumnType;
}

/** What an expression gives back in SQL. Integer and decimal columns are both `numeric` to the formula language. */
export type ValueType = 'numeric' | 'boolean' | 'date' | 'timestamp' | 'timestamptz' | 'text' | 'null';

export interface CompiledExpression {
  sql: string;
  type: ValueType;
}

export interface CompileOptions {
  columns: readonly FormulaColumn[];
  params: SqlParams;
  /**
   * Resolves a bare name outside aggregates to another metric's compiled expression, or undefined when there is
   * no such metric. May throw a FormulaError (for instance when that metric is itself broken).
   */
  metric?: ((key: string, position: number) => CompiledExpression | undefined) | undefined;
  /** Known metric keys, only used to suggest a name when a reference is mistyped. */
  metricKeys?: Iterable<string> | undefined;
  /** Quotes a column's field_name for SQL; defaults to a double-quoted identifier. */
  quoteIdent?: ((fieldName: string) => string) | undefined;
  /**
   * Replaces the SQL of an aggregate call (everything else compiles as usual). The series computation uses
   * it to split metrics into partial aggregates that roll up from hours to days, weeks and months.
   */
  aggregate?: ((call: AggregateCall) => string | undefined) | undefined;
}

/** One aggregate call of a formula, as compiled: the function, its row-level value and its condition. */
export interface AggregateCall {
  name: 'sum' | 'avg' | 'count' | 'count_distinct' | 'min' | 'max' | 'stddev_samp' | 'var_samp';
  /** The row-level value's SQL, or '*' for count(*). */
  value: string;
  /** The condition of count_if, sum_if and avg_if, else null. */
  filter: string | null;
}

export type AggregateName =
  | 'sum'
  | 'avg'
  | 'count'
  | 'count_distinct'
  | 'min'
  | 'max'
  | 'stddev_samp'
  | 'var_samp'
  | 'count_if'
  | 'sum_if'
  | 'avg_if';
type ScalarName = 'abs' | 'round' | 'coalesce' | 'least' | 'greatest';

const AGGREGATES: ReadonlySet<string> = new Set<AggregateName>([
  'sum',
  'avg',
  'count',
  'count_distinct',
  'min',
  'max',
  'stddev_samp',
  'var_samp',
  'count_if',
  'sum_if',
  'avg_if',
]);
const SCALARS: ReadonlySet<string> = new Set<ScalarName>(['abs', 'round', 'coalesce', 'least', 'greatest']);
const MAX_ROUND_DIGITS = 20;

/** PostgreSQL's own rule for a quoted identifier: wrap in double quotes, double any inside. */

const isTemporal = (type: ValueType): boolean =>
  type === 'date' || type === 'timestamp' || type === 'timestamptz';

function family(type: ValueType): string {
  return isTemporal(type) ? 'temporal' : type;
}

function describeType(type: ValueType): string {
  switch (type) {
    case 'numeric':
      return 'a number';
    case 'boolean':
      return 'true/false';
    case 'date':
      return 'a date';
    case 'timestamp':
    case 'timestamptz':
      return 'a date and time';
    case 'text':
      return 'text';
    case 'null':
      return 'null';
  }
}

function columnValueType(type: ColumnType): ValueType {
  return type === 'integer' || type === 'decimal' ? 'numeric' : type;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Checks a date or timestamp literal here so a typo is reported on the formula, not by PostgreSQL at query time. */
function isValidTemporal(text: string, type: ValueType): boolean {
  const match = (type === 'date' ? DATE : TIMESTAMP).exec(text);
  if (!match) return false;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match
    .slice(1)
    .map((part) => part ?? '0');
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, m - 1, d));
  const calendarOk = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return calendarOk && Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60;
}

/** A literal number, allowing a leading minus (`round(x, -2)`). */
function literalNumber(node: FormulaAst): number | undefined {
  if (node.kind === 'number') return node.value;
  if (node.kind === 'negate' && node.operand.kind === 'number') return -node.operand.value;
  return undefined;
}

/** Internal result: `integer` marks SQL integers, which must be widened before division or products overflow. */
interface Typed extends CompiledExpression {
  integer?: boolean;
}

/** A bare `null` has no type in PostgreSQL, and `sum(null)` or `-null` are ambiguous to it. */
const numericSql = (value: Typed): string => (value.type === 'null' ? 'null::numeric' : value.sql);

const CONDITION_HINT = "such as count_if(status = 'cancelled')";

class Compiler {
  private readonly byField = new Map<string, FormulaColumn>();
  private readonly byFieldLower = new Map<string, FormulaColumn>();
  private readonly byDisplay = new Map<string, FormulaColumn>();
  private readonly byDisplayLower = new Map<string, FormulaColumn>();
  private readonly quote: (fieldName: string) => string;

  constructor(private readonly options: CompileOptions) {
    for (const column of options.columns) {
      this.byField.set(column.field_name, column);
      if (!this.byFieldLower.has(column.field_name.toLowerCase())) {
        this.byFieldLower.set(column.field_name.toLowerCase(), column);
      }
      this.byDisplay.set(column.display_name, column);
      if (!this.byDisplayLower.has(column.display_name.toLowerCase())) {
        this.byDisplayLower.set(column.display_name.toLowerCase(), column);
      }
    }
    this.quote = options.quoteIdent ?? quotePgIdentifier;
  }

  compile(ast: FormulaAst): CompiledExpression {
    const result = this.metricLevel(ast);
    if (result.type === 'null') {
      throw new FormulaError(
        'type',
        'The formula always gives null: it needs an aggregate such as sum(revenue)',
        {
          position: ast.position,
        },
      );
    }
    return { sql: result.sql, type: result.type };
  }

  // Outside aggregates: numbers, metric references, aggregates and scalar functions over them.
  private metricLevel(node: FormulaAst): Typed {
    switch (node.kind) {
      case 'number':
        return this.numberLiteral(node.value);
      case 'null':
        return { sql: 'null', type: 'null' };
      case 'string':
      case 'boolean':
        throw new FormulaError(
          'type',
          `${node.kind === 'string' ? 'Text' : 'true/false'} at position ${node.position} can only be compared with a field inside count_if, sum_if or avg_if`,
          { position: node.position },
        );
      case 'identifier':
        return this.metricReference(node.name, node.quoted, node.position);
      case 'star':
        throw this.misplacedStar(node.position);
      case 'negate':
        return this.negate(this.metricLevel(node.operand), node.operand.position);
      case 'arithmetic':
        return this.arithmetic(
          node.operator,
          this.metricLevel(node.left),
          this.metricLevel(node.right),
          node,
        );
      case 'call':
        if (AGGREGATES.has(node.name)) return this.aggregate(node);
        return this.scalar(node, (arg) => this.metricLevel(arg));
      case 'comparison':
      case 'logical':
      case 'not':
      case 'in':
      case 'is_null':
        throw this.conditionOutsideIf(node);
    }
  }

  private metricReference(name: string, quoted: boolean, position: number): Typed {
    if (!quoted) {
      const metric = this.options.metric?.(name, position);
      if (metric) return { sql: `(${metric.sql})`, type: metric.type };
    }
    const column = quoted ? this.findQuotedColumn(name) : this.findBareColumn(name);
    if (column) {
      const shown = quoted ? `"${name}"` : name;
      const example = columnValueType(column.type) === 'numeric' ? `sum(${shown})` : `count(${shown})`;
      throw new FormulaError('not_aggregated', `'${name}' must be inside an aggregate such as ${example}`, {
        position,
        field: name,
      });
    }
    if (quoted) throw this.unknownField(name, true, position);
    const suggestion = closestName(name, this.options.metricKeys ?? []);
    const hint = suggestion ? `. Did you mean '${suggestion}'?` : '';
    throw new FormulaError('unknown_metric', `Unknown metric '${name}' at position ${position}${hint}`, {
      position,
      field: name,
      suggestion,
    });
  }

  /** An aggregate's SQL: the caller's replacement when it gives one, else the plain call. */
  private emit(call: AggregateCall, plain: string): string {
    return this.options.aggregate?.(call) ?? plain;
  }

  private aggregate(node: Extract<FormulaAst, { kind: 'call' }>): Typed {
    const name = node.name as AggregateName;
    const inside = (arg: FormulaAst): Typed => this.rowLevel(arg, name);
    switch (name) {
      case 'count': {
        this.arity(node, 1, 1, 'count(order_id) or count(*)');
        const arg = node.args[0] as FormulaAst;
        if (arg.kind === 'star') {
          return this.numericAggregate(this.emit({ name, value: '*', filter: null }, 'count(*)'));
        }
        const value = inside(arg).sql;
        return this.numericAggregate(this.emit({ name, value, filter: null }, `count(${value})`));
      }
      case 'count_distinct': {
        this.arity(node, 1, 1, 'count_distinct(customer_id)');
        const value = inside(node.args[0] as FormulaAst).sql;
        return this.numericAggregate(this.emit({ name, value, filter: null }, `count(distinct ${value})`));
      }
      case 'sum':
      case 'avg':
      case 'stddev_samp':
      case 'var_samp': {
        this.arity(node, 1, 1, `${name}(revenue)`);
        const value = this.numericArgument(node, 0, inside);
        return this.numericAggregate(
          this.emit({ name, value: value.sql, filter: null }, `${name}(${value.sql})`),
        );
      }
      case 'min':
      case 'max': {
        this.arity(node, 1, 1, `${name}(revenue)`);
        const arg = node.args[0] as FormulaAst;
        const value = inside(arg);
        if (value.type !== 'numeric' && !isTemporal(value.type)) {
          throw new FormulaError(
            'type',
            `${name} needs a number, date or date and time, not ${describeType(value.type)}, at position ${arg.position}`,
            { position: arg.position, field: arg.kind === 'identifier' ? arg.name : undefined },
          );
        }
        const sql = this.emit({ name, value: value.sql, filter: null }, `${name}(${value.sql})`);
        if (value.type === 'numeric') return this.numericAggregate(sql);
        return { sql, type: value.type };
      }
      case 'count_if': {
        this.arity(node, 1, 1, "count_if(status = 'cancelled')");
        const condition = this.condition(node.args[0] as FormulaAst, name);
        return this.numericAggregate(
          this.emit({ name: 'count', value: '*', filter: condition }, `count(*) filter (where ${condition})`),
        );
      }
      case 'sum_if':
      case 'avg_if': {
        const plain = name === 'sum_if' ? 'sum' : 'avg';
        this.arity(node, 2, 2, `${name}(revenue, status = 'paid')`);
        const value = this.numericArgument(node, 0, inside);
        const condition = this.condition(node.args[1] as FormulaAst, name);
        return this.numericAggregate(
          this.emit(
            { name: plain, value: value.sql, filter: condition },
            `${plain}(${value.sql}) filter (where ${condition})`,
          ),
        );
      }
    }
  }

  /** Every numeric aggregate is cast so arithmetic on it never falls into integer division. */
  private numericAggregate(sql: string): Typed {
    return { sql: `(${sql})::numeric`, type: 'numeric' };
  }

  private numericArgument(
    node: Extract<FormulaAst, { kind: 'call' }>,
    index: number,
    compile: (arg: FormulaAst) => Typed,
  ): Typed {
    const arg = node.args[index] as FormulaAst;
    const value = compile(arg);
    if (value.type !== 'numeric' && value.type !== 'null') {
      const what =
        arg.kind === 'identifier'
          ? `'${arg.name}' is ${describeType(value.type)}`
          : `got ${describeType(value.type)}`;
      throw new FormulaError(
        'type',
        `${node.name} needs a number field, but ${what} (at position ${arg.position})`,
        {
          position: arg.position,
          field: arg.kind === 'identifier' ? arg.name : undefined,
        },
      );
    }
    return { ...value, sql: numericSql(value) };
  }

  private arity(
    node: Extract<FormulaAst, { kind: 'call' }>,
    min: number,
    max: number,
    example: string,
  ): void {
    const count = node.args.length;
    if (count >= min && count <= max) {
      node.args.forEach((arg, index) => {
        if (arg.kind === 'star' && !(node.name === 'count' && index === 0))
          throw this.misplacedStar(arg.position);
      });
      return;
    }
    const expected =
      min === max
        ? `${min} argument${min === 1 ? '' : 's'}`
        : max === Infinity
          ? `at least ${min} arguments`
          : `${min} to ${max} arguments`;
    throw new FormulaError(
      'syntax',
      `${node.written} takes ${expected}, got ${count}, at position ${node.position} (for example ${example})`,
      { position: node.position },
    );
  }

  // Inside an aggregate: columns of the current row, literals, arithmetic and scalar functions.
  private rowLevel(node: FormulaAst, aggregate: string, hint?: ValueType): Typed {
    switch (node.kind) {
      case 'number':
        return this.numberLiteral(node.value);
      case 'string':
        return this.stringLiteral(node.value, node.position, hint);
      case 'boolean':
        return { sql: node.value ? 'true' : 'false', type: 'boolean' };
      case 'null':
        return { sql: 'null', type: 'null' };
      case 'identifier': {
        const column = node.quoted ? this.findQuotedColumn(node.name) : this.findBareColumn(node.name);
        if (!column) throw this.unknownField(node.name, node.quoted, node.position);
        return {
          sql: this.quote(column.field_name),
          type: columnValueType(column.type),
          integer: column.type === 'integer',
        };
      }
      case 'star':
        throw this.misplacedStar(node.position);
      case 'negate':
        return this.negate(this.rowLevel(node.operand, aggregate), node.operand.position);
      case 'arithmetic':
        return this.arithmetic(
          node.operator,
          this.rowLevel(node.left, aggregate),
          this.rowLevel(node.right, aggregate),
          node,
        );
      case 'call':
        if (AGGREGATES.has(node.name)) {
          throw new FormulaError(
            'nested_aggregate',
            `${node.written} cannot be used inside ${aggregate} (at position ${node.position}): aggregates do not nest`,
            { position: node.position },
          );
        }
        return this.scalar(node, (arg) => this.rowLevel(arg, aggregate));
      case 'comparison':
      case 'logical':
      case 'not':
      case 'in':
      case 'is_null':
        throw this.conditionOutsideIf(node);
    }
  }

  // The predicate of count_if / sum_if / avg_if.
  private condition(node: FormulaAst, aggregate: string): string {
    switch (node.kind) {
      case 'logical':
        return `(${this.condition(node.left, aggregate)} ${node.operator} ${this.condition(node.right, aggregate)})`;
      case 'not':
        return `(not ${this.condition(node.operand, aggregate)})`;
      case 'comparison':
        return this.comparison(node, aggregate);
      case 'in':
        return this.inList(node, aggregate);
      case 'is_null': {
        const operand = this.rowLevel(node.operand, aggregate);
        return `(${operand.sql} is ${node.negated ? 'not ' : ''}null)`;
      }
      default: {
        const value = this.rowLevel(node, aggregate);
        if (value.type !== 'boolean') {
          throw new FormulaError(
            'type',
            `${aggregate} needs a condition ${CONDITION_HINT}, not ${describeType(value.type)}, at position ${node.position}`,
            { position: node.position },
          );
        }
        return value.sql;
      }
    }
  }

  private comparison(node: Extract<FormulaAst, { kind: 'comparison' }>, aggregate: string): string {
    const [left, right] = this.comparedPair(node.left, node.right, aggregate);
    this.checkComparable(left, right, node.left, node.right);
    const operator: Record<ComparisonOperator, string> = {
      '=': '=',
      '!=': '<>',
      '<': '<',
      '<=': '<=',
      '>': '>',
      '>=': '>=',
    };
    return `(${left.sql} ${operator[node.operator]} ${right.sql})`;
  }

  /** Compiles the side that is not a literal first, so a literal on the other side learns its type (dates). */
  private comparedPair(leftNode: FormulaAst, rightNode: FormulaAst, aggregate: string): [Typed, Typed] {
    const literal = (n: FormulaAst): boolean => n.kind === 'string';
    if (literal(leftNode) && !literal(rightNode)) {
      const right = this.rowLevel(rightNode, aggregate);
      return [this.rowLevel(leftNode, aggregate, right.type), right];
    }
    const left = this.rowLevel(leftNode, aggregate);
    return [left, this.rowLevel(rightNode, aggregate, left.type)];
  }

  private checkComparable(left: Typed, right: Typed, leftNode: FormulaAst, rightNode: FormulaAst): void {
    if (left.type === 'null' || right.type === 'null') {
      const position = left.type === 'null' ? leftNode.position : rightNode.position;
      throw new FormulaError(
        'type',
        `Comparing with null is never true (position ${position}): use 'is null' or 'is not null'`,
        { position },
      );
    }
    if (family(left.type) === family(right.type)) return;
    const name = (n: FormulaAst, t: Typed): string =>
      n.kind === 'identifier' ? `field '${n.name}' (${describeType(t.type)})` : describeType(t.type);
    throw new FormulaError(
      'type',
      `Cannot compare ${name(leftNode, left)} with ${name(rightNode, right)} at position ${rightNode.position}`,
      {
        position: rightNode.position,
        field:
          leftNode.kind === 'identifier'
            ? leftNode.name
            : rightNode.kind === 'identifier'
              ? rightNode.name
              : undefined,
      },
    );
  }

  private inList(node: Extract<FormulaAst, { kind: 'in' }>, aggregate: string): string {
    const operand = this.rowLevel(node.operand, aggregate);
    const items = node.list.map((item) => {
      const value = this.rowLevel(item, aggregate, operand.type);
      if (value.type === 'null') {
        throw new FormulaError(
          'type',
          `null in a list never matches (position ${item.position}): use 'is null' for missing values`,
          { position: item.position },
        );
      }
      this.checkComparable(operand, value, node.operand, item);
      return value.sql;
    });
    return `(${operand.sql} ${node.negated ? 'not in' : 'in'} (${items.join(', ')}))`;
  }

  private scalar(node: Extract<FormulaAst, { kind: 'call' }>, compile: (arg: FormulaAst) => Typed): Typed {
    if (!SCALARS.has(node.name)) throw this.unknownFunction(node);
    const name = node.name as ScalarName;
    switch (name) {
      case 'abs': {
        this.arity(node, 1, 1, 'abs(sum(refund_amount))');
        const value = this.numericArgument(node, 0, compile);
        return { sql: `abs(${value.sql})`, type: 'numeric', integer: value.integer ?? false };
      }
      case 'round': {
        this.arity(node, 1, 2, 'round(avg(revenue), 2)');
        const value = this.numericArgument(node, 0, compile);
        const digitsNode = node.args[1];
        if (digitsNode === undefined) return { sql: `round(${value.sql})`, type: 'numeric' };
        const digits = literalNumber(digitsNode);
        if (digits === undefined || !Number.isInteger(digits) || Math.abs(digits) > MAX_ROUND_DIGITS) {
          throw new FormulaError(
            'type',
            `round's digits must be a whole number between -${MAX_ROUND_DIGITS} and ${MAX_ROUND_DIGITS} at position ${digitsNode.position}`,
            { position: digitsNode.position },
          );
        }
        // round(numeric, int) exists only for numeric, so the value is widened when it is an integer column.
        return {
          sql: `round((${value.sql})::numeric, ${this.options.params.add(digits)}::integer)`,
          type: 'numeric',
        };
      }
      case 'coalesce':
      case 'least':
      case 'greatest': {
        this.arity(node, 2, Infinity, `${name}(sum(refund_amount), 0)`);
        const values = node.args.map((arg) => ({ arg, value: compile(arg) }));
        const typed = values.find(({ value }) => value.type !== 'null');
        if (!typed) {
          throw new FormulaError(
            'type',
            `${name} needs at least one value that is not null at position ${node.position}`,
            {
              position: node.position,
            },
          );
        }
        for (const { arg, value } of values) {
          if (value.type !== 'null' && family(value.type) !== family(typed.value.type)) {
            throw new FormulaError(
              'type',
              `${name} mixes ${describeType(typed.value.type)} and ${describeType(value.type)} at position ${arg.position}`,
              { position: arg.position },
            );
          }
        }
        const integer = values.every(({ value }) => value.integer === true || value.type === 'null');
        return {
          sql: `${name}(${values.map(({ value }) => value.sql).join(', ')})`,
          type: typed.value.type,
          integer,
        };
      }
    }
  }

  private numberLiteral(value: number): Typed {
    return { sql: `${this.options.params.add(value)}::numeric`, type: 'numeric' };
  }

  private stringLiteral(value: string, position: number, hint: ValueType | undefined): Typed {
    if (hint !== undefined && isTemporal(hint)) {
      if (!isValidTemporal(value, hint)) {
        const example = hint === 'date' ? "'2024-03-31'" : "'2024-03-31 14:00'";
        throw new FormulaError(
          'type',
          `${describeType(hint).replace(/^a /, 'A ')} is expected at position ${position}, written like ${example}`,
          { position },
        );
      }
      return { sql: `${this.options.params.add(value)}::${hint}`, type: hint };
    }
    return { sql: `${this.options.params.add(value)}::text`, type: 'text' };
  }

  private negate(value: Typed, position: number): Typed {
    if (value.type !== 'numeric' && value.type !== 'null') {
      throw new FormulaError('type', `Cannot negate ${describeType(value.type)} at position ${position}`, {
        position,
      });
    }
    // The operand is parenthesised: `- -x` must never print as `--`, which starts an SQL comment.
    return { sql: `(-(${numericSql(value)}))`, type: 'numeric', integer: value.integer ?? false };
  }

  private arithmetic(
    operator: '+' | '-' | '*' | '/',
    left: Typed,
    right: Typed,
    node: Extract<FormulaAst, { kind: 'arithmetic' }>,
  ): Typed {
    for (const [value, side] of [
      [left, node.left],
      [right, node.right],
    ] as const) {
      if (value.type !== 'numeric' && value.type !== 'null') {
        const what =
          side.kind === 'identifier'
            ? `field '${side.name}' (${describeType(value.type)})`
            : describeType(value.type);
        throw new FormulaError(
          'type',
          `Cannot use ${what} in arithmetic ('${operator}') at position ${side.position}`,
          {
            position: side.position,
            field: side.kind === 'identifier' ? side.name : undefined,
          },
        );
      }
    }
    // Row values may be SQL integers: widen them so division keeps its fraction and products cannot overflow.
    const widen = (value: Typed): string => (value.integer ? `(${value.sql})::numeric` : numericSql(value));
    if (operator === '/') {
      // A bucket without orders divides by zero; it should read as "no value", not fail the whole query.
      return { sql: `(${widen(left)} / nullif(${widen(right)}, 0))`, type: 'numeric' };
    }
    return { sql: `(${widen(left)} ${operator} ${widen(right)})`, type: 'numeric' };
  }

  private findBareColumn(name: string): FormulaColumn | undefined {
    return this.byField.get(name) ?? this.byFieldLower.get(name.toLowerCase());
  }

  private findQuotedColumn(name: string): FormulaColumn | undefined {
    return (
      this.byDisplay.get(name) ??
      this.byDisplayLower.get(name.toLowerCase()) ??
      this.byField.get(name) ??
      this.byFieldLower.get(name.toLowerCase())
    );
  }

  private unknownField(name: string, quoted: boolean, position: number): FormulaError {
    const candidates = quoted
      ? this.options.columns.map((c) => c.display_name)
      : this.options.columns.map((c) => c.field_name);
    const suggestion = closestName(name, candidates);
    const shown = quoted ? `"${name}"` : `'${name}'`;
    const hint = suggestion ? `. Did you mean ${quoted ? `"${suggestion}"` : `'${suggestion}'`}?` : '';
    return new FormulaError('unknown_field', `Unknown field ${shown} at position ${position}${hint}`, {
      position,
      field: name,
      suggestion,
    });
  }

  private unknownFunction(node: Extract<FormulaAst, { kind: 'call' }>): FormulaError {
    const suggestion = closestName(node.name, [...AGGREGATES, ...SCALARS]);
    const hint = suggestion ? `. Did you mean '${suggestion}'?` : '';
    return new FormulaError(
      'unknown_function',
      `Unknown function '${node.written}' at position ${node.position}${hint}`,
      { position: node.position, field: node.written, suggestion },
    );
  }

  private misplacedStar(position: number): FormulaError {
    return new FormulaError('syntax', `'*' on its own only works as count(*) (position ${position})`, {
      position,
    });
  }

  private conditionOutsideIf(node: FormulaAst): FormulaError {
    return new FormulaError(
      'type',
      `A condition can only be used inside count_if, sum_if or avg_if (position ${node.position}), ${CONDITION_HINT}`,
      { position: node.position },
    );
  }
}

/** Compiles a parsed formula into one SQL aggregate expression; literals go into `options.params`. */
export function compileFormula(ast: FormulaAst, options: CompileOptions): CompiledExpression {
  return new Compiler(options).compile(ast);
}

/** Whether a function name is an aggregate (its arguments are read per row, not as metric references). */
export const isAggregateFunction = (name: string): boolean => AGGREGATES.has(name.toLowerCase());
