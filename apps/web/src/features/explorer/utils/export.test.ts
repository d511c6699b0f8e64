// @vitest-environment node
import type { ExplorerQueryResponse } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { exportFileName, explorerCsvFiles } from './export';

const result = (y: number | null, band?: [number, number, number]) => ({
  y,
  yhat: band?.[0] ?? null,
  yhat_lower: band?.[1] ?? null,
  yhat_upper: band?.[2] ?? null,
  anomaly: (band && y !== null && y > band[2] ? 'True' : 'False') as 'True' | 'False',
});

const answer: ExplorerQueryResponse = {
  grain: 'd',
  requested_grain: 'd',
  start: '2025-02-01T00:00:00.000Z',
  end: '2025-02-03T00:00:00.000Z',
  comparison_start: '2025-01-30T00:00:00.000Z',
  comparison_end: '2025-02-01T00:00:00.000Z',
  timezone: 'Etc/UTC',
  source: 'warehouse',
  band_available: false,
  notices: [],
  omitted_series: 0,
  series: ['Email', 'Direct, "Web"'].flatMap((channel) => [
    {
      key: `1|${channel}`,
      label: channel,
      kpi_id: '1',
      kpi_display_name: 'Revenue',
      kpi_format: 'number' as const,
      split: [{ dim_name: 'channel', dim_display_name: 'Channel', dim_val: channel }],
      points: [
        { timestamp: '2025-02-01T00:00:00.000Z', result: result(10.5, [9, 8, 10]) },
        { timestamp: '2025-02-02T00:00:00.000Z', result: result(null) },
      ],
      comparison: [
        { timestamp: '2025-02-01T00:00:00.000Z', compared_timestamp: '2025-01-30T00:00:00.000Z', y: 7 },
        { timestamp: '2025-02-02T00:00:00.000Z', compared_timestamp: '2025-01-31T00:00:00.000Z', y: null },
      ],
    },
  ]),
};

describe('the explorer export', () => {
  it('writes one CSV per metric in the insight layout, with split columns and the comparison', () => {
    const [file, ...rest] = explorerCsvFiles(answer);
    expect(rest).toEqual([]);
    expect(file!.name).toBe('Revenue.csv');
    expect(new TextDecoder().decode(file!.data).split('\r\n')).toEqual([
      'timestamp,metric,Channel,value,expected,expected_lower,expected_upper,is_spike,compared_timestamp,compared_value',
      '2025-02-01T00:00:00.000Z,Revenue,Email,10.5,9,8,10,yes,2025-01-30T00:00:00.000Z,7',
      '2025-02-02T00:00:00.000Z,Revenue,Email,,,,,no,2025-01-31T00:00:00.000Z,',
      '2025-02-01T00:00:00.000Z,Revenue,"Direct, ""Web""",10.5,9,8,10,yes,2025-01-30T00:00:00.000Z,7',
      '2025-02-02T00:00:00.000Z,Revenue,"Direct, ""Web""",,,,,no,2025-01-31T00:00:00.000Z,',
      '',
    ]);
  });

  it("names the zip after the saved view, or the day's date", () => {
    expect(exportFileName('Revenue by channel')).toBe('tidemark-Revenue_by_channel.zip');
    expect(exportFileName(null, new Date('2025-03-02T10:00:00Z'))).toBe('tidemark-explorer-2025-03-02.zip');
  });
});
