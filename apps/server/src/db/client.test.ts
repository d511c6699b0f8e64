import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { float8ArrayParam, parseNumberArray } from './client';

const generic = pg.types.getTypeParser(1022 as Parameters<typeof pg.types.getTypeParser>[0]) as (
  v: string,
) => unknown[];

describe('number arrays to and from the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('reads a flat array by splitting, and anything else through the generic parser', () => {
    expect(parseNumberArray('{}', generic)).toEqual([]);
    expect(parseNumberArray('{1.5,NULL,NaN,-Infinity,1e-07}', generic)).toEqual([
      1.5,
      null,
      Number.NaN,
      -Infinity,
      1e-7,
    ]);
    expect(parseNumberArray('{{1,2},{3,NULL}}', generic)).toEqual([
      [1, 2],
      [3, null],
    ]);
  });

  it('writes and reads back every kind of float8 element exactly', async () => {
    const values = [0, -0.5, 1 / 3, 1e-7, 123456789.123, null, Number.NaN, Infinity, -Infinity];
    const [row] = await t.db.query<{ a: Array<number | null>; b: string[]; big: number[]; ids: number[] }>(
      `select $1::float8[] as a, $1::float8[]::text[] as b,
              array(select g::float8 / 7 from generate_series(1, 2000) g) as big,
              array[9007199254740991, null, -3]::bigint[] as ids`,
      [float8ArrayParam(values)],
    );
    expect(row!.a).toEqual(values);
    expect(row!.b[4]).toBe('123456789.123');
    expect(row!.big).toHaveLength(2000);
    expect(row!.big[699]).toBe(100);
    expect(row!.ids).toEqual([9007199254740991, null, -3]);
    expect(float8ArrayParam(null)).toBeNull();
    expect(float8ArrayParam([])).toBe('{}');
  });
});
