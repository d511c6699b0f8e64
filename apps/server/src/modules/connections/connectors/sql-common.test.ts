import { describe, expect, it, vi } from 'vitest';
import { batchSizeOf, pickColumns, readableReason, untilAborted, type CatalogueColumn } from './sql-common';
import { ConnectorError } from './types';

const TABLE: CatalogueColumn[] = [
  { name: 'id', type: 'integer', isKey: true, sourceType: 'int4' },
  { name: 'Total', type: 'decimal', isKey: false, sourceType: 'numeric' },
];

describe('SQL connector helpers', () => {
  it.each([
    [new Error('connect ECONNREFUSED 127.0.0.1:5499'), 'connect ECONNREFUSED 127.0.0.1:5499'],
    [
      new AggregateError([
        new Error('connect ECONNREFUSED ::1:5499'),
        new Error('connect ECONNREFUSED 127.0.0.1:5499'),
      ]),
      'connect ECONNREFUSED ::1:5499; connect ECONNREFUSED 127.0.0.1:5499',
    ],
    [Object.assign(new Error(''), { code: 'ETIMEDOUT' }), 'ETIMEDOUT'],
    [new Error('bad login "s3cret-pw" for user'), 'bad login "********" for user'],
    ['plain text', 'plain text'],
  ])('makes %o readable as %j without the password', (error, expected) => {
    expect(readableReason(error, 's3cret-pw')).toBe(expected);
  });

  it('picks the asked columns and the cursor by their exact names', () => {
    const picked = pickColumns('t', TABLE, {
      columns: [{ name: 'Total', type: 'decimal' }],
      cursorColumn: 'id',
    });
    expect(picked.columns.map((column) => column.name)).toEqual(['Total']);
    expect(picked.cursor?.name).toBe('id');
    expect(() => pickColumns('t', TABLE, { columns: [{ name: 'total', type: 'decimal' }] })).toThrow(
      new ConnectorError('Column "total" was not found in table "t"'),
    );
    expect(() => pickColumns('t', TABLE, { columns: [] })).toThrow(ConnectorError);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a batch size of %d', (batchSize) => {
    expect(() => batchSizeOf({ columns: [], batchSize })).toThrow(ConnectorError);
  });

  it('settles with the work when the signal never aborts', async () => {
    const controller = new AbortController();
    const onAbort = vi.fn();
    await expect(untilAborted(Promise.resolve(3), controller.signal, onAbort)).resolves.toBe(3);
    controller.abort();
    expect(onAbort).not.toHaveBeenCalled();
  });

  it('rejects with the signal reason and tears down when the signal aborts first', async () => {
    const controller = new AbortController();
    const onAbort = vi.fn();
    const waiting = untilAborted(new Promise<never>(() => {}), controller.signal, onAbort);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(onAbort).toHaveBeenCalledOnce();
  });

  it('reports the abort rather than the teardown error the abort caused', async () => {
    const controller = new AbortController();
    let fail: (error: Error) => void = () => {};
    const work = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const waiting = untilAborted(work, controller.signal, () => fail(new Error('Connection terminated')));
    controller.abort(new Error('deleted'));
    await expect(waiting).rejects.toThrow('deleted');
  });
});
