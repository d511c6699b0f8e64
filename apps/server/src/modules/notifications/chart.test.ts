import { describe, expect, it } from 'vitest';
import { chartAxes, chartPng, chartSvg, niceTicks, type ChartInput } from './chart';
import { bucketEnd, closedCount, insightChartInput, periodChartInput } from './chart-data';

const DAY = 86_400_000;
// Local midnights in New York (UTC-5 in late November).
const nyDay = (d: number) => new Date(Date.UTC(2026, 10, d, 5));

const series = (days: number[], y: (d: number) => number) => ({
  ts: days.map(nyDay),
  y: days.map(y),
  yhat_lower: days.map(() => 800),
  yhat_upper: days.map(() => 1300),
});

describe('charts in mails', () => {
  it('ends on the last bucket closed in the workspace zone, not on the day still filling', () => {
    const days = [20, 21, 22, 23, 24, 25, 26, 27, 28];
    // 28 Nov, 08:00 in New York: Friday the 27th closed at 05:00 UTC, Saturday is filling.
    const now = new Date('2026-11-28T13:00:00Z');
    expect(closedCount(days.map(nyDay), 'd', 'America/New_York', now)).toBe(8);
    // At 04:30 UTC it is still Friday evening in New York: Friday is not closed yet.
    expect(closedCount(days.map(nyDay), 'd', 'America/New_York', new Date('2026-11-28T04:30:00Z'))).toBe(7);
    const chart = insightChartInput(
      series(days, (d) => (d === 27 ? 4636 : d === 28 ? 150 : 1000)),
      {
        grain: 'd',
        insightTs: nyDay(27),
        bad: false,
        format: 'currency',
        currencySymbol: '€',
        timezone: 'America/New_York',
        now,
      },
    )!;
    expect(chart.values.at(-1)).toBe(4636);
    expect(chart.values).not.toContain(150);
    expect(chart.labels).toEqual([
      '20 Nov',
      '21 Nov',
      '22 Nov',
      '23 Nov',
      '24 Nov',
      '25 Nov',
      '26 Nov',
      '27 Nov',
    ]);
    expect(chart.highlight).toEqual([7, 7]);
    expect(chart.upper).toHaveLength(8);
  });

  it('knows where local days, hours and months end across a daylight-saving change', () => {
    // 1 Nov 2026: New York falls back, so that local day lasts 25 hours.
    const sunday = Date.parse('2026-11-01T04:00:00Z');
    expect(bucketEnd(sunday, 'd', 'America/New_York') - sunday).toBe(25 * 3_600_000);
    expect(bucketEnd(sunday, 'h', 'America/New_York') - sunday).toBe(3_600_000);
    expect(
      new Date(bucketEnd(Date.parse('2026-02-01T05:00:00Z'), 'm', 'America/New_York')).toISOString(),
    ).toBe('2026-03-01T05:00:00.000Z');
  });

  it('draws value and date axes with labels in the metric format and the workspace currency', () => {
    const input: ChartInput = {
      values: [1000, 1040, 980, 4636, 1010],
      lower: [800, 800, 800, 800, 800],
      upper: [1300, 1300, 1300, 1300, 1300],
      highlight: [3, 3],
      tone: 'good',
      labels: ['24 Nov', '25 Nov', '26 Nov', '27 Nov', '28 Nov'],
      format: 'currency',
      currency_symbol: '€',
    };
    const axes = chartAxes(input)!;
    expect(axes.y.map((t) => t.label)).toEqual(['€0', '€2k', '€4k', '€6k']);
    expect(axes.x.map((t) => t.label)).toEqual(input.labels);
    const svg = chartSvg(input);
    for (const label of ['€0', '€2k', '€4k', '24 Nov', '27 Nov', '28 Nov'])
      expect(svg).toContain(`>${label}</text>`);
    // The value axis runs from one round tick to another around every value, so the spike is inside it.
    expect(Math.max(...axes.y.map((t) => t.value))).toBeGreaterThanOrEqual(4636);
    const png = chartPng(input);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Labels are drawn: the same chart without them renders to a different image.
    const { labels: _labels, ...unlabelled } = input;
    const bare = chartPng(unlabelled);
    expect(png.equals(bare)).toBe(false);
  });

  it('spreads at most seven date labels over a long window and picks round value ticks', () => {
    const labels = Array.from({ length: 45 }, (_, i) => `d${i}`);
    const axes = chartAxes({
      values: labels.map((_, i) => i * 3.3),
      tone: 'neutral',
      labels,
      format: 'number',
    })!;
    expect(axes.x.map((t) => t.index)).toEqual([0, 7, 15, 22, 29, 37, 44]);
    expect(niceTicks(0, 145.2)).toEqual([0, 50, 100]);
    // Hourly labels are twice as wide: fewer of them, so the first and last do not run into their neighbours.
    const hours = Array.from({ length: 96 }, (_, i) => `${1 + Math.floor(i / 24)} Dec ${(i % 12) + 1} PM`);
    const hourly = chartAxes({ values: hours.map((_, i) => i), tone: 'neutral', labels: hours })!;
    expect(hourly.x.map((t) => t.index)).toEqual([0, 24, 48, 71, 95]);
    expect(niceTicks(0.012, 0.049)).toEqual([0.02, 0.04]);
    expect(chartAxes({ values: [1, 2], tone: 'neutral' })).toBeNull();
  });

  it("a summary's mover chart keeps closed days of the period only", () => {
    const days = Array.from({ length: 24 }, (_, i) => i + 5);
    const s = series(days, (d) => d * 10);
    const { chart, first, last } = periodChartInput(s, {
      from: new Date(nyDay(21).getTime() - 14 * DAY),
      to: nyDay(28),
      format: 'number',
      currencySymbol: '$',
      timezone: 'America/New_York',
      now: new Date('2026-11-28T17:05:00Z'),
    });
    expect(first).toBe(70);
    expect(last).toBe(270);
    expect(chart!.labels!.at(-1)).toBe('27 Nov');
  });
});
