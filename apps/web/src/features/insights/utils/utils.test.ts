import type { Histogram, RootCause, RootCauseDetail } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { HISTOGRAM_CAP, histogramBars, histogramTickEvery } from '../components/charts/histogram';
import { drillTarget, rootCauseLevel, sortedDetails } from '../components/charts/rootcause';
import {
  defaultOverlay,
  highlightBand,
  insightChartWindow,
  canFetchSeries,
  overlayAvailable,
  overlayWindow,
} from '../components/charts/schedule';
import { nextGroupsPage } from '../api/get-groups';
import { insightAtSpike } from '../components/charts/timeline';
import { groupByDay } from '@/lib/day-groups';
import { parseTimeWindow, windowRange } from './time-window';

const DAY = 86_400_000;

describe('the insights rules', () => {
  it('caps histogram bars at 10, draws negative insights below the axis and keeps empty days', () => {
    const histogram: Histogram = {
      histogram_granularity: 'day',
      histogram_data: [
        { timestamp: '2026-11-01T04:00:00Z', positive: { count: 14 }, negative: { count: 3 } },
        { timestamp: '2026-11-03T05:00:00Z', positive: { count: 0 }, negative: { count: 25 } },
      ],
    };
    const window = { start: Date.parse('2026-11-01T12:00:00Z'), end: Date.parse('2026-11-04T12:00:00Z') };
    const bars = histogramBars(histogram, window, 'America/New_York');
    expect(bars.map((b) => [new Date(b.ts).toISOString(), b.positiveHeight, b.negativeHeight])).toEqual([
      ['2026-11-01T04:00:00.000Z', HISTOGRAM_CAP, -3],
      ['2026-11-02T05:00:00.000Z', 0, 0],
      ['2026-11-03T05:00:00.000Z', 0, -HISTOGRAM_CAP],
      ['2026-11-04T05:00:00.000Z', 0, 0],
    ]);
    // The real counts stay for the tooltip.
    expect(bars[2]!.negative).toBe(25);
  });

  it.each([
    ['day', 30 * DAY, 3],
    ['day', 16 * DAY, 3],
    ['day', 15 * DAY, null],
    ['hour', DAY, null],
    ['week', 90 * DAY, null],
  ] as const)('labels a %s histogram over %i ms every %s buckets', (granularity, span, every) => {
    expect(histogramTickEvery(granularity, { start: 0, end: span })).toBe(every);
  });

  it('groups cards under the day they started in the workspace time zone, newest first', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    const items = [
      { id: 'a', ts: '2026-11-25T13:00:00Z' },
      { id: 'b', ts: '2026-11-25T03:00:00Z' }, // still the 24th in New York
      { id: 'c', ts: '2026-11-24T12:00:00Z' },
      { id: 'd', ts: '2026-11-20T12:00:00Z' },
    ];
    const sections = groupByDay(items, (i) => i.ts, {
      tz: 'America/New_York',
      now,
      today: 'Today',
      yesterday: 'Yesterday',
    });
    expect(sections.map((s) => [s.label, s.items.map((i) => i.id)])).toEqual([
      ['Today', ['a']],
      ['Yesterday', ['b', 'c']],
      ['Friday, 20 Nov', ['d']],
    ]);
  });

  it('ends the feed only when a page holds fewer than one group', () => {
    const page = (n: number) => ({ groups: [], generated_groups_count: n });
    expect(nextGroupsPage({ ...page(10), groups: [{} as never] }, [], 3)).toBe(4);
    expect(nextGroupsPage(page(0), [], 3)).toBeUndefined();
  });

  it('windows the feed by the chosen filter, ending at the next full hour', () => {
    expect(parseTimeWindow('bogus')).toBe('30d');
    const range = windowRange('7d', Date.parse('2026-11-25T15:20:00Z'));
    expect(range).toEqual({ start_time: '2026-11-18T16:00:00.000Z', end_time: '2026-11-25T16:00:00.000Z' });
    // Data inside the window leaves it alone.
    expect(windowRange('7d', Date.parse('2026-11-25T15:20:00Z'), '2026-11-20T00:00:00Z')).toEqual(range);
  });

  it('moves a window that misses all the data to end with its newest day', () => {
    expect(windowRange('30d', Date.parse('2026-11-25T15:20:00Z'), '2018-10-03T04:00:00.000Z')).toEqual({
      start_time: '2018-09-04T04:00:00.000Z',
      end_time: '2018-10-04T04:00:00.000Z',
      data_ends: '2018-10-03T04:00:00.000Z',
    });
    // A day ending exactly where a 24-hour window starts is not in it.
    expect(windowRange('24h', Date.parse('2026-11-25T15:00:00Z'), '2026-11-23T15:00:00.000Z').data_ends).toBe(
      '2026-11-23T15:00:00.000Z',
    );
  });

  it.each([
    ['h', 'DoD', ['DoD', 'WoW', 'MoM', 'YoY']],
    ['d', 'WoW', ['WoW', 'MoM', 'YoY']],
    ['w', 'MoM', ['MoM', 'YoY']],
    ['m', 'YoY', ['YoY']],
  ] as const)('offers the overlays of a %s schedule, %s first', (schedule, first, offered) => {
    expect(defaultOverlay(schedule)).toBe(first);
    expect((['DoD', 'WoW', 'MoM', 'YoY'] as const).filter((t) => overlayAvailable(t, schedule))).toEqual(
      offered,
    );
  });

  it('windows overlays 23 hours, 6, 27 or 364 days before the insight', () => {
    const ts = '2026-11-20T00:00:00.000Z';
    const end = Date.parse(ts);
    expect(overlayWindow(ts, 'h').start).toBe(end - 23 * 3_600_000);
    expect(overlayWindow(ts, 'd').start).toBe(end - 6 * DAY);
    expect(overlayWindow(ts, 'w').start).toBe(end - 27 * DAY);
    expect(overlayWindow(ts, 'm').start).toBe(end - 364 * DAY);
  });

  it('moves the chart start later by the schedule, keeps the insight inside, and bands it one period each side', () => {
    const window = insightChartWindow({
      chartStart: '2026-11-06T00:00:00Z',
      chartEnd: '2026-11-24T00:00:00Z',
      insightTs: '2026-11-20T00:00:00Z',
      schedule: 'd',
    });
    expect(new Date(window.start).toISOString()).toBe('2026-11-13T00:00:00.000Z');
    expect(highlightBand('2026-11-20T00:00:00Z', 'd')).toEqual([
      Date.parse('2026-11-19T00:00:00Z'),
      Date.parse('2026-11-21T00:00:00Z'),
    ]);
    // Spikes are not fetched for a window starting in the future or after its end.
    expect(canFetchSeries({ start: Date.now() + DAY, end: Date.now() + 2 * DAY })).toBe(false);
    expect(canFetchSeries({ start: 10, end: 5 })).toBe(false);
  });

  it('opens the insight a clicked spike belongs to, or none', () => {
    const insights = [
      {
        insight_id: '7',
        kpi_id: '2',
        insight_id_ts: '2026-11-20T15:00:00Z',
        pattern_count: 3,
        pipeline_schedule: 'h' as const,
      },
    ];
    expect(insightAtSpike(insights, '2', '2026-11-20T15:00:00.000Z')).toBe('7');
    expect(insightAtSpike(insights, '2', '2026-11-20T17:00:00.000Z')).toBe('7');
    expect(insightAtSpike(insights, '2', '2026-11-20T18:00:00.000Z')).toBeNull();
    expect(insightAtSpike(insights, '3', '2026-11-20T15:00:00.000Z')).toBeNull();
  });

  it('drills into a group that exists, sorts by the measure and drops null values', () => {
    const detail = (over: Partial<RootCauseDetail>): RootCauseDetail => ({
      dim_name: 'channel',
      dim_val: 'Email',
      group: 'channel',
      drill_down_group: null,
      pattern_contribution: 0.5,
      kpi_value_movement_decimal: 0.1,
      kpi_population_change_pct: 5,
      formatted_pattern_contribution: '50%',
      formatted_kpi_value_movement_decimal: '+10%',
      formatted_kpi_population_change_pct: '+5%',
      current_value: 1,
      expected_value: 1,
      formatted_current_value: '1',
      formatted_expected_value: '1',
      surprise: 0,
      ...over,
    });
    const rootcause: RootCause = {
      status: 'ok',
      rootcause_data: [
        {
          group: 'channel',
          level: 0,
          dim_name: 'channel',
          parent_group: null,
          score: 1,
          omitted_null_values: 1,
          rootcause_details: [
            detail({ dim_val: 'Email', pattern_contribution: 0.8, drill_down_group: 'channel=Email/device' }),
            detail({ dim_val: 'Paid', pattern_contribution: 0.2, drill_down_group: 'missing' }),
            detail({ dim_val: 'Direct', pattern_contribution: Number.NaN }),
          ],
        },
        {
          group: 'channel=Email/device',
          level: 1,
          dim_name: 'device',
          parent_group: 'channel',
          score: 1,
          omitted_null_values: 0,
          rootcause_details: [
            detail({ dim_name: 'device', dim_val: 'Mobile', group: 'channel=Email/device' }),
          ],
        },
      ],
    };
    const top = rootCauseLevel(rootcause, null);
    const sorted = sortedDetails(top.details, 'impact', 'asc');
    expect(sorted.rows.map((r) => r.detail.dim_val)).toEqual(['Paid', 'Email']);
    expect(sorted.nulls + top.omittedNulls).toBe(2);
    expect(drillTarget(rootcause, top.details[0]!)).toBe('channel=Email/device');
    expect(drillTarget(rootcause, top.details[1]!)).toBeNull();
    expect(rootCauseLevel(rootcause, 'channel=Email/device').title).toBe('channel: Email');
  });
});
