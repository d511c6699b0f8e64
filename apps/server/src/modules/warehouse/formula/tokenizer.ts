import { FormulaError } from './errors';

export const MAX_FORMULA_LENGTH = 2000;

export type Keyword = 'and' | 'or' | 'not' | 'in' | 'is' | 'null' | 'true' | 'false';
export type Operator = '+' | '-' | '*' | '/' | '(' | ')' | ',' | '=' | '!=' | '<>' | '<' | '<=' | '>' | '>=';

export type Token =
  | { kind: 'number'; value: number; text: string; position: number }
  | { kind: 'string'; value: string; text: string; position: number }
  | { kind: 'identifier'; name: string; text: string; position: number }
  | { kind: 'quoted_identifier'; name: string; text: string; position: number }
  | { kind: 'keyword'; keyword: Keyword; text: string; position: number }
  | { kind: 'operator'; operator: Operator; text: string; position: number }
  | { kind: 'end'; text: ''; position: number };

const KEYWORDS: ReadonlySet<string> = new Set<Keyword>([
  'and',
  'or',
  'not',
  'in',
  'is',
  'null',
  'true',
  'false',
]);
const TWO_CHAR_OPERATORS: ReadonlySet<string> = new Set<Operator>(['!=', '<>', '<=', '>=']);
const ONE_CHAR_OPERATORS: ReadonlySet<string> = new Set<Operator>([
  '+',
  '-',
  '*',
  '/',
  '(',
  ')',
  ',',
  '=',
  '<',
  '>',
]);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isIdentifierStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isIdentifierPart = (c: string | undefined): boolean => isIdentifierStart(c) || isDigit(c);
const isWhitespace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
// Control characters never belong in a formula, not even inside quotes: PostgreSQL rejects NUL in text
// parameters and the others are invisible to the merchant reading the formula back.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How a character is shown in a message: printable ones quoted, others by code point so nothing invisible is echoed. */
export function describeCharacter(c: string): string {
  if (CONTROL.test(c) || LONE_SURROGATE.test(c) || c.trim() === '') {
    return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${c}'`;
}

function unexpectedCharacter(text: string, position: number): FormulaError {
  const shown = describeCharacter(String.fromCodePoint(text.codePointAt(position) ?? 0));
  return new FormulaError('syntax', `Unexpected character ${shown} at position ${position}`, { position });
}

/** Reads a quoted run ('...' or "..."), where a doubled quote stands for one. Returns the content and the end offset. */
function readQuoted(text: string, start: number, quote: "'" | '"'): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  for (;;) {
    const c = text[i];
    if (c === undefined) {
      const what = quote === "'" ? 'text' : 'name';
      throw new FormulaError(
        'syntax',
        `Unexpected end of formula: the ${what} starting at position ${start} is missing its closing ${quote} at position ${text.length}`,
        { position: text.length },
      );
    }
    if (CONTROL.test(c)) throw unexpectedCharacter(text, i);
    if (c === quote) {
      if (text[i + 1] === quote) {
        value += quote;
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += c;
    i += 1;
  }
}

function readNumber(text: string, start: number): { value: number; end: number } {
  let i = start;
  while (isDigit(text[i])) i += 1;
  if (text[i] === '.') {
    i += 1;
    if (!isDigit(text[i])) throw unexpectedCharacter(text, i < text.length ? i : i - 1);
    while (isDigit(text[i])) i += 1;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    let j = i + 1;
    if (text[j] === '+' || text[j] === '-') j += 1;
    if (!isDigit(text[j])) throw unexpectedCharacter(text, j < text.length ? j : i);
    while (isDigit(text[j])) j += 1;
    i = j;
  }
  // `12abc` is a typo, not a number followed by a name.
  if (isIdentifierPart(text[i]) || text[i] === '.') throw unexpectedCharacter(text, i);
  const value = Number(text.slice(start, i));
  if (!Number.isFinite(value)) {
    throw new FormulaError('syntax', `Number too large at position ${start}`, { position: start });
  }
  return { value, end: i };
}

/** Splits a formula into tokens with their offsets; the last token is always `end`. */
export function tokenize(text: string): Token[] {
  if (text.length > MAX_FORMULA_LENGTH) {
    throw new FormulaError(
      'too_long',
      `Formula too long: ${text.length} characters, at most ${MAX_FORMULA_LENGTH} allowed`,
      { position: MAX_FORMULA_LENGTH },
    );
  }
  // A lone surrogate cannot be encoded as UTF-8, so it would reach PostgreSQL as a replacement character.
  const broken = LONE_SURROGATE.exec(text);
  if (broken) throw unexpectedCharacter(text, broken.index);
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (isWhitespace(c)) {
      i += 1;
      continue;
    }
    const position = i;
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1]))) {
      const { value, end } = readNumber(text, i);
      tokens.push({ kind: 'number', value, text: text.slice(position, end), position });
      i = end;
    } else if (isIdentifierStart(c)) {
      while (isIdentifierPart(text[i])) i += 1;
      const word = text.slice(position, i);
      const lower = word.toLowerCase();
      if (KEYWORDS.has(lower))
        tokens.push({ kind: 'keyword', keyword: lower as Keyword, text: word, position });
      else tokens.push({ kind: 'identifier', name: word, text: word, position });
    } else if (c === "'") {
      const { value, end } = readQuoted(text, i, "'");
      tokens.push({ kind: 'string', value, text: text.slice(position, end), position });
      i = end;
    } else if (c === '"') {
      const { value, end } = readQuoted(text, i, '"');
      if (value.trim() === '') {
        throw new FormulaError('syntax', `Empty field name at position ${position}`, { position });
      }
      tokens.push({ kind: 'quoted_identifier', name: value, text: text.slice(position, end), position });
      i = end;
    } else if (TWO_CHAR_OPERATORS.has(text.slice(i, i + 2))) {
      const operator = text.slice(i, i + 2) as Operator;
      tokens.push({ kind: 'operator', operator, text: operator, position });
      i += 2;
    } else if (ONE_CHAR_OPERATORS.has(c)) {
      tokens.push({ kind: 'operator', operator: c as Operator, text: c, position });
      i += 1;
    } else {
      throw unexpectedCharacter(text, i);
    }
  }
  tokens.push({ kind: 'end', text: '', position: text.length });
  return tokens;
}
