// @vitest-environment node
import type { NorthStar } from '@tidemark/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { northStarChartOption } from './north-star-card';

const point = (timestamp: string, y: number) => ({
  timestamp,
  y,
  yhat: y,
  yhat_lower: y - 1,
  yhat_upper: y + 1,
});

const star = (timestamps: string[]): NorthStar => ({
  kpi_id: '1',
  kpi_display_name: 'Revenue',
  kpi_format: 'number',
  accent: 'positive',
  chosen_by: 'top_tier',
  points: timestamps.map((t, i) => point(t, 10 + i)),
  day: null,
});

/** The axis label and tooltip title of the North Star chart for an instant. */
function chartDates(northStar: NorthStar, at: string) {
  const option = northStarChartOption(northStar, { timezone: 'Etc/UTC', color: '#000' }) as {
    xAxis: { axisLabel: { formatter: (v: number) => string } };
    tooltip: { formatter: (params: unknown) => string };
  };
  const t = Date.parse(at);
  return {
    axis: option.xAxis.axisLabel.formatter(t),
    tooltip: option.tooltip.formatter([{ value: [t, 12] }]),
  };
}

describe('the North Star chart', () => {
  afterEach(() => vi.useRealTimers());

  it('labels days short within the current year and with the year when the 30 days cross New Year', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 28, 12) });
    const thisYear = star(['2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z']);
    expect(chartDates(thisYear, '2026-11-24T00:00:00Z')).toEqual({
      axis: '24 Nov',
      tooltip: '<strong>24 Nov</strong><br/>Revenue: 12',
    });
    const acrossNewYear = star(['2025-12-30T00:00:00Z', '2026-01-02T00:00:00Z']);
    expect(chartDates(acrossNewYear, '2026-01-01T00:00:00Z').axis).toBe('1 Jan 2026');
    expect(chartDates(acrossNewYear, '2025-12-31T00:00:00Z').tooltip).toContain('31 Dec 2025');
  });

  it('labels an earlier year with its year', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2027, 1, 3) });
    expect(
      chartDates(star(['2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z']), '2026-11-24T00:00:00Z').axis,
    ).toBe('24 Nov 2026');
  });
});
