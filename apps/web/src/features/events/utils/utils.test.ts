// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canStepNext, currentPeriod, defaultRange, periodStart, stepPeriod } from './period';
import { endMinimum, parsePickerText, presetRange, rangeProblem } from './time-range';
import {
  autoSeverity,
  bulletsOf,
  formatGroupDuration,
  funnelTimestamp,
  groupDurationMs,
  labelChips,
  skewChips,
  statusParam,
  topWithOthers,
} from './group-view';
import {
  chartTypeOptions,
  dimensionChoices,
  forcedChartType,
  granularityDisabled,
  initialFilters,
  timelineReducer,
  type TimelineFilters,
} from './chart-rules';

const UTC = 'Etc/UTC';
const at = (iso: string) => Date.parse(iso);

describe('period stepper', () => {
  // Wednesday 2026-11-25 10:00 UTC.
  const now = at('2026-11-25T10:00:00Z');

  it('starts weeks on Sunday and runs the current period to now', () => {
    expect(new Date(periodStart(now, 'week', UTC)).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    const range = defaultRange(now, UTC);
    expect(new Date(range.start).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(range.end).toBe(now);
  });

  it('steps back to a full period and forward again, never past today', () => {
    const current = defaultRange(now, UTC);
    expect(canStepNext(current, now, UTC)).toBe(false);
    const previous = stepPeriod(current, 'week', -1, now, UTC);
    expect(new Date(previous.start).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(new Date(previous.end).toISOString()).toBe('2026-11-21T23:59:59.999Z');
    expect(canStepNext(previous, now, UTC)).toBe(true);
    expect(stepPeriod(previous, 'week', 1, now, UTC)).toEqual(current);
  });

  it('steps by month and by quarter', () => {
    const month = currentPeriod(defaultRange(now, UTC), 'month', now, UTC);
    expect(new Date(month.start).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    const october = stepPeriod(month, 'month', -1, now, UTC);
    expect(new Date(october.end).toISOString()).toBe('2026-10-31T23:59:59.999Z');
    const quarter = currentPeriod(month, 'quarter', now, UTC);
    expect(new Date(quarter.start).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    const q3 = stepPeriod(quarter, 'quarter', -1, now, UTC);
    expect(new Date(q3.start).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(new Date(q3.end).toISOString()).toBe('2026-09-30T23:59:59.999Z');
  });

  it('follows the workspace time zone', () => {
    // 02:00 UTC on Sunday is still Saturday in New York.
    const sunday = at('2026-11-22T02:00:00Z');
    expect(new Date(periodStart(sunday, 'week', 'America/New_York')).toISOString()).toBe(
      '2026-11-15T05:00:00.000Z',
    );
  });
});

describe('custom time range', () => {
  const now = at('2026-11-25T10:00:00Z');
  it('needs two valid dates, start before end, five minutes apart, none in the future', () => {
    expect(rangeProblem(null, now, now)).toBe('invalid');
    expect(rangeProblem(now - 60_000, now - 120_000, now)).toBe('order');
    expect(rangeProblem(now - 4 * 60_000, now, now)).toBe('too_short');
    expect(rangeProblem(now - 5 * 60_000, now, now)).toBeNull();
    expect(rangeProblem(now - 3_600_000, now + 60_000, now)).toBe('future');
    expect(endMinimum(now)).toBe(now + 5 * 60_000);
  });

  it('has the presets of the spec', () => {
    expect(presetRange('default', now)).toEqual({ start: now - 3_600_000, end: now });
    expect(presetRange('day', now).start).toBe(now - 86_400_000);
    expect(presetRange('week', now).start).toBe(now - 7 * 86_400_000);
    expect(presetRange('month', now).start).toBe(now - 30 * 86_400_000);
    expect(presetRange('quarter', now).end - presetRange('quarter', now).start).toBeGreaterThan(
      88 * 86_400_000,
    );
  });

  it('parses the placeholder format strictly', () => {
    expect(parsePickerText('11/25/2026 09:30 am')).toBe(new Date(2026, 10, 25, 9, 30).getTime());
    expect(parsePickerText('11/25/2026 09:30 PM')).toBe(new Date(2026, 10, 25, 21, 30).getTime());
    expect(parsePickerText('25/11/2026 09:30 am')).toBeNull();
    expect(parsePickerText('yesterday')).toBeNull();
  });
});

describe('group view rules', () => {
  const now = at('2026-11-25T10:00:00Z');
  it('measures Active to now and Closed to the end, a dash when zero', () => {
    expect(groupDurationMs({ status: 'Active', event_group_ts_start: '2026-11-25T08:30:00Z' }, now)).toBe(
      90 * 60_000,
    );
    const closed = groupDurationMs(
      {
        status: 'Closed',
        event_group_ts_start: '2026-11-24T08:00:00Z',
        event_group_ts_end: '2026-11-25T09:05:00Z',
      },
      now,
    );
    expect(formatGroupDuration(closed, 'detail')).toBe('1 day 1 hour 5 minutes');
    expect(formatGroupDuration(null, 'card')).toBe('-');
    expect(formatGroupDuration(400 * 86_400_000, 'card')).toBe('1 year 1 month 5 days');
  });

  it('keeps the top 5 and adds Others above 6 items', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}`, count: i + 1 }));
    expect(topWithOthers(six, 'Others')).toHaveLength(6);
    const eight = [...six, { name: 'p6', count: 10 }, { name: 'p7', count: 0.5 }];
    const out = topWithOthers(eight, 'Others');
    expect(out.map((i) => i.name)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'Others']);
    expect(out[5]!.count).toBe(2 + 1 + 0.5);
  });

  it('splits text into bullets without a leading dash', () => {
    expect(bulletsOf('- First\n\n– Second line\nThird')).toEqual(['First', 'Second line', 'Third']);
  });

  it('labels: Site Monitoring and the first funnel by default, else Dur, Freq and Skew/Normal', () => {
    const copy = { site: 'Site Monitoring', skew: 'Skew', normal: 'Normal', dur: 'Dur', freq: 'Freq' };
    expect(labelChips({ is_default: true, duration: 'Long' }, ['Checkout', 'Cart'], copy)).toEqual([
      { kind: 'site', text: 'Site Monitoring' },
      { kind: 'funnel', text: 'Checkout' },
    ]);
    expect(
      labelChips(
        {
          duration: 'Long',
          frequency: 'Rare',
          primary_driver: 'skewed_dimension_distribution',
          primary_driver_browser: 'Safari',
        },
        [],
        copy,
      ).map((c) => c.text),
    ).toEqual(['Dur: Long', 'Freq: Rare', 'Skew: Safari']);
    expect(
      labelChips(
        { duration: 'Short', primary_driver: 'percentage_extent_distribution', primary_driver_os: 'iOS' },
        [],
        copy,
      ).map((c) => c.kind),
    ).toEqual(['dur', 'normal']);
    expect(
      skewChips({
        primary_driver: 'skewed_dimension_distribution',
        primary_driver_browser: 'Safari',
        primary_driver_os: 'iOS',
      }),
    ).toEqual(['Safari', 'iOS']);
  });

  it('picks the highest severity with events, and sends Live as Active', () => {
    expect(autoSeverity({ High: { count: 0 }, Medium: { count: 2 }, Low: { count: 5 } })).toBe('Medium');
    expect(autoSeverity({ High: { count: 0 }, Medium: { count: 0 }, Low: { count: 0 } })).toBeNull();
    expect(statusParam('Live')).toBe('Active');
    expect(statusParam('Closed')).toBe('Closed');
  });

  it('rounds funnel timestamps', () => {
    expect(funnelTimestamp('2026-11-25T10:00:00.000Z')).toBe('2026-11-25T09:00:00.000Z');
    expect(funnelTimestamp('2026-11-25T10:42:10.000Z')).toBe('2026-11-25T10:00:00.000Z');
  });
});

describe('timeline chart rules', () => {
  it('offers funnel only for page type oe with the event-funnel flag, forces bar on pixel', () => {
    expect(chartTypeOptions('oe', true)).toContain('funnel');
    expect(chartTypeOptions('oe', false)).not.toContain('funnel');
    expect(chartTypeOptions('pixel', true)).not.toContain('funnel');
    expect(forcedChartType('pixel', 'js')).toBe('bar');
    expect(forcedChartType('pixel', 'experience')).toBeNull();
    expect(forcedChartType('oe', 'js')).toBeNull();
  });

  it('disables monthly always and hourly on restricted page types', () => {
    expect(granularityDisabled('m', 'oe')).toBe(true);
    expect(granularityDisabled('h', 'oe')).toBe(false);
    expect(granularityDisabled('h', 'digest')).toBe(true);
    expect(granularityDisabled('d', 'digest')).toBe(false);
  });

  it('keeps the first metric, and more than one metric clears the dimension', () => {
    let state: TimelineFilters = {
      ...initialFilters('k1', 'h', null),
      dimension: 'browser',
      values: ['Safari'],
    };
    state = timelineReducer(state, { type: 'metrics', metrics: ['k2'] });
    expect(state.metrics).toEqual(['k1', 'k2']);
    expect(state.dimension).toBeNull();
    state = timelineReducer(state, { type: 'metrics', metrics: [] });
    expect(state.metrics).toEqual(['k1']);
  });

  it('clears dimensions for timeseries and bar, picks the first for area types', () => {
    let state = initialFilters('k1', 'h', null);
    state = timelineReducer(state, {
      type: 'chartType',
      chartType: 'stacked_area',
      firstDimension: 'browser',
    });
    expect(state.dimension).toBe('browser');
    state = timelineReducer(state, { type: 'values', values: ['Safari'] });
    state = timelineReducer(state, { type: 'chartType', chartType: 'bar', firstDimension: 'browser' });
    expect(state).toMatchObject({ chartType: 'bar', dimension: null, values: [] });
  });

  it('offers split-enabled dimensions, without the applied one in timeseries or bar', () => {
    const dims = [
      { dimension_id: 1, dimension_name: 'browser', dimension_display_name: 'Browser', split_enabled: true },
      { dimension_id: 2, dimension_name: 'os', dimension_display_name: 'OS', split_enabled: true },
      { dimension_id: 3, dimension_name: 'page', dimension_display_name: 'Page', split_enabled: false },
    ];
    expect(dimensionChoices(dims, 'timeseries', 'os').map((d) => d.dimension_name)).toEqual(['browser']);
    expect(dimensionChoices(dims, 'stacked_area', 'os').map((d) => d.dimension_name)).toEqual([
      'browser',
      'os',
    ]);
  });
});
