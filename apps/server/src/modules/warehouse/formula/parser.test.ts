import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormulaAst } from './ast';
import { FormulaError } from './errors';
import { MAX_NESTING_DEPTH, parseFormula } from './parser';

/** A compact prefix rendering of a tree, so precedence reads at a glance. */
function show(node: FormulaAst): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return `'${node.value}'`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'identifier':
      return node.quoted ? `"${node.name}"` : node.name;
    case 'star':
      return '*';
    case 'negate':
      return `(neg ${show(node.operand)})`;
    case 'not':
      return `(not ${show(node.operand)})`;
    case 'arithmetic':
    case 'comparison':
    case 'logical':
      return `(${node.operator} ${show(node.left)} ${show(node.right)})`;
    case 'in':
      return `(${node.negated ? 'not-in' : 'in'} ${show(node.operand)} ${node.list.map(show).join(' ')})`;
    case 'is_null':
      return `(${node.negated ? 'is-not-null' : 'is-null'} ${show(node.operand)})`;
    case 'call':
      return `${node.name}[${node.args.map(show).join(' ')}]`;
  }
}

function errorOf(text: string): FormulaError {
  try {
    parseFormula(text);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('parseFormula', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['a - b - c', '(- (- a b) c)'],
    ['a / b / c', '(/ (/ a b) c)'],
    ['a - b + c', '(+ (- a b) c)'],
    ['a * b / c * d', '(* (/ (* a b) c) d)'],
    ['-a * b', '(* (neg a) b)'],
    ['-a + -b', '(+ (neg a) (neg b))'],
    ['- - a', '(neg (neg a))'],
    ['a - -1', '(- a (neg 1))'],
    ['2 * -(a + b)', '(* 2 (neg (+ a b)))'],
    ['sum(revenue) / count(order_id)', '(/ sum[revenue] count[order_id])'],
    [
      "100 * count_if(status = 'cancelled') / count(*)",
      "(/ (* 100 count_if[(= status 'cancelled')]) count[*])",
    ],
    ['sum(price * quantity)', 'sum[(* price quantity)]'],
    ['round(avg(x), 2)', 'round[avg[x] 2]'],
    ['least(a, b, c)', 'least[a b c]'],
    ['SUM(Revenue)', 'sum[Revenue]'],
    ['sum("Refund Amount")', 'sum["Refund Amount"]'],
    ['f()', 'f[]'],
  ])('parses %s as %s', (text, expected) => {
    expect(show(parseFormula(text))).toBe(expected);
  });

  it.each([
    ['a = 1 and b = 2 or c = 3', '(or (and (= a 1) (= b 2)) (= c 3))'],
    ['a = 1 or b = 2 and c = 3', '(or (= a 1) (and (= b 2) (= c 3)))'],
    ['not a = 1 and b', '(and (not (= a 1)) b)'],
    ['not not a', '(not (not a))'],
    ['NOT (a = 1 OR b = 2)', '(not (or (= a 1) (= b 2)))'],
    ['a + 1 > b * 2', '(> (+ a 1) (* b 2))'],
    ['a <> 1', '(!= a 1)'],
    ['a != 1', '(!= a 1)'],
    ["status in ('a', 'b')", "(in status 'a' 'b')"],
    ["status NOT IN ('a')", "(not-in status 'a')"],
    ['x is null', '(is-null x)'],
    ['x IS NOT NULL and y is null', '(and (is-not-null x) (is-null y))'],
    ["s = 'it''s'", "(= s 'it's')"],
    ['flag = true or flag = FALSE', '(or (= flag true) (= flag false))'],
  ])('parses the condition %s as %s', (text, expected) => {
    expect(show(parseFormula(`count_if(${text})`))).toBe(`count_if[${expected}]`);
  });

  it('records the offset of every node', () => {
    const ast = parseFormula('sum(a) /  count(b)');
    expect(ast).toMatchObject({
      kind: 'arithmetic',
      position: 0,
      left: { kind: 'call', position: 0, args: [{ kind: 'identifier', name: 'a', position: 4 }] },
      right: { kind: 'call', position: 10, args: [{ kind: 'identifier', name: 'b', position: 16 }] },
    });
  });

  it.each([
    ['sum(revenue))', "Unexpected ')' at position 12"],
    ['sum(revenue) / count(order_id', "Unexpected end of formula: ')' expected at position 29"],
    ['sum(revenue) /', 'Unexpected end of formula: a value expected at position 14'],
    ['', 'The formula is empty'],
    ['   ', 'The formula is empty'],
    ['sum(revenue) sum(x)', "Unexpected 'sum' at position 13"],
    ['* 2', "Unexpected '*' at position 0 (a value expected)"],
    ['sum(a,)', "Unexpected ')' at position 6 (a value expected)"],
    ['sum(,a)', "Unexpected ',' at position 4 (a value expected)"],
    ['(a', "Unexpected end of formula: ')' expected at position 2"],
    ['a b', "Unexpected 'b' at position 2"],
    ["a 'x'", "Unexpected text 'x' at position 2"],
    ['count_if(a = 1 = 2)', "Unexpected '=' at position 15"],
    ['count_if(a < b < c)', "Unexpected '<' at position 15"],
    ['count_if(a in 1)', "Unexpected '1' at position 14 ('(' expected)"],
    ['count_if(a in ())', "Unexpected ')' at position 15 (a value expected)"],
    ['count_if(a is 1)', "Unexpected '1' at position 14 ('null' expected)"],
    ['count_if(a not 1)', "Unexpected '1' at position 15 ('in' expected)"],
    ['"x"(1)', "Unexpected '(' at position 3"],
    ['and', "Unexpected 'and' at position 0 (a value expected)"],
  ])('refuses %j with "%s"', (text, message) => {
    const error = errorOf(text);
    expect(error.code).toBe('syntax');
    expect(error.message).toBe(message);
    expect(error.position).toBe(Number(/position (\d+)/.exec(message)?.[1] ?? 0));
  });

  it.each([
    ['parentheses', (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`],
    ['calls', (n: number) => `${'abs('.repeat(n)}1${')'.repeat(n)}`],
    ['unary minus', (n: number) => `${'-'.repeat(n)}1`],
    ['not', (n: number) => `count_if(${'not '.repeat(n)}a)`],
  ])('refuses %s nested beyond the limit and accepts them within it', (_name, build) => {
    expect(() => parseFormula(build(10))).not.toThrow();
    const error = errorOf(build(MAX_NESTING_DEPTH + 1));
    expect(error.code).toBe('too_long');
    expect(error.message).toMatch(/^Formula nested too deeply at position \d+: at most 64 levels allowed$/);
  });

  it('refuses hostile nesting far beyond the limit without exhausting the stack', () => {
    expect(errorOf(`${'('.repeat(1000)}1${')'.repeat(1000)}`).code).toBe('too_long');
    expect(errorOf('('.repeat(5000)).code).toBe('too_long');
  });

  it('parses a long flat chain within the length limit', () => {
    const text = Array.from({ length: 400 }, (_, i) => `a${i}`).join('+');
    let node = parseFormula(text);
    let terms = 1;
    while (node.kind === 'arithmetic') {
      terms += 1;
      node = node.left;
    }
    expect(terms).toBe(400);
  });

  it('either parses or throws a FormulaError for any input, never another exception', () => {
    const pieces = fc.constantFrom(
      'sum',
      'count_if',
      '(',
      ')',
      ',',
      '*',
      '-',
      '/',
      '+',
      '=',
      '<>',
      ' and ',
      ' or ',
      ' not ',
      ' in ',
      ' is ',
      ' null ',
      "'x'",
      '"y"',
      'revenue',
      '1',
      '2.5',
      ' ',
    );
    const formula = fc.oneof(
      // Any code point, lone surrogates included, built by hand: fast-check's 'binary' unit is slow to set up.
      fc
        .array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0, max: 0x10ffff })), {
          maxLength: 60,
        })
        .map((codes) => codes.map((code) => String.fromCodePoint(code)).join('')),
      fc.array(pieces, { maxLength: 40 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(formula, (text) => {
        try {
          parseFormula(text);
          return true;
        } catch (error) {
          return error instanceof FormulaError;
        }
      }),
      { numRuns: 500 },
    );
  });
});
