import { describe, expect, it } from 'vitest';
import { packNumbers, unpackNumbers } from './cpu-codec';

describe('the CPU pool codec', () => {
  it('moves long arrays of numbers as buffers and gives back exactly what went in', () => {
    const y = Array.from({ length: 200 }, (_, i) =>
      i % 17 === 0 ? null : i === 5 ? Number.NaN : i === 6 ? -Infinity : i * 0.1,
    );
    const input = {
      grain: 'h',
      short: [1, 2, 3],
      words: Array.from({ length: 100 }, (_, i) => `v${i}`),
      series: [{ dim_name: '', ts: Array.from({ length: 100 }, (_, i) => 1.7e12 + i * 3.6e6), y }],
      none: null,
    };
    const transfer: ArrayBuffer[] = [];
    const packed = packNumbers(input, transfer);
    // ts and y, and y's null mask; the short and the text arrays are cloned as they are.
    expect(transfer).toHaveLength(3);
    const back = unpackNumbers(structuredClone(packed, { transfer })) as typeof input;
    expect(back).toEqual(input);
    expect(back.series[0]!.y[0]).toBeNull();
    expect(back.series[0]!.y[5]).toBeNaN();
    expect(back.series[0]!.y[6]).toBe(-Infinity);
    // The caller's input is untouched (its copies were moved, not its arrays).
    expect(input.series[0]!.y).toHaveLength(200);
  });

  it('packs an array met twice once, and shares it again on the other side', () => {
    const grid = Array.from({ length: 500 }, (_, i) => i * 3_600_000);
    const input = { series: [{ ts: grid }, { ts: grid }, { ts: grid.slice() }] };
    const transfer: ArrayBuffer[] = [];
    const back = unpackNumbers(structuredClone(packNumbers(input, transfer), { transfer })) as typeof input;
    expect(transfer).toHaveLength(2);
    expect(back.series[0]!.ts).toBe(back.series[1]!.ts);
    expect(back.series[2]!.ts).not.toBe(back.series[0]!.ts);
    expect(back).toEqual(input);
  });
});
