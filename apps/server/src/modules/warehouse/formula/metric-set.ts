import type { FormulaAst } from './ast';
import {
  compileFormula,
  type CompileOptions,
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
    throw new FormulaError('unknown_field', `${aggregation} needs a field to aggregate`);
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
  options: Pick<CompileOptions, 'quoteIdent' | 'aggregate'> = {},
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

  const metricKeys = [...keyByLower.values()];
  // The metrics being compiled, outermost first, each with the reference it is following.
  const stack: Array<{ key: string; via?: { name: string; position: number } }> = [];

  const fail = (key: string, error: FormulaError): void => {
    states.set(key, { status: 'failed', error });
  };

  const failCycle = (target: string): void => {
    const members = stack.slice(stack.findIndex((frame) => frame.key === target));
    const path = [...members.map((frame) => frame.key), target].join(' → ');
    for (const { key, via } of members) {
      fail(
        key,
        new FormulaError('cycle', `Metric '${key}' refers to itself through ${path}`, {
          position: via?.position,
          field: via?.name,
        }),
      );
    }
  };

  const compileOne = (key: string, ast: FormulaAst): void => {
    const start = params.size;
    try {
      const compiled = compileFormula(ast, {
        columns,
        params,
        quoteIdent: options.quoteIdent,
        aggregate: options.aggregate,
        metricKeys,
        metric: (name, position) => {
          const target = keyByLower.get(name.toLowerCase());
          if (target === undefined) return undefined;
          const targetState = states.get(target);
          if (targetState?.status === 'done') return targetState.compiled;
          const reason =
            targetState?.status === 'failed' ? targetState.error.message : 'it could not be compiled';
          throw new FormulaError(
            'broken_reference',
            `Metric '${target}' at position ${position} cannot be computed because its own formula has an error: ${reason}`,
            { position, field: name },
          );
        },
      });
      if (compiled.sql.length > MAX_COMPILED_SQL_LENGTH) {
        throw new FormulaError(
          'too_long',
          `Metric '${key}' expands to too much SQL through the metrics it refers to; simplify the chain of references`,
        );
      }
      states.set(key, { status: 'done', compiled });
    } catch (error) {
      params.truncate(start);
      if (!(error instanceof FormulaError)) throw error;
      fail(key, error);
    }
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
        ),
      );
      return;
    }
    states.set(key, { status: 'compiling' });
    const frame: (typeof stack)[number] = { key };
    stack.push(frame);
    for (const reference of metricReferences(state.ast)) {
      const target = keyByLower.get(reference.name.toLowerCase());
      if (target === undefined) continue;
      frame.via = reference;
      if (states.get(target)?.status === 'compiling') failCycle(target);
      else visit(target);
      if (states.get(key)?.status === 'failed') break;
    }
    stack.pop();
    if (states.get(key)?.status === 'compiling') compileOne(key, state.ast);
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
