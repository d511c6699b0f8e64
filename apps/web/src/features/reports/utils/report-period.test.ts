// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canStepReport, defaultReportRange, stepReport, switchReportPeriod } from './report-period';

describe('report periods', () => {
  // Wednesday 2026-11-25 15:00 UTC.
  const now = Date.parse('2026-11-25T15:00:00Z');

  it('defaults to the previous week, Sunday to Sunday', () => {
    const r = defaultReportRange(now, 'Etc/UTC');
    expect(new Date(r.start).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(new Date(r.end).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('starts weeks on Sunday in the workspace time zone', () => {
    const r = defaultReportRange(now, 'America/New_York');
    expect(new Date(r.start).toISOString()).toBe('2026-11-15T05:00:00.000Z');
  });

  it('steps by week, month and quarter', () => {
    const week = defaultReportRange(now, 'Etc/UTC');
    expect(new Date(stepReport(week, 'week', -1, 'Etc/UTC').start).toISOString()).toBe(
      '2026-11-08T00:00:00.000Z',
    );
    const month = switchReportPeriod(week, 'month', 'Etc/UTC');
    expect(new Date(month.start).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(month.end).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    const quarter = switchReportPeriod(week, 'quarter', 'Etc/UTC');
    expect(new Date(quarter.start).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(new Date(stepReport(quarter, 'quarter', -1, 'Etc/UTC').start).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });

  it('does not step into a period that has not ended', () => {
    const week = defaultReportRange(now, 'Etc/UTC');
    expect(canStepReport(week, now)).toBe(true);
    expect(canStepReport(stepReport(week, 'week', 1, 'Etc/UTC'), now)).toBe(false);
  });
});
