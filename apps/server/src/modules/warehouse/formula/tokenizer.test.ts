import { describe, expect, it } from 'vitest';
import { FormulaError } from './errors';
import { MAX_FORMULA_LENGTH, tokenize, type Token } from './tokenizer';

const summary = (tokens: Token[]): Array<[string, string, number]> =>
  tokens.map((token) => [token.kind, token.text, token.position]);

function errorOf(text: string): FormulaError {
  try {
    tokenize(text);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('tokenize', () => {
  it('splits a formula into tokens with their offsets, ending with an end token', () => {
    expect(summary(tokenize("sum(revenue) / count_if(status <> 'x')"))).toEqual([
      ['identifier', 'sum', 0],
      ['operator', '(', 3],
      ['identifier', 'revenue', 4],
      ['operator', ')', 11],
      ['operator', '/', 13],
      ['identifier', 'count_if', 15],
      ['operator', '(', 23],
      ['identifier', 'status', 24],
      ['operator', '<>', 31],
      ['string', "'x'", 34],
      ['operator', ')', 37],
      ['end', '', 38],
    ]);
  });

  it.each([
    ['12', 12],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['7e+1', 70],
  ])('reads the number %s as %d', (text, value) => {
    expect(tokenize(text)[0]).toMatchObject({ kind: 'number', value, text });
  });

  it.each([
    ["'cancelled'", 'cancelled'],
    ["'it''s'", "it's"],
    ["''''", "'"],
    ["''", ''],
    ["'déjà vu ✓'", 'déjà vu ✓'],
  ])('reads the string %s with doubled quotes as one quote', (text, value) => {
    expect(tokenize(text)[0]).toMatchObject({ kind: 'string', value });
  });

  it('reads a double-quoted name with a doubled quote inside as a quoted identifier', () => {
    expect(tokenize('"Refund ""Amount"""')[0]).toMatchObject({
      kind: 'quoted_identifier',
      name: 'Refund "Amount"',
    });
  });

  it.each(['AND', 'and', 'Or', 'NOT', 'In', 'IS', 'Null', 'TRUE', 'false'])(
    'recognises the keyword %s whatever its case',
    (word) => {
      expect(tokenize(word)[0]).toMatchObject({ kind: 'keyword', keyword: word.toLowerCase(), text: word });
    },
  );

  it.each([
    ['sum(revenue); drop table x', "Unexpected character ';' at position 12", 12],
    ['sum(revenue) -- comment', null, null],
    ['revenue # 2', "Unexpected character '#' at position 8", 8],
    ['12abc', "Unexpected character 'a' at position 2", 2],
    ['1.2.3', "Unexpected character '.' at position 3", 3],
    ['1e', "Unexpected character 'e' at position 1", 1],
    ['révenue', "Unexpected character 'é' at position 1", 1],
    ['sum(😀)', "Unexpected character '😀' at position 4", 4],
    ['sum(a\u0000)', 'Unexpected character U+0000 at position 5', 5],
    ['sum(a\u0007)', 'Unexpected character U+0007 at position 5', 5],
    ["'a\u0000b'", 'Unexpected character U+0000 at position 2', 2],
    ['"a\nb"', 'Unexpected character U+000A at position 2', 2],
    ["'ab\uD800'", 'Unexpected character U+D800 at position 3', 3],
    ['sum(a)\u00a0', 'Unexpected character U+00A0 at position 6', 6],
    ['`x`', "Unexpected character '`' at position 0", 0],
    ['$1', "Unexpected character '$' at position 0", 0],
  ])('refuses %j with a positioned message', (text, message, position) => {
    if (message === null) {
      // `--` is two minus signs to the formula language, never a comment.
      expect(tokenize(text).filter((t) => t.kind === 'operator' && t.operator === '-')).toHaveLength(2);
      return;
    }
    const error = errorOf(text);
    expect(error).toMatchObject({ code: 'syntax', message, position });
  });

  it.each([
    [
      "'abc",
      "Unexpected end of formula: the text starting at position 0 is missing its closing ' at position 4",
    ],
    [
      'sum("Refund',
      'Unexpected end of formula: the name starting at position 4 is missing its closing " at position 11',
    ],
  ])('refuses the unterminated quote in %s', (text, message) => {
    expect(errorOf(text)).toMatchObject({ code: 'syntax', message });
  });

  it('refuses an empty quoted name', () => {
    expect(errorOf('sum("  ")')).toMatchObject({ code: 'syntax', message: 'Empty field name at position 4' });
  });

  it('refuses numbers too large to represent', () => {
    expect(errorOf(`1e999 + 1`)).toMatchObject({ code: 'syntax', message: 'Number too large at position 0' });
  });

  it('accepts a formula of exactly the maximum length and refuses one character more', () => {
    const atLimit = `${'1+'.repeat(MAX_FORMULA_LENGTH / 2 - 1)}10`;
    expect(atLimit).toHaveLength(MAX_FORMULA_LENGTH);
    expect(tokenize(atLimit).at(-1)).toMatchObject({ kind: 'end', position: MAX_FORMULA_LENGTH });
    expect(errorOf(`${atLimit} `)).toMatchObject({ code: 'too_long', position: MAX_FORMULA_LENGTH });
  });
});
