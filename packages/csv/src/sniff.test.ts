import { describe, expect, it } from 'vitest';
import { CsvSniffError, sniff, type CsvSniffErrorCode } from './sniff';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function sniffError(bytes: Uint8Array): CsvSniffErrorCode | 'none' {
  try {
    sniff(bytes);
    return 'none';
  } catch (error) {
    if (error instanceof CsvSniffError) return error.code;
    throw error;
  }
}

const ORDERS = 'id,name,total\n1,"Smith, J",12.50\n2,Ann,3\n3,"Lee; K",7\n';

describe('sniff', () => {
  it.each([
    [',', ORDERS],
    [';', 'id;name;total\n1;Smith, J;12,50\n2;Ann;3,25\n3;Lee;7\n'],
    ['\t', 'id\tname\ttotal\n1\tSmith, J\t12.50\n2\tAnn; B\t3\n'],
    ['|', 'id|name|total\n1|Smith, J|12.50\n2|Ann|3\n'],
    [',', 'name,note\n"a;b;c","x;y"\n"d;e;f","z;w"\n'],
    [';', 'a;b\n"1,2,3";4\n"5,6,7";8\n'],
  ])('picks the %j delimiter by consistent field counts', (delimiter, text) => {
    expect(sniff(utf8(text)).delimiter).toBe(delimiter);
  });

  it('describes a plain UTF-8 file', () => {
    expect(sniff(utf8(ORDERS))).toEqual({
      encoding: 'utf-8',
      bom: false,
      delimiter: ',',
      quote: '"',
      lineEnding: '\n',
    });
  });

  it.each([
    ['\r\n', 'a,b\r\n1,2\r\n'],
    ['\r', 'a,b\r1,2\r'],
    ['\n', 'a,b\n1,2'],
    ['\r\n', 'a,"line\nbreak"\r\n1,2\r\n'],
  ])('detects %j line endings outside quotes', (lineEnding, text) => {
    expect(sniff(utf8(text)).lineEnding).toBe(lineEnding);
  });

  it('detects a UTF-8 byte order mark', () => {
    expect(sniff(utf8('\uFEFFa,b\n1,2\n'))).toMatchObject({ bom: true, encoding: 'utf-8', delimiter: ',' });
  });

  it('reads invalid UTF-8 as Latin-1 (Windows-1252)', () => {
    const bytes = new Uint8Array([...utf8('name,city\nCaf'), 0xe9, ...utf8(',Paris\n')]);
    expect(sniff(bytes).encoding).toBe('latin1');
  });

  it('stays UTF-8 when the sample ends inside a multi-byte character', () => {
    const full = utf8('name,city\nCafé,Zürich ☕\n☕');
    for (let cut = full.length - 2; cut < full.length; cut++) {
      expect(sniff(full.subarray(0, cut)).encoding).toBe('utf-8');
    }
  });

  it('detects apostrophe quotes only when double quotes are not used', () => {
    expect(sniff(utf8("id,name\n1,'Smith, J'\n2,'Lee, K'\n")).quote).toBe("'");
    expect(sniff(utf8('id,name\n1,"O\'Brien, J"\n2,Ann\n')).quote).toBe('"');
    expect(sniff(utf8("id,name\n1,O'Brien\n2,Ann\n")).quote).toBe('"');
  });

  it('accepts a one-column file with a short header', () => {
    expect(sniff(utf8('email\na@example.com\nb@example.com\n')).delimiter).toBe(',');
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['empty', utf8('\uFEFF \r\n\n')],
    ['binary', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])],
    ['binary', utf8('a,b\n1,\u0000\n')],
    ['unsupported_encoding', new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00])],
    ['not_csv', utf8('<!doctype html><html><body>Not found</body></html>')],
    ['not_csv', utf8('{"orders": [1, 2, 3]}')],
    [
      'no_columns',
      utf8(
        'This is a letter to our customers explaining the new return policy in some detail\n' +
          'It has long lines of prose and no separators that would make columns\n',
      ),
    ],
  ] as const)('refuses with %j', (code, bytes) => {
    expect(sniffError(bytes)).toBe(code);
  });

  it('gives the merchant a sentence to act on', () => {
    expect(() => sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(/save it as CSV/);
  });
});
