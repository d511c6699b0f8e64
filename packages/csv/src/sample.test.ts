import { describe, expect, it } from 'vitest';
import { inspectCsv, readSample } from './sample';
import type { CsvDialect } from './types';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const DIALECT: CsvDialect = { encoding: 'utf-8', bom: false, delimiter: ',', quote: '"', lineEnding: '\n' };

describe('inspectCsv', () => {
  it('sniffs, samples and types the columns of the start of a file', () => {
    const file = utf8(
      '\uFEFFOrder ID;Created at;Total;Paid;Note\r\n' +
        '1001;3/1/2024 2:05 PM;1.234,50;yes;"first; with a separator"\r\n' +
        '1002;3/25/2024 9:00 AM;12,00;no;\r\n' +
        '1003;4/2/2024 11:15 AM;7,5;yes;plain\r\n' +
        '1004;4/3/2024 1:',
    );
    const { dialect, columns, sample } = inspectCsv(file);
    expect(dialect).toEqual({ encoding: 'utf-8', bom: true, delimiter: ';', quote: '"', lineEnding: '\r\n' });
    expect(sample.records).toHaveLength(3);
    expect(columns.map((c) => [c.field_name, c.type])).toEqual([
      ['order_id', 'integer'],
      ['created_at', 'timestamp'],
      ['total', 'decimal'],
      ['paid', 'boolean'],
      ['note', 'text'],
    ]);
    expect(columns[1]!.format).toEqual({ order: 'mdy', separator: '/' });
    expect(columns[2]!.decimalMark).toBe(',');
    expect(columns[4]).toMatchObject({ nullCount: 1, sampleValues: ['first; with a separator', 'plain'] });
  });
});

describe('readSample', () => {
  it('keeps the last line of a whole file even without a line break', () => {
    expect(readSample(utf8('a,b\n1,2'), DIALECT, { wholeFile: true }).records).toEqual([['1', '2']]);
    expect(readSample(utf8('a,b\n1,2'), DIALECT).records).toEqual([]);
  });

  it('stops at maxRecords and reports malformed records met on the way', () => {
    const sample = readSample(utf8('a,b\n"x"y,1\n1,2\n3,4\n5,6\n'), DIALECT, { maxRecords: 2 });
    expect(sample.header).toEqual(['a', 'b']);
    expect(sample.records).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(sample.errors.map((e) => e.line)).toEqual([2]);
  });

  it('reads a header-only file', () => {
    expect(readSample(utf8('a,b'), DIALECT)).toEqual({
      header: ['a', 'b'],
      records: [],
      errors: [],
      preambleLines: 0,
      totalsRows: 0,
    });
  });
});
