export type FormulaErrorCode =
  | 'syntax'
  | 'too_long'
  | 'unknown_field'
  | 'unknown_function'
  | 'unknown_metric'
  | 'not_aggregated'
  | 'nested_aggregate'
  | 'type'
  | 'cycle'
  | 'broken_reference'
  | 'duplicate_key';

export interface FormulaErrorDetails {
  /** Offset (0-based, in UTF-16 code units) in the formula text where the problem starts. */
  position?: number | undefined;
  /** The field, metric or function name the message is about, as the user wrote it. */
  field?: string | undefined;
  /** A close known name, when the user probably mistyped it. */
  suggestion?: string | undefined;
}

/** Every problem with a formula; `message` is written for the merchant who typed it. */
export class FormulaError extends Error {
  readonly code: FormulaErrorCode;
  readonly position: number | undefined;
  readonly field: string | undefined;
  readonly suggestion: string | undefined;

  constructor(code: FormulaErrorCode, message: string, details: FormulaErrorDetails = {}) {
    super(message);
    this.name = 'FormulaError';
    this.code = code;
    this.position = details.position;
    this.field = details.field;
    this.suggestion = details.suggestion;
  }
}
