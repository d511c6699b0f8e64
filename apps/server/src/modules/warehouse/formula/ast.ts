export type ArithmeticOperator = '+' | '-' | '*' | '/';
export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type LogicalOperator = 'and' | 'or';

/** A parsed formula. Every node keeps the offset of its first character so errors can point at it. */
export type FormulaAst =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'boolean'; value: boolean; position: number }
  | { kind: 'null'; position: number }
  /** `quoted` names refer to a column by display name; bare ones to a column (in aggregates) or a metric. */
  | { kind: 'identifier'; name: string; quoted: boolean; position: number }
  /** Only as the sole argument of a call: `count(*)`. */
  | { kind: 'star'; position: number }
  | { kind: 'negate'; operand: FormulaAst; position: number }
  | { kind: 'not'; operand: FormulaAst; position: number }
  | {
      kind: 'arithmetic';
      operator: ArithmeticOperator;
      left: FormulaAst;
      right: FormulaAst;
      position: number;
    }
  | {
      kind: 'comparison';
      operator: ComparisonOperator;
      left: FormulaAst;
      right: FormulaAst;
      position: number;
    }
  | { kind: 'logical'; operator: LogicalOperator; left: FormulaAst; right: FormulaAst; position: number }
  | { kind: 'in'; negated: boolean; operand: FormulaAst; list: FormulaAst[]; position: number }
  | { kind: 'is_null'; negated: boolean; operand: FormulaAst; position: number }
  /** `name` is lower-cased for lookup; `written` keeps the spelling for messages. */
  | { kind: 'call'; name: string; written: string; args: FormulaAst[]; position: number };
