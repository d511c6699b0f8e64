// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { InferredColumn } from '@tidemark/csv';
import { rejectedBlock, skippedNote, zonesToSend } from './csv-preview';

const column = (field_name: string, extra: Partial<InferredColumn> = {}): InferredColumn => ({
  field_name,
  display_name: field_name,
  type: 'timestamp',
  nullCount: 0,
  sampleValues: [],
  ...extra,
});

describe('csv preview rules', () => {
  it('notes the preamble lines and totals rows it skipped', () => {
    expect(skippedNote({ preambleLines: 6, totalsRows: 1 })).toBe(
      'Skipped 6 preamble lines and a totals row',
    );
    expect(skippedNote({ preambleLines: 1, totalsRows: 0 })).toBe('Skipped 1 preamble line');
    expect(skippedNote({ preambleLines: 0, totalsRows: 0 })).toBeNull();
  });

  it('blocks the next step while more than 1 % of the rows are rejected, saying what to fix', () => {
    expect(rejectedBlock({ rows_imported: 297, rows_rejected: 3 })).toBeNull();
    expect(rejectedBlock({ rows_imported: 27, rows_rejected: 3 })).toBe(
      '3 of 30 rows (10 %) could not be read; at most 1 % may be. Fix those rows in the file (the list below gives each line and what is wrong with it) and upload it again.',
    );
  });

  it('sends only zones that differ from the header UTC or the workspace default', () => {
    const columns = [
      column('created_date_utc', { timeZone: 'UTC' }),
      column('paid_at'),
      column('n', { type: 'integer' }),
    ];
    expect(zonesToSend(columns, {}, 'Africa/Johannesburg')).toEqual({});
    expect(
      zonesToSend(
        columns,
        { created_date_utc: '', paid_at: 'America/New_York', n: 'UTC' },
        'Africa/Johannesburg',
      ),
    ).toEqual({ created_date_utc: 'Africa/Johannesburg', paid_at: 'America/New_York' });
  });
});
