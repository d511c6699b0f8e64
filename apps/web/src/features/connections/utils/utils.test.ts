// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, StageStatus } from '@tidemark/contract';
import { isCsvFileName, matchesSearch, shortenName, sourceLine } from './names';
import { canDelete, displayedStatus } from './status';

const status = (d: StageStatus, m: StageStatus, i: StageStatus): ConnectionStatus => ({
  data_connection_status: { status: d, message: null },
  metric_configuration_status: { status: m, message: m === 'IN_PROGRESS' ? 'User Action Needed' : null },
  insight_generation_status: { status: i, message: null },
});

describe('data source rules', () => {
  it('shortens long names and never lengthens them', () => {
    expect(shortenName('orders.csv')).toBe('orders.csv');
    expect(shortenName('a'.repeat(21))).toBe(`${'a'.repeat(15)}…a`);
    expect(shortenName(`${'x'.repeat(15)}middle-part-${'y'.repeat(15)}`)).toBe(
      `${'x'.repeat(15)}…${'y'.repeat(15)}`,
    );
    for (let n = 21; n < 60; n++) expect(shortenName('n'.repeat(n)).length).toBeLessThan(n);
  });

  it('says how many more files or tables there are', () => {
    expect(sourceLine(['orders.csv', 'refunds.csv', 'b.csv'], 'file')).toBe('orders.csv and 2 more file(s)');
    expect(sourceLine(['public.orders'], 'database')).toBe('public.orders');
    expect(sourceLine([], 'database')).toBeNull();
  });

  it('searches case-sensitively and accepts only .csv files', () => {
    expect(matchesSearch('PostgreSQL', 'SQL')).toBe(true);
    expect(matchesSearch('PostgreSQL', 'sql')).toBe(false);
    expect(isCsvFileName('Orders.CSV')).toBe(true);
    expect(isCsvFileName('orders.xlsx')).toBe(false);
  });

  it('shows the latest stage that started and when the user can resume', () => {
    expect(displayedStatus(status('NOT_STARTED', 'NOT_STARTED', 'NOT_STARTED'))).toMatchObject({
      stage: null,
      status: 'NOT_STARTED',
    });
    expect(displayedStatus(status('IN_PROGRESS', 'NOT_STARTED', 'NOT_STARTED'))).toMatchObject({
      stage: 'data_connection_status',
      resumable: true,
    });
    expect(displayedStatus(status('SUCCESSFUL', 'IN_PROGRESS', 'NOT_STARTED'))).toMatchObject({
      stage: 'metric_configuration_status',
      message: 'User Action Needed',
      resumable: true,
    });
    expect(displayedStatus(status('SUCCESSFUL', 'SUCCESSFUL', 'IN_PROGRESS'))).toMatchObject({
      stage: 'insight_generation_status',
      resumable: false,
    });
    expect(canDelete(status('SUCCESSFUL', 'IN_PROGRESS', 'NOT_STARTED'))).toBe(true);
    expect(canDelete(status('SUCCESSFUL', 'SUCCESSFUL', 'NOT_STARTED'))).toBe(false);
    expect(canDelete(status('SUCCESSFUL', 'FAILED', 'NOT_STARTED'))).toBe(false);
  });
});
