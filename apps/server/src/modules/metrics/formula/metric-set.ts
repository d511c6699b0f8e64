import type { FormulaAst } from './ast';
import {
  compileFormula,
  isAggregateFunction,
  type CompiledExpression,
  type FormulaColumn,
  type ValueType,
} from './compile';
import { FormulaError } from './errors';
import { MAX_NESTING_DEPTH, parseFormula } from './parser';
import type { SqlParams } from './sql-params';

export type MetricAggregation =
  'sum' | 'avg' | 'count' | 'min' | 'max' | 'stddev_samp' | 'var_samp' | 'formula';

export interface MetricDefinition {
  key: string;
  aggregation: MetricAggregation;
  /** The column a plain aggregation reads; `count` without one counts rows. */
  field_name?: string | undefined;
  /** The formula text when `aggregation` is 'formula'. */
  formula?: string | undefined;
}

export interface CompiledMetricSet {
  /** One SQL aggregate expression per metric that compiled, keyed as in the definitions. */
  sql: Map<string, string>;
  types: Map<string, ValueType>;
  /** Why each other metric did not compile. */
  errors: Map<string, FormulaError>;
}

/** A metric's SQL is inlined into every metric that refers to it, so chains could grow exponentially; this caps it. */
export const MAX_COMPILED_SQL_LENGTH = 100_000;

type State =
  | { status: 'pending'; definition: MetricDefinition; ast: FormulaAst }
  | { status: 'compiling' }
  | { status: 'done'; compiled: CompiledExpression }
  | { status: 'failed'; error: FormulaError };

/** Bare names outside aggregates: the metrics this formula refers to, with where they appear. */
export function metricReferences(ast: FormulaAst): Array<{ name: string; position: number }> {
  const found: Array<{ name: string; position: number }> = [];
  const visit = (node: FormulaAst): void => {
    switch (node.kind) {
      case 'identifier':
        if (!node.quoted) found.push({ name: node.name, position: node.position });
        return;
      case 'call':
        if (!isAggregateFunction(node.name)) node.args.forEach(visit);
        return;
      case 'negate':
      case 'not':
        visit(node.operand);
        return;
      case 'arithmetic':
      case 'comparison':
      case 'logical':
        visit(node.left);
        visit(node.right);
        return;
      case 'in':
        visit(node.operand);
        node.list.forEach(visit);
        return;
      case 'is_null':
        visit(node.operand);
        return;
      default:
        return;
    }
  };
  visit(ast);
  return found;
}

/** A plain aggregation as a tree, so field names never pass through the formula text. */
function plainAggregationAst(definition: MetricDefinition): FormulaAst {
  const { aggregation, field_name: field } = definition;
  if (field === undefined || field === '') {
    if (aggregation === 'count') {
      return {
        kind: 'call',
        name: 'count',
        written: 'count',
        args: [{ kind: 'star', position: 0 }],
        position: 0,
      };
    }
    throw new FormulaError('unknown_field', `${aggregation} needs a field to aggregate`, {});
  }
  return {
    kind: 'call',
    name: aggregation,
    written: aggregation,
    args: [{ kind: 'identifier', name: field, quoted: false, position: 0 }],
    position: 0,
  };
}

function definitionAst(definition: MetricDefinition): FormulaAst {
  if (definition.aggregation !== 'formula') return plainAggregationAst(definition);
  return parseFormula(definition.formula ?? '');
}

/**
 * Compiles every metric of one table together: plain aggregations and formulas, references in any order, cycles
 * reported on each metric of the cycle. All literals go into the one `params`, so every expression returned can
 * sit in one SELECT. A metric that fails leaves no values behind in `params`.
 */
export function compileMetricSet(
  definitions: readonly MetricDefinition[],
  columns: readonly FormulaColumn[],
  params: SqlParams,
  options: { quoteIdent?: (fieldName: string) => string } = {},
): CompiledMetricSet {
  const sql = new Map<string, string>();
  const types = new Map<string, ValueType>();
  const errors = new Map<string, FormulaError>();
  const states = new Map<string, State>();
  const keyByLower = new Map<string, string>();

  for (const definition of definitions) {
    const lower = definition.key.toLowerCase();
    const existing = keyByLower.get(lower);
    if (existing !== undefined) {
      errors.set(
        definition.key,
        new FormulaError('duplicate_key', `Another metric is already called '${existing}'`, {
          field: definition.key,
        }),
      );
      continue;
    }
    keyByLower.set(lower, definition.key);
    try {
      states.set(definition.key, { status: 'pending', definition, ast: definitionAst(definition) });
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      states.set(definition.key, { status: 'failed', error });
    }
  }

  const stack: string[] = [];

  const fail = (key: string, error: FormulaError): FormulaError => {
    states.set(key, { status: 'failed', error });
    return error;
  };

  // Depth-first: a metric's references are compiled before it, so its own literals are added to `params` in one
  // contiguous run that can be truncated if it fails.
  const visit = (key: string): void => {
    const state = states.get(key);
    if (state?.status !== 'pending') return;
    if (stack.length >= MAX_NESTING_DEPTH) {
      fail(
        key,
        new FormulaError(
          'too_long',
          `Metrics refer to each other more than ${MAX_NESTING_DEPTH} levels deep`,
          {},
        ),
      );
      return;
    }
    states.set(key, { status: 'compiling' });
    stack.push(key);
    for (const reference of metricReferences(state.ast)) {
      const target = keyByLower.get(reference.name.toLowerCase());
      if (target === undefined) continue;
      const targetState = states.get(target);
      if (targetState?.status === 'compiling') {
        const cycle = [...stack.slice(stack.indexOf(target)), target];
        for (const member of stack.slice(stack.indexOf(target))) {
          fail(
            member,
            new FormulaError(
              'cycle',
              `Metric '${member}' refers to itself through ${cycle.join(' → ')}`,
              member === key ? { position: reference.position, field: reference.name } : { field: target },
            ),
          );
        }
      } else {
        visit(target);
      }
    }
    stack.pop();
    if (states.get(key)?.status === 'failed') return;

    const start = params.size;
    try {
      const compiled = compileFormula(state.ast, {
        columns,
        params,
        quoteIdent: options.quoteIdent,
        metricKeys: keyByLower.values(),
        metric: (name, position) => {
          const target = keyByLower.get(name.toLowerCase());
          if (target === undefined) return undefined;
          const targetState = states.get(target);
          if (targetState?.status === 'done') return targetState.compiled;
          throw new FormulaError(
            'broken_reference',
            `Metric '${target}' (position ${position}) cannot be computed: ${targetState?.status === 'failed' ? targetState.error.message : 'it is not ready'}`,
            { position, field: name },
          );
        },
      });
      if (compiled.sql.length > MAX_COMPILED_SQL_LENGTH) {
        throw new FormulaError(
          'too_long',
          `Metric '${key}' expands to too much SQL through the metrics it refers to; simplify the chain of references`,
          {},
        );
      }
      states.set(key, { status: 'done', compiled });
    } catch (error) {
      params.truncate(start);
      if (!(error instanceof FormulaError)) throw error;
      fail(key, error);
    }
  };

  for (const key of states.keys()) visit(key);

  for (const [key, state] of states) {
    if (state.status === 'done') {
      sql.set(key, state.compiled.sql);
      types.set(key, state.compiled.type);
    } else if (state.status === 'failed') {
      errors.set(key, state.error);
    }
  }
  return { sql, types, errors };
}
