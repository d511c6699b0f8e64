export type { ArithmeticOperator, ComparisonOperator, FormulaAst, LogicalOperator } from './ast';
export {
  compileFormula,
  isAggregateFunction,
  type AggregateCall,
  type AggregateName,
  type CompiledExpression,
  type CompileOptions,
  type FormulaColumn,
  type ValueType,
} from './compile';
export { FormulaError, type FormulaErrorCode, type FormulaErrorDetails } from './errors';
export {
  compileMetricSet,
  MAX_COMPILED_SQL_LENGTH,
  metricReferences,
  type CompiledMetricSet,
  type MetricAggregation,
  type MetricDefinition,
} from './metric-set';
export { MAX_NESTING_DEPTH, parseFormula } from './parser';
export { SqlParams } from './sql-params';
export { MAX_FORMULA_LENGTH, tokenize, type Token } from './tokenizer';
