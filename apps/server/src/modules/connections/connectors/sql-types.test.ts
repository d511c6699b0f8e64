import { describe, expect, it } from 'vitest';
import { converterFor, cursorParameter, toInstant } from './sql-types';
import type { CellValue, ColumnType } from './types';

describe('SQL cell conversion', () => {
  it.each<[ColumnType, string | null, CellValue]>([
    ['integer', '42', 42],
    ['integer', '-9007199254740991', -9007199254740991],
    ['integer', '9007199254740992', '9007199254740992'],
    ['integer', '18446744073709551615', '18446744073709551615'],
    ['integer', null, null],
    ['decimal', '1234567890.12', '1234567890.12'],
    ['decimal', '0.1000000000000000055511151231257827', '0.1000000000000000055511151231257827'],
    ['decimal', 'NaN', 'NaN'],
    ['boolean', 't', true],
    ['boolean', 'f', false],
    ['boolean', '1', true],
    ['boolean', '0', false],
    ['boolean', '-1', true],
    ['date', '2024-02-29', '2024-02-29'],
    ['date', '0000-00-00', null],
    ['timestamp', '2024-03-31 01:30:00.123456', '2024-03-31 01:30:00.123456'],
    ['timestamp', '2024-03-31T01:30:00', '2024-03-31 01:30:00'],
    ['timestamp', '0000-00-00 00:00:00', null],
    ['timestamptz', '2024-03-30 23:30:00.5+00', new Date('2024-03-30T23:30:00.500Z')],
    ['timestamptz', '2024-03-31 01:30:00.123456+02', new Date('2024-03-30T23:30:00.123Z')],
    ['timestamptz', '2024-03-30 18:00:00-05:30', new Date('2024-03-30T23:30:00Z')],
    ['timestamptz', '2024-03-30 23:30:00', new Date('2024-03-30T23:30:00Z')],
    ['timestamptz', '0099-12-31 23:59:59.999+00', new Date('0099-12-31T23:59:59.999Z')],
    ['timestamptz', '2024-03-30 23:30:00.+00', '2024-03-30 23:30:00.+00'],
    ['timestamptz', 'infinity', 'infinity'],
    ['timestamptz', '0000-00-00 00:00:00', null],
    ['text', '{"a": 1}', '{"a": 1}'],
    ['text', null, null],
  ])('converts %s text %j to %j', (type, raw, expected) => {
    expect(converterFor(type)(raw)).toEqual(expected);
  });

  it('reads a BC timestamp as a Date in a negative year', () => {
    const instant = toInstant('0044-03-15 12:00:00+00 BC');
    expect(instant).toBeInstanceOf(Date);
    expect((instant as Date).getUTCFullYear()).toBe(-43);
  });

  it.each<[ColumnType, string | number, string]>([
    ['timestamptz', '2024-01-01T05:00:00.000Z', '2024-01-01 05:00:00.000'],
    ['timestamptz', '2024-01-01T07:00:00+02:00', '2024-01-01 05:00:00.000'],
    ['timestamptz', '2024-01-01 05:00:00.25+00', '2024-01-01 05:00:00.250'],
    ['timestamptz', Date.UTC(2024, 0, 1, 5), '2024-01-01 05:00:00.000'],
    ['timestamp', '2024-03-31 01:30:00.123456', '2024-03-31 01:30:00.123456'],
    ['timestamp', '2024-03-31T01:30:00', '2024-03-31 01:30:00'],
    ['timestamp', '2024-03-31T01:30:00.000Z', '2024-03-31 01:30:00.000'],
    ['date', '2024-02-29', '2024-02-29'],
    ['date', '2024-02-29T00:00:00.000Z', '2024-02-29'],
    ['integer', 9000, '9000'],
    ['integer', '9007199254740995', '9007199254740995'],
    ['text', 'abc', 'abc'],
  ])('sends a %s cursor from %j as %j', (type, from, expected) => {
    expect(cursorParameter(type, from)).toBe(expected);
  });
});
