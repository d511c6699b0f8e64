import type { ArithmeticOperator, ComparisonOperator, FormulaAst } from './ast';
import { FormulaError } from './errors';
import { tokenize, type Token } from './tokenizer';

/** Parentheses, calls and prefix operators nested deeper than this are refused so hostile input cannot exhaust the stack. */
export const MAX_NESTING_DEPTH = 64;

// Binding powers, loosest first. Comparisons do not chain (`a < b < c` is refused).
const OR = 1;
const AND = 2;
const NOT = 3;
const COMPARISON = 4;
const ADDITIVE = 5;
const MULTIPLICATIVE = 6;
const PREFIX_MINUS = 7;

const COMPARISONS: Readonly<Record<string, ComparisonOperator>> = {
  '=': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function describeToken(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'end of formula';
    case 'string':
      return token.text.length > 24 ? `text ${token.text.slice(0, 20)}…'` : `text ${token.text}`;
    default:
      return `'${token.text.length > 24 ? `${token.text.slice(0, 20)}…` : token.text}'`;
  }
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseFormula(): FormulaAst {
    if (this.peek().kind === 'end') {
      throw new FormulaError('syntax', 'The formula is empty', { position: 0 });
    }
    const ast = this.parseExpression(0);
    const rest = this.peek();
    if (rest.kind !== 'end') throw this.unexpected(rest);
    return ast;
  }

  private peek(): Token {
    // The tokenizer always ends the list with an `end` token and the parser never moves past it.
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isOperator(token: Token, operator: string): boolean {
    return token.kind === 'operator' && token.operator === operator;
  }

  private isKeyword(token: Token, keyword: string): boolean {
    return token.kind === 'keyword' && token.keyword === keyword;
  }

  private unexpected(token: Token, expected?: string): FormulaError {
    if (token.kind === 'end') {
      const what = expected ?? 'more';
      return new FormulaError(
        'syntax',
        `Unexpected end of formula: ${what} expected at position ${token.position}`,
        {
          position: token.position,
        },
      );
    }
    const suffix = expected ? ` (${expected} expected)` : '';
    return new FormulaError(
      'syntax',
      `Unexpected ${describeToken(token)} at position ${token.position}${suffix}`,
      {
        position: token.position,
      },
    );
  }

  private expectOperator(operator: string): Token {
    const token = this.peek();
    if (!this.isOperator(token, operator)) throw this.unexpected(token, `'${operator}'`);
    return this.next();
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw new FormulaError(
        'too_long',
        `Formula nested too deeply at position ${position}: at most ${MAX_NESTING_DEPTH} levels allowed`,
        { position },
      );
    }
  }

  private leave(): void {
    this.depth -= 1;
  }

  /** Pratt loop: a prefix, then every infix operator that binds tighter than `minPower`. */
  private parseExpression(minPower: number): FormulaAst {
    this.enter(this.peek().position);
    let left = this.parsePrefix();
    for (;;) {
      const token = this.peek();
      const power = this.infixPower(token);
      if (power === undefined || power <= minPower) break;
      left = this.parseInfix(left, power);
    }
    this.leave();
    return left;
  }

  private infixPower(token: Token): number | undefined {
    if (token.kind === 'keyword') {
      if (token.keyword === 'or') return OR;
      if (token.keyword === 'and') return AND;
      if (token.keyword === 'in' || token.keyword === 'is' || token.keyword === 'not') return COMPARISON;
      return undefined;
    }
    if (token.kind !== 'operator') return undefined;
    if (token.operator === '+' || token.operator === '-') return ADDITIVE;
    if (token.operator === '*' || token.operator === '/') return MULTIPLICATIVE;
    if (token.operator in COMPARISONS) return COMPARISON;
    return undefined;
  }

  private parseInfix(left: FormulaAst, power: number): FormulaAst {
    const token = this.next();
    const position = left.position;
    if (power === COMPARISON) {
      const node = this.parseComparisonTail(left, token);
      // Comparisons are non-associative: `a = b = c` is almost always a mistake.
      const after = this.peek();
      if (this.infixPower(after) === COMPARISON) throw this.unexpected(after);
      return node;
    }
    const right = this.parseExpression(power);
    if (token.kind === 'keyword') {
      return { kind: 'logical', operator: token.keyword === 'or' ? 'or' : 'and', left, right, position };
    }
    return { kind: 'arithmetic', operator: token.text as ArithmeticOperator, left, right, position };
  }

  private parseComparisonTail(left: FormulaAst, token: Token): FormulaAst {
    const position = left.position;
    if (token.kind === 'operator') {
      const operator = COMPARISONS[token.operator] as ComparisonOperator;
      const right = this.parseExpression(COMPARISON);
      return { kind: 'comparison', operator, left, right, position };
    }
    if (this.isKeyword(token, 'is')) {
      const negated = this.isKeyword(this.peek(), 'not');
      if (negated) this.next();
      const nullToken = this.next();
      if (!this.isKeyword(nullToken, 'null')) throw this.unexpected(nullToken, "'null'");
      return { kind: 'is_null', negated, operand: left, position };
    }
    let negated = false;
    if (this.isKeyword(token, 'not')) {
      negated = true;
      const inToken = this.next();
      if (!this.isKeyword(inToken, 'in')) throw this.unexpected(inToken, "'in'");
    }
    return { kind: 'in', negated, operand: left, list: this.parseList(), position };
  }

  private parseList(): FormulaAst[] {
    const open = this.expectOperator('(');
    this.enter(open.position);
    const list: FormulaAst[] = [];
    if (this.isOperator(this.peek(), ')')) throw this.unexpected(this.peek(), 'a value');
    for (;;) {
      list.push(this.parseExpression(0));
      if (this.isOperator(this.peek(), ',')) {
        this.next();
        continue;
      }
      this.expectOperator(')');
      break;
    }
    this.leave();
    return list;
  }

  private parsePrefix(): FormulaAst {
    const token = this.next();
    const position = token.position;
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value, position };
      case 'string':
        return { kind: 'string', value: token.value, position };
      case 'quoted_identifier':
        return { kind: 'identifier', name: token.name, quoted: true, position };
      case 'identifier':
        if (this.isOperator(this.peek(), '(')) return this.parseCall(token.name, position);
        return { kind: 'identifier', name: token.name, quoted: false, position };
      case 'keyword':
        if (token.keyword === 'true' || token.keyword === 'false') {
          return { kind: 'boolean', value: token.keyword === 'true', position };
        }
        if (token.keyword === 'null') return { kind: 'null', position };
        if (token.keyword === 'not') {
          return { kind: 'not', operand: this.parseExpression(NOT - 1), position };
        }
        throw this.unexpected(token, 'a value');
      case 'operator':
        if (token.operator === '-') {
          return { kind: 'negate', operand: this.parseExpression(PREFIX_MINUS - 1), position };
        }
        if (token.operator === '(') {
          const inner = this.parseExpression(0);
          this.expectOperator(')');
          return inner;
        }
        throw this.unexpected(token, 'a value');
      case 'end':
        throw this.unexpected(token, 'a value');
    }
  }

  private parseCall(written: string, position: number): FormulaAst {
    const open = this.expectOperator('(');
    this.enter(open.position);
    const args: FormulaAst[] = [];
    if (this.isOperator(this.peek(), ')')) {
      this.next();
    } else {
      for (;;) {
        const token = this.peek();
        const following = this.tokens[this.index + 1];
        // `*` is an argument only on its own (`count(*)`); elsewhere it stays multiplication.
        if (
          this.isOperator(token, '*') &&
          following &&
          (this.isOperator(following, ')') || this.isOperator(following, ','))
        ) {
          this.next();
          args.push({ kind: 'star', position: token.position });
        } else {
          args.push(this.parseExpression(0));
        }
        if (this.isOperator(this.peek(), ',')) {
          this.next();
          continue;
        }
        this.expectOperator(')');
        break;
      }
    }
    this.leave();
    return { kind: 'call', name: written.toLowerCase(), written, args, position };
  }
}

/** Parses a formula; throws FormulaError ('syntax' or 'too_long') with the offset of the problem. */
export function parseFormula(text: string): FormulaAst {
  return new Parser(tokenize(text)).parseFormula();
}
