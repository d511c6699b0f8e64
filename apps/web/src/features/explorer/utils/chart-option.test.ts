import type { ExplorerQueryResponse, ExplorerSeries } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { HOSTILE_MARKUP, expectShownAsText } from '@/testing/hostile-markup';
import { EXPLORER_COPY } from '../messages';
import { explorerChartOption } from './chart-option';

const colors = { palette: ['#111', '#222'], grid: '#eee', spike: '#f00' };

function answer(label: string): ExplorerQueryResponse {
  const series: ExplorerSeries = {
    key: `orders|country=${label}`,
    label,
    kpi_id: 'orders',
    kpi_display_name: 'Orders',
    kpi_format: 'number',
    split: [],
    points: [
      {
        timestamp: '2026-11-01T00:00:00Z',
        result: { y: 12, yhat: 10, yhat_lower: 8, yhat_upper: 11, anomaly: 'True' },
      },
    ],
    comparison: [{ timestamp: '2026-11-01T00:00:00Z', compared_timestamp: '2026-10-25T00:00:00Z', y: 9 }],
  };
  return {
    grain: 'd',
    requested_grain: 'd',
    start: '2026-11-01T00:00:00Z',
    end: '2026-11-02T00:00:00Z',
    comparison_start: null,
    comparison_end: null,
    timezone: 'Etc/UTC',
    source: 'series',
    band_available: true,
    notices: [],
    series: [series],
    omitted_series: 0,
  };
}

type Formatter = (params: unknown) => string;

describe('explorer chart tooltip', () => {
  it.each(HOSTILE_MARKUP)('shows the series %s as text, for the value and its comparison', (label) => {
    const option = explorerChartOption(answer(label), { chart: 'line', colors });
    const formatter = (option.tooltip as { formatter: Formatter }).formatter;
    const html = formatter([
      { seriesName: label, dataIndex: 0, marker: '<span class="m"></span>' },
      { seriesName: `${label} ${EXPLORER_COPY.comparisonSuffix}`, dataIndex: 0, marker: '' },
    ]);
    expectShownAsText(html, `${label}: 12`);
    expectShownAsText(html, `${label} ${EXPLORER_COPY.comparisonSuffix}: 9`);
    // ECharts' own marker stays markup.
    expect(html).toContain('<span class="m"></span>');
  });

  it('lists a series in the legend whatever its name holds, and leaves the band out', () => {
    const label = '<style>*{display:none}</style>';
    const option = explorerChartOption(answer(label), { chart: 'line', colors });
    expect((option.legend as { data: string[] }).data).toEqual([
      label,
      `${label} ${EXPLORER_COPY.comparisonSuffix}`,
    ]);
  });
});
