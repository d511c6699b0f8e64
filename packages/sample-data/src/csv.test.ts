import { describe, expect, it } from 'vitest';
import { parseCsv } from '../test/helpers';
import { csvField, toCsv } from './csv';
import type { SampleTable } from './table';

const awkward: SampleTable = {
  name: 'awkward',
  columns: [
    { name: 'id', type: 'integer' },
    { name: 'note, with comma', type: 'text' },
    { name: 'amount', type: 'decimal', scale: 2 },
    { name: 'flag', type: 'boolean' },
  ],
  rows: () => [
    [1, 'plain', 12.5, true],
    [2, 'a, b', 0, false],
    [3, 'she said "hi"', -3.456, null],
    [4, 'two\nlines', 1e6, true],
    [5, 'carriage\r\nreturn', null, false],
    [6, '', 7, true],
  ],
};

describe('toCsv', () => {
  it('quotes only fields that need it and reads back to the same values with an RFC 4180 reader', () => {
    const text = [...toCsv(awkward)].join('');
    expect(text.split('\n')[0]).toBe('id,"note, with comma",amount,flag');
    expect(parseCsv(text)).toEqual([
      ['id', 'note, with comma', 'amount', 'flag'],
      ['1', 'plain', '12.50', 'true'],
      ['2', 'a, b', '0.00', 'false'],
      ['3', 'she said "hi"', '-3.46', ''],
      ['4', 'two\nlines', '1000000.00', 'true'],
      ['5', 'carriage\r\nreturn', '', 'false'],
      ['6', '', '7.00', 'true'],
    ]);
  });

  it.each([
    ['text', 'x"y', '"x""y"'],
    ['text', 'Organic Search', 'Organic Search'],
    ['integer', 42, '42'],
    ['decimal', 0.1 + 0.2, '0.30'],
    ['text', null, ''],
  ] as const)('writes a %s value %j as %s', (type, value, expected) => {
    expect(csvField(value, { name: 'c', type, ...(type === 'decimal' ? { scale: 2 } : {}) })).toBe(expected);
  });

  it('yields the same text whatever the chunk size, each chunk ending on a line break', () => {
    const many: SampleTable = {
      name: 'many',
      columns: [
        { name: 'n', type: 'integer' },
        { name: 'label', type: 'text' },
      ],
      rows: function* () {
        for (let i = 0; i < 5000; i++) yield [i, i % 7 === 0 ? `label, ${i}` : `label ${i % 300}`];
      },
    };
    const whole = [...toCsv(many, { chunkSize: 1 << 30 })];
    const small = [...toCsv(many, { chunkSize: 1000 })];
    expect(whole).toHaveLength(1);
    expect(small.length).toBeGreaterThan(50);
    expect(small.join('')).toBe(whole[0]);
    for (const chunk of small) expect(chunk.endsWith('\n')).toBe(true);
    expect(parseCsv(small.join(''))).toHaveLength(5001);
  });
});
