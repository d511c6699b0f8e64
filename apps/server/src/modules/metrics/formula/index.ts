export { FormulaError, FORMULA_MAX_LENGTH, parseFormula, type FormulaErrorCode, type Node } from './parse';
export {
  SqlParams,
  compileFormula,
  compileMetricSet,
  type FormulaColumn,
  type MetricAggregation,
  type MetricDefinition,
} from './compile';
