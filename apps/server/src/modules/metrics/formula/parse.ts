/**
 * The metric formula language: a tokenizer that keeps positions and a recursive-descent parser.
 * Grammar (case-insensitive keywords):
 *   expr      := term (('+' | '-') term)*
 *   term      := unary (('*' | '/') unary)*
 *   unary     := '-' unary | primary
 *   primary   := number | string | true | false | null | call | identifier | '(' expr ')'
 *   call      := name '(' [ '*' | args ] ')'
 *   predicate := orExpr;  orExpr := andExpr ('or' andExpr)*;  andExpr := notExpr ('and' notExpr)*
 *   notExpr   := 'not' notExpr | comparison
 *   comparison:= expr (op expr | 'is' ['not'] 'null' | ['not'] 'in' '(' literal (',' literal)* ')') | '(' predicate ')'
 * Predicates appear only as arguments of count_if, sum_if and avg_if.
 */

export const FORMULA_MAX_LENGTH = 2000;
const MAX_DEPTH = 64;

export type FormulaErrorCode =
  | 'syntax'
  | 'unknown_field'
  | 'unknown_metric'
  | 'unknown_function'
  | 'not_aggregated'
  | 'type'
  | 'cycle'
  | 'nested_aggregate'
  | 'too_long';

export class FormulaError extends Error {
  readonly code: FormulaErrorCode;
  readonly position: number | undefined;
  readonly field: string | undefined;
  constructor(code: FormulaErrorCode, message: string, options: { position?: number; field?: string } = {}) {
    super(message);
    this.name = 'FormulaError';
    this.code = code;
    this.position = options.position;
    this.field = options.field;
  }
}

export type Node =
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'boolean'; value: boolean; pos: number }
  | { kind: 'null'; pos: number }
  | { kind: 'identifier'; name: string; quoted: boolean; pos: number }
  | { kind: 'unary'; op: '-'; operand: Node; pos: number }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Node; right: Node; pos: number }
  | { kind: 'call'; name: string; args: Node[]; star: boolean; pos: number }
  | { kind: 'compare'; op: '=' | '!=' | '<' | '<=' | '>' | '>='; left: Node; right: Node; pos: number }
  | { kind: 'isnull'; operand: Node; negated: boolean; pos: number }
  | { kind: 'in'; operand: Node; values: Node[]; negated: boolean; pos: number }
  | { kind: 'logical'; op: 'and' | 'or'; left: Node; right: Node; pos: number }
  | { kind: 'not'; operand: Node; pos: number };

type TokenKind =
  'number' | 'string' | 'ident' | 'quoted' | 'op' | 'lparen' | 'rparen' | 'comma' | 'star' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  pos: number;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'null', 'true', 'false']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i))!;
      tokens.push({ kind: 'number', text: m[0], pos: start });
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'ident', text: m[0], pos: start });
      i += m[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      // '' inside a string (and "" inside a quoted name) stands for the quote itself.
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length)
          throw new FormulaError(
            'syntax',
            `Unterminated ${c === "'" ? 'string' : 'quoted name'} starting at position ${start}`,
            { position: start },
          );
        if (text[i] === c) {
          if (text[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push({ kind: c === "'" ? 'string' : 'quoted', text: value, pos: start });
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '<=' || two === '>=' || two === '!=' || two === '<>') {
      tokens.push({ kind: 'op', text: two === '<>' ? '!=' : two, pos: start });
      i += 2;
      continue;
    }
    if ('+-/=<>'.includes(c)) {
      tokens.push({ kind: 'op', text: c, pos: start });
      i++;
      continue;
    }
    if (c === '*') tokens.push({ kind: 'star', text: c, pos: start });
    else if (c === '(') tokens.push({ kind: 'lparen', text: c, pos: start });
    else if (c === ')') tokens.push({ kind: 'rparen', text: c, pos: start });
    else if (c === ',') tokens.push({ kind: 'comma', text: c, pos: start });
    else {
      const code = c.charCodeAt(0);
      const shown = code < 0x20 || code === 0x7f ? `character ${JSON.stringify(c)}` : `'${c}'`;
      throw new FormulaError('syntax', `Unexpected ${shown} at position ${start}`, { position: start });
    }
    i++;
  }
  tokens.push({ kind: 'end', text: '', pos: text.length });
  return tokens;
}

const PREDICATE_FUNCTIONS = new Set(['count_if', 'sum_if', 'avg_if']);

export function parseFormula(text: string): Node {
  if (text.length > FORMULA_MAX_LENGTH) {
    throw new FormulaError('too_long', `A formula can be at most ${FORMULA_MAX_LENGTH} characters long.`);
  }
  if (!text.trim()) throw new FormulaError('syntax', 'The formula is empty.', { position: 0 });
  const tokens = tokenize(text);
  let at = 0;
  let depth = 0;
  const peek = () => tokens[at]!;
  const next = () => tokens[at++]!;
  const isWord = (t: Token, word: string) => t.kind === 'ident' && t.text.toLowerCase() === word;
  const describe = (t: Token) =>
    t.kind === 'end' ? 'end of formula' : t.kind === 'string' ? 'a string' : `'${t.text}'`;
  const fail = (t: Token, expected?: string): never => {
    const what = t.kind === 'end' ? 'Unexpected end of formula' : `Unexpected ${describe(t)}`;
    throw new FormulaError(
      'syntax',
      `${what}${expected ? `: ${expected} expected` : ''} at position ${t.pos}`,
      {
        position: t.pos,
      },
    );
  };
  const expect = (kind: TokenKind, label: string) => (peek().kind === kind ? next() : fail(peek(), label));
  const enter = (pos: number) => {
    if (++depth > MAX_DEPTH)
      throw new FormulaError('syntax', `The formula nests too deeply at position ${pos}`, { position: pos });
  };

  function expr(): Node {
    enter(peek().pos);
    let left = term();
    while (peek().kind === 'op' && (peek().text === '+' || peek().text === '-')) {
      const op = next();
      left = { kind: 'binary', op: op.text as '+' | '-', left, right: term(), pos: op.pos };
    }
    depth--;
    return left;
  }
  function term(): Node {
    let left = unary();
    while (peek().kind === 'star' || (peek().kind === 'op' && peek().text === '/')) {
      const op = next();
      left = { kind: 'binary', op: op.kind === 'star' ? '*' : '/', left, right: unary(), pos: op.pos };
    }
    return left;
  }
  function unary(): Node {
    if (peek().kind === 'op' && peek().text === '-') {
      const op = next();
      enter(op.pos);
      const operand = unary();
      depth--;
      return { kind: 'unary', op: '-', operand, pos: op.pos };
    }
    if (peek().kind === 'op' && peek().text === '+') next();
    return primary();
  }
  function primary(): Node {
    const t = peek();
    if (t.kind === 'number') {
      next();
      return { kind: 'number', value: Number(t.text), pos: t.pos };
    }
    if (t.kind === 'string') {
      next();
      return { kind: 'string', value: t.text, pos: t.pos };
    }
    if (t.kind === 'quoted') {
      next();
      return { kind: 'identifier', name: t.text, quoted: true, pos: t.pos };
    }
    if (t.kind === 'lparen') {
      next();
      const inner = expr();
      expect('rparen', "')'");
      return inner;
    }
    if (t.kind === 'ident') {
      const word = t.text.toLowerCase();
      if (word === 'true' || word === 'false') {
        next();
        return { kind: 'boolean', value: word === 'true', pos: t.pos };
      }
      if (word === 'null') {
        next();
        return { kind: 'null', pos: t.pos };
      }
      if (KEYWORDS.has(word)) fail(t, 'a value');
      next();
      if (peek().kind === 'lparen') return call(t);
      return { kind: 'identifier', name: t.text, quoted: false, pos: t.pos };
    }
    return fail(t, 'a value');
  }
  function call(name: Token): Node {
    next(); // (
    const fn = name.text.toLowerCase();
    if (peek().kind === 'star') {
      next();
      expect('rparen', "')'");
      return { kind: 'call', name: fn, args: [], star: true, pos: name.pos };
    }
    const args: Node[] = [];
    if (peek().kind !== 'rparen') {
      for (;;) {
        // The last argument of the *_if functions is a condition.
        const isCondition = PREDICATE_FUNCTIONS.has(fn) && (fn === 'count_if' || args.length === 1);
        args.push(isCondition ? predicate() : expr());
        if (peek().kind !== 'comma') break;
        next();
      }
    }
    expect('rparen', "')'");
    return { kind: 'call', name: fn, args, star: false, pos: name.pos };
  }
  function predicate(): Node {
    enter(peek().pos);
    let left = andExpr();
    while (isWord(peek(), 'or')) {
      const op = next();
      left = { kind: 'logical', op: 'or', left, right: andExpr(), pos: op.pos };
    }
    depth--;
    return left;
  }
  function andExpr(): Node {
    let left = notExpr();
    while (isWord(peek(), 'and')) {
      const op = next();
      left = { kind: 'logical', op: 'and', left, right: notExpr(), pos: op.pos };
    }
    return left;
  }
  function notExpr(): Node {
    if (isWord(peek(), 'not')) {
      const op = next();
      enter(op.pos);
      const operand = notExpr();
      depth--;
      return { kind: 'not', operand, pos: op.pos };
    }
    return comparison();
  }
  function comparison(): Node {
    // A parenthesis may open a nested condition or an arithmetic value: try the condition first.
    if (peek().kind === 'lparen') {
      const save = at;
      const saveDepth = depth;
      next();
      try {
        const inner = predicate();
        if (peek().kind === 'rparen' && isCondition(inner)) {
          next();
          return inner;
        }
      } catch (error) {
        if (!(error instanceof FormulaError) || error.code !== 'syntax') throw error;
      }
      at = save;
      depth = saveDepth;
    }
    const left = expr();
    const t = peek();
    if (t.kind === 'op' && ['=', '!=', '<', '<=', '>', '>='].includes(t.text)) {
      next();
      return { kind: 'compare', op: t.text as '=', left, right: expr(), pos: t.pos };
    }
    if (isWord(t, 'is')) {
      next();
      const negated = isWord(peek(), 'not');
      if (negated) next();
      if (!isWord(peek(), 'null')) fail(peek(), "'null'");
      next();
      return { kind: 'isnull', operand: left, negated, pos: t.pos };
    }
    const negated = isWord(t, 'not');
    if (negated || isWord(t, 'in')) {
      if (negated) next();
      if (!isWord(peek(), 'in')) fail(peek(), "'in'");
      next();
      expect('lparen', "'('");
      const values: Node[] = [];
      for (;;) {
        values.push(primary());
        if (peek().kind !== 'comma') break;
        next();
      }
      expect('rparen', "')'");
      return { kind: 'in', operand: left, values, negated, pos: t.pos };
    }
    if (left.kind === 'boolean') return left;
    return fail(t, 'a comparison (=, !=, <, <=, >, >=, is null, in)');
  }
  function isCondition(n: Node): boolean {
    return ['compare', 'isnull', 'in', 'logical', 'not'].includes(n.kind);
  }

  const result = expr();
  if (peek().kind !== 'end') fail(peek());
  return result;
}
