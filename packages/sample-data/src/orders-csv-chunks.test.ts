import { describe, expect, it } from 'vitest';
import { parseCsv, parseStamp } from '../test/helpers';
import { ORDER_COLUMNS } from './orders';
import { ordersCsvChunks } from './orders-csv-chunks';

describe('ordersCsvChunks', () => {
  const chunks = [...ordersCsvChunks({ rows: 30_000, seed: 3, chunkSize: 256 * 1024 })];
  const rows = parseCsv(chunks.join(''));

  it('writes a header and exactly the rows asked for, with the orders columns', () => {
    expect(rows[0]).toEqual(ORDER_COLUMNS.map((c) => c.name));
    expect(rows).toHaveLength(30_001);
    expect(rows.filter((row) => row.length !== ORDER_COLUMNS.length)).toEqual([]);
  });

  it('cuts chunks near the requested size, on line breaks', () => {
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(256 * 1024);
      expect(chunk.length).toBeLessThan(256 * 1024 + 1024);
    }
    for (const chunk of chunks) expect(chunk.endsWith('\n')).toBe(true);
  });

  it('is byte-identical for the same seed and different for another', () => {
    const again = [...ordersCsvChunks({ rows: 30_000, seed: 3, chunkSize: 256 * 1024 })].join('');
    const other = [...ordersCsvChunks({ rows: 30_000, seed: 4, chunkSize: 256 * 1024 })].join('');
    expect(again).toBe(chunks.join(''));
    expect(other).not.toBe(again);
  });

  it('numbers orders upwards with non-decreasing times from the start, at the requested daily rate', () => {
    const data = rows.slice(1);
    const times = data.map((row) => parseStamp(row[1] ?? '').utc);
    expect(data.every((row, i) => Number(row[0]) === 100_001 + i)).toBe(true);
    expect(times.every((time, i) => i === 0 || time >= (times[i - 1] ?? 0))).toBe(true);
    expect(times[0]).toBe(Date.UTC(2024, 0, 1));
    const days = ((times[times.length - 1] ?? 0) - (times[0] ?? 0)) / 86_400_000;
    expect(30_000 / days).toBeGreaterThan(9_500);
    expect(30_000 / days).toBeLessThan(10_500);
  });

  it('fills every column with values of its type', () => {
    const patterns = [
      /^\d+$/,
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0000$/,
      /^\d+$/,
      /^(Direct|Organic Search|Paid Search|Email|Social|Marketplace)$/,
      /^(US|CA|GB|DE|AU|FR)$/,
      /^(Desktop|Mobile|Tablet)$/,
      /^(Apparel|Footwear|Accessories|Home|Beauty)$/,
      /^(paid|cancelled|refunded)$/,
      /^[1-9]\d*$/,
      /^\d+\.\d{2}$/,
      /^\d+\.\d{2}$/,
      /^\d+\.\d{2}$/,
    ];
    const misfits = rows.slice(1).filter((row) => !row.every((value, i) => patterns[i]?.test(value)));
    expect(misfits).toEqual([]);
  });

  it('starts where it is told', () => {
    const [first] = ordersCsvChunks({ rows: 1, seed: 1, start: new Date('2025-06-01T12:00:00Z') });
    expect(first?.split('\n')[1]).toMatch(/^100001,2025-06-01 12:00:00 \+0000,/);
  });
});
