import { describe, expect, it } from 'vitest';
import { SqlParams } from './sql-params';

describe('SqlParams.statement', () => {
  it('keeps only the parameters the statement names, renumbered in order of use', () => {
    const params = new SqlParams();
    const a = params.add('a');
    params.add('unused');
    const c = params.add(3);
    expect(params.statement(`select ${c}::int, ${a}::text, ${c}::int + 1`)).toEqual([
      'select $1::int, $2::text, $1::int + 1',
      [3, 'a'],
    ]);
  });
});
