// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '@tidemark/contract';
import { completeDays } from '../components/hub/metric-sparkline';
import { bucketEnd, seriesChartOption, seriesParts, withoutFillingValue, zoomStart } from './series-option';

const point = (
  timestamp: string,
  y: number | null,
  lower: number | null,
  upper: number | null,
  anomaly: 'True' | 'False' = 'False',
): SeriesPoint => ({
  timestamp,
  result: {
    y,
    yhat: lower === null ? null : (lower + upper!) / 2,
    yhat_lower: lower,
    yhat_upper: upper,
    anomaly,
  },
});

describe('metric timeline', () => {
  it('draws the expected range as its lower edge plus a width, and spikes where flagged', () => {
    const parts = seriesParts([
      point('2026-11-01T00:00:00Z', 10, 8, 12),
      point('2026-11-02T00:00:00Z', 30, 9, 13, 'True'),
      point('2026-11-03T00:00:00Z', null, null, null),
    ]);
    const t = (d: number) => Date.UTC(2026, 10, d);
    expect(parts.lower).toEqual([
      [t(1), 8],
      [t(2), 9],
      [t(3), null],
    ]);
    expect(parts.width).toEqual([
      [t(1), 4],
      [t(2), 4],
      [t(3), null],
    ]);
    expect(parts.spikes).toEqual([[t(2), 30]]);
    expect(parts.value.map(([, y]) => y)).toEqual([10, 30, null]);
  });

  it('names the year on the axis when the data spans two years or is from an earlier year', () => {
    const colors = {
      value: '#000',
      expected: '#111',
      band: '#222',
      bandEdge: '#333',
      spike: '#f00',
      grid: '#eee',
    };
    const axisLabel = (points: SeriesPoint[]) => {
      const option = seriesChartOption({ points, format: 'number', timezone: 'Etc/UTC', colors });
      const xAxis = option.xAxis as { axisLabel: { formatter: (v: number) => string } };
      return xAxis.axisLabel.formatter(Date.UTC(2023, 11, 30));
    };
    expect(axisLabel([point('2023-12-30T00:00:00Z', 1, 0, 2), point('2024-01-02T00:00:00Z', 1, 0, 2)])).toBe(
      '30 Dec 2023',
    );
    expect(axisLabel([point('2023-03-01T00:00:00Z', 1, 0, 2), point('2023-12-30T00:00:00Z', 1, 0, 2)])).toBe(
      '30 Dec 2023',
    );
  });

  it('leaves out points whose time cannot be read', () => {
    expect(seriesParts([point('not a date', 1, 0, 2)]).value).toEqual([]);
  });

  it('keeps only finished days on the card sparkline', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    const kept = completeDays(
      [point('2026-11-24T00:00:00Z', 1, 0, 2), point('2026-11-25T00:00:00Z', 1, 0, 2)],
      now,
    );
    expect(kept.map((p) => p.timestamp)).toEqual(['2026-11-24T00:00:00Z']);
  });

  it('opens on the newest points and shows short series whole', () => {
    expect(zoomStart(400, 90)).toBe(77.5);
    expect(zoomStart(60, 90)).toBe(0);
    expect(zoomStart(400, undefined)).toBe(0);
  });

  it('leaves out the value of the bucket still filling, keeping its range', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    const shown = withoutFillingValue(
      [point('2026-11-24T00:00:00Z', 5, 4, 6), point('2026-11-25T00:00:00Z', 1, 4, 6, 'True')],
      'd',
      now,
    );
    expect(shown.map((p) => p.result.y)).toEqual([5, null]);
    expect(shown[1]!.result).toMatchObject({ yhat_lower: 4, anomaly: 'False' });
    expect(bucketEnd(Date.parse('2026-02-01T00:00:00Z'), 'm')).toBe(Date.parse('2026-03-01T00:00:00Z'));
    expect(bucketEnd(Date.parse('2026-11-01T00:00:00Z'), 'm')).toBe(Date.parse('2026-12-01T00:00:00Z'));
  });
});
