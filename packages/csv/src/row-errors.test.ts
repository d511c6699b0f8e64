import { describe, expect, it } from 'vitest';
import { RowErrorLog } from './row-errors';

describe('RowErrorLog', () => {
  it('keeps the first errors up to its limit and counts all of them', () => {
    const log = new RowErrorLog(100);
    for (let line = 2; line < 252; line++) log.add({ line, reason: `Line ${line}: bad` });
    expect(log.count).toBe(250);
    expect(log.first).toHaveLength(100);
    expect(log.first[0]).toEqual({ line: 2, reason: 'Line 2: bad' });
    expect(log.first[99]!.line).toBe(101);
  });

  it('starts empty', () => {
    const log = new RowErrorLog();
    expect([log.count, log.first]).toEqual([0, []]);
  });
});
