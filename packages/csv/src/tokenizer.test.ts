import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvTokenizer, type CsvTokenizerOptions } from './tokenizer';
import type { RowError } from './types';

interface Parsed {
  records: Array<{ line: number; fields: string[] }>;
  errors: RowError[];
}

function tokenize(
  input: string | Uint8Array,
  options: Partial<Omit<CsvTokenizerOptions, 'onRecord' | 'onError'>> = {},
  chunks: number[] = [],
): Parsed {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const out: Parsed = { records: [], errors: [] };
  const tokenizer = new CsvTokenizer({
    delimiter: ',',
    ...options,
    onRecord: (r) => out.records.push({ line: r.line, fields: r.fields() }),
    onError: (e) => out.errors.push(e),
  });
  let at = 0;
  for (const cut of [...chunks, bytes.length]) {
    tokenizer.push(bytes.slice(at, cut));
    at = cut;
  }
  tokenizer.end();
  return out;
}

const fieldsOf = (p: Parsed): string[][] => p.records.map((r) => r.fields);

const TRICKY =
  '\uFEFFid,name,note\r\n1,"Smith, J","said ""hi""\r\nthen left"\r\n\r\n2,Café ☕,"a\nb"\r3,x,\n4,"",last';

describe('CsvTokenizer', () => {
  it.each([
    [',', 'a,b,c\n1,2,3\n'],
    [';', 'a;b;c\n1;2;3\n'],
    ['\t', 'a\tb\tc\n1\t2\t3\n'],
    ['|', 'a|b|c\n1|2|3\n'],
  ] as const)('splits on the %j delimiter', (delimiter, text) => {
    expect(fieldsOf(tokenize(text, { delimiter }))).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads quoted fields with delimiters, line breaks and doubled quotes, numbering records by their first line', () => {
    const parsed = tokenize(TRICKY);
    expect(parsed.errors).toEqual([]);
    expect(parsed.records).toEqual([
      { line: 1, fields: ['id', 'name', 'note'] },
      { line: 2, fields: ['1', 'Smith, J', 'said "hi"\r\nthen left'] },
      { line: 5, fields: ['2', 'Café ☕', 'a\nb'] },
      { line: 7, fields: ['3', 'x', ''] },
      { line: 8, fields: ['4', '', 'last'] },
    ]);
  });

  it('yields the same records and errors wherever the input is split', () => {
    const bytes = new TextEncoder().encode(TRICKY + '\n5,"unclosed\n6,x,y\n');
    const whole = tokenize(bytes);
    for (let a = 0; a <= bytes.length; a++) {
      expect(tokenize(bytes, {}, [a])).toEqual(whole);
    }
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: bytes.length }), { maxLength: 6 }), (cuts) => {
        expect(
          tokenize(
            bytes,
            {},
            cuts.sort((x, y) => x - y),
          ),
        ).toEqual(whole);
      }),
    );
  });

  it('reads back any table written with quoting, whatever the chunking', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'é', '☕', ',', '"', '\n', '\r', ' ', '\t', 'x'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.array(fc.nat(), { maxLength: 4 }),
        (rows, eol, rawCuts) => {
          const text = rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join(eol);
          const bytes = new TextEncoder().encode(text);
          const cuts = rawCuts.map((c) => c % (bytes.length + 1)).sort((x, y) => x - y);
          expect(fieldsOf(tokenize(bytes, {}, cuts))).toEqual(rows);
        },
      ),
    );
  });

  it.each([
    ['LF', 'a,b\n1,2\n'],
    ['CRLF', 'a,b\r\n1,2\r\n'],
    ['CR', 'a,b\r1,2\r'],
    ['no final line break', 'a,b\n1,2'],
    ['blank lines', '\na,b\n\n\r\n1,2\n\n'],
  ])('reads %s', (_name, text) => {
    expect(fieldsOf(tokenize(text))).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('counts blank lines in line numbers', () => {
    expect(tokenize('a\r\n\r\n\nb\rc').records.map((r) => r.line)).toEqual([1, 4, 5]);
  });

  it('skips a UTF-8 byte order mark even when it arrives one byte at a time', () => {
    const bytes = new TextEncoder().encode('\uFEFFa,b\n');
    expect(fieldsOf(tokenize(bytes, {}, [1, 2, 3]))).toEqual([['a', 'b']]);
  });

  it('decodes Latin-1 (Windows-1252) bytes', () => {
    const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x80, 0x35, 0x0a]);
    expect(fieldsOf(tokenize(bytes, { encoding: 'latin1' }))).toEqual([['Café', '€5']]);
  });

  it('treats a quote inside an unquoted field as an ordinary character', () => {
    expect(fieldsOf(tokenize('Monitor 27" wide,5\nab""c,6\n'))).toEqual([
      ['Monitor 27" wide', '5'],
      ['ab""c', '6'],
    ]);
  });

  it('reports text after a closing quote and keeps reading the next line', () => {
    const parsed = tokenize('a,b\n"x"y,1\n2,3\n');
    expect(fieldsOf(parsed)).toEqual([
      ['a', 'b'],
      ['2', '3'],
    ]);
    expect(parsed.errors).toEqual([{ line: 2, reason: 'Line 2: unexpected text after a closing quote' }]);
  });

  it('rejects only the line of a quote never closed and reads on from the next line', () => {
    const parsed = tokenize('a,b\n1,"oops\n2,3\n4,5\n');
    expect(fieldsOf(parsed)).toEqual([
      ['a', 'b'],
      ['2', '3'],
      ['4', '5'],
    ]);
    expect(parsed.errors).toEqual([
      {
        line: 2,
        reason:
          'Line 2: a quote opened in this line is not closed within 100 lines or 64 KB, so the line was skipped; close the quote or remove it',
      },
    ]);
  });

  it('takes a quote that runs past 100 lines as stray even when a quote closes it later', () => {
    const rows = Array.from({ length: 150 }, (_, k) => `${k},x`).join('\n');
    const parsed = tokenize(`a,b\n1,"stray\n${rows}\n"late",y\n`);
    expect(parsed.errors.map((e) => e.line)).toEqual([2]);
    expect(parsed.records).toHaveLength(1 + 150 + 1);
    expect(parsed.records.at(-1)).toEqual({ line: 153, fields: ['late', 'y'] });
  });

  it('reads single-quoted fields when told the quote is an apostrophe', () => {
    expect(fieldsOf(tokenize("'a,b','it''s'\n", { quote: "'" }))).toEqual([['a,b', "it's"]]);
  });

  it('bounds a runaway quote: rejects its line, keeps memory small and reads the lines after it', () => {
    const filler = 'x'.repeat(99) + '\n';
    const text = 'a,b\n1,"never closed\n' + filler.repeat(30) + 'tail\n7,8\n9,10\n';
    const parsed = tokenize(text, { maxRecordBytes: 1000 }, [50, 700, 1500, 2600]);
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.line).toBe(2);
    expect(parsed.errors[0]!.reason).toMatch(/^Line 2: a quote opened in this line is not closed within/);
    expect(parsed.records).toHaveLength(1 + 30 + 3);
    // The records after it are numbered from the file's real lines.
    const after = parsed.records.slice(1);
    expect(after.at(-1)).toEqual({ line: 35, fields: ['9', '10'] });
  });

  it('skips an oversized record that arrives complete in one chunk', () => {
    const parsed = tokenize(`a\n${'y'.repeat(2000)}\nb\n`, { maxRecordBytes: 1000 });
    expect(fieldsOf(parsed)).toEqual([['a'], ['b']]);
    expect(parsed.errors.map((e) => e.line)).toEqual([2]);
  });

  it('grows past many fields', () => {
    const row = Array.from({ length: 300 }, (_, i) => `f${i}`);
    expect(fieldsOf(tokenize(row.join(',') + '\n'))).toEqual([row]);
  });
});
