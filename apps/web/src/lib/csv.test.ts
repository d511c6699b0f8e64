// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvCell, seriesCsv } from './csv';

describe('CSV cells and series', () => {
  it('writes CSV cells safely and a series with its expected range', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    const csv = seriesCsv('Orders', [
      {
        timestamp: '2026-11-20T00:00:00Z',
        result: { y: 141, yhat: 15.5, yhat_lower: 10, yhat_upper: 20, anomaly: 'True' },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe('2026-11-20T00:00:00Z,Orders,141,15.5,10,20,yes');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=HYPERLINK("http://evil.example")', '"\'\t=HYPERLINK(""http://evil.example"")"'],
    ["\r=cmd|' /C calc'!A0", "\"'\r=cmd|' /C calc'!A0\""],
  ])('neutralises a cell starting with a formula character: %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('leaves ordinary text and numbers as they are', () => {
    expect(csvCell('Paid Search')).toBe('Paid Search');
    expect(csvCell('a\tb')).toBe('a\tb');
    expect(csvCell(-3)).toBe('-3');
  });
});
