import { screen } from '@testing-library/react';
import type { RootCause, RootCauseDetail, SeriesPoint } from '@tidemark/contract';
import { describe, expect, it, vi } from 'vitest';
import type { ChartOption } from '@/components/chart';
import { mockFetch } from '@/testing/fetch-mock';
import { HOSTILE_MARKUP, expectShownAsText } from '@/testing/hostile-markup';
import { renderWithRouter } from '@/testing/render';
import { RootCauseChart } from './rootcause-chart';
import { TimelineChart } from './timeline-chart';

// The options the charts hand to ECharts, so their formatters can be called as ECharts would.
const drawn = vi.hoisted(() => ({ options: new Map<string, unknown>() }));
vi.mock('@/components/chart', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EChart: (props: { ariaLabel: string; option: unknown; testId?: string }) => {
    drawn.options.set(props.testId ?? '', props.option);
    return <div role="img" aria-label={props.ariaLabel} />;
  },
}));

type Formatter = (params: unknown) => string;
const tooltipOf = (testId: string) =>
  ((drawn.options.get(testId) as ChartOption).tooltip as { formatter: Formatter }).formatter;

const points: SeriesPoint[] = [
  {
    timestamp: '2026-11-01T00:00:00Z',
    result: { y: 60, yhat: 10, yhat_lower: 8, yhat_upper: 12, anomaly: 'True' },
  },
];

function rootcause(dimName: string, dimVal: string): RootCause {
  const detail: RootCauseDetail = {
    dim_name: dimName,
    dim_val: dimVal,
    group: 'country',
    drill_down_group: null,
    pattern_contribution: 0.8,
    kpi_value_movement_decimal: 0.1,
    kpi_population_change_pct: 5,
    formatted_pattern_contribution: '80.0%',
    formatted_kpi_value_movement_decimal: '+10.0%',
    formatted_kpi_population_change_pct: '+5.0%',
    current_value: 60,
    expected_value: 10,
    formatted_current_value: '60',
    formatted_expected_value: '10',
    surprise: 0,
  };
  return {
    status: 'ok',
    rootcause_data: [
      {
        group: 'country',
        level: 0,
        dim_name: dimName,
        parent_group: null,
        score: 1,
        omitted_null_values: 0,
        rootcause_details: [detail],
      },
    ],
  };
}

describe('insight chart tooltips', () => {
  it.each(HOSTILE_MARKUP)('timeline: shows the metric name %s as text', async (name) => {
    renderWithRouter(
      <TimelineChart
        points={points}
        window={{ start: Date.parse('2026-10-30T00:00:00Z'), end: Date.parse('2026-11-02T00:00:00Z') }}
        schedule="d"
        kpiName={name}
        kpiFormat="number"
      />,
    );
    await screen.findByRole('img');
    const html = tooltipOf('timeline-chart')([{ dataIndex: 0, seriesId: 'actual' }]);
    expectShownAsText(html, name);
    expect(html).toContain('Spike');
  });

  it.each(HOSTILE_MARKUP)('root cause: shows the dimension value %s and its name as text', async (value) => {
    mockFetch({});
    renderWithRouter(<RootCauseChart rootcause={rootcause(value, value)} />);
    await screen.findByRole('img');
    const html = tooltipOf('rootcause-chart')({ dataIndex: 0 });
    expectShownAsText(html, `${value}: ${value}`);
    expect(html).toContain('60 vs 10 expected');
  });
});
