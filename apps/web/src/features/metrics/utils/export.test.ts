// @vitest-environment node
import type { MetricListRow, SeriesPoint } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { SERIES_CSV_HEADER } from '@/lib/csv';
import { metricsExportFiles, TABLE_CSV_HEADER } from './export';

const row = (kpi_id: string, name: string): MetricListRow => ({
  kpi_id,
  kpi_display_name: name,
  category_name: 'Sales',
  funnel_name: null,
  tier: 1,
  impact_to_topline: 0.25,
  accent: 'positive',
  is_active: true,
  aggregation_operation: 'sum',
  kpi_format: 'number',
  kpi_currency: null,
  status: {
    pipeline_runs: [
      { frequency: 'd', status: 'success', is_active: true, last_run: '2026-11-25T00:00:00.000Z' },
    ],
    last_insight_ts: null,
    last_insight_id: null,
    reason: null,
  },
});

const point = (timestamp: string, y: number): SeriesPoint => ({
  timestamp,
  result: { y, yhat: y - 1, yhat_lower: y - 5, yhat_upper: y + 5, anomaly: 'False' },
});

describe('the metrics table export', () => {
  it('holds the table and one series CSV per metric, telling same-named files apart', () => {
    const rows = [row('1', 'Revenue, net'), row('2', 'Revenue net'), row('3', '=Orders')];
    const files = metricsExportFiles(rows, (id) =>
      id === '1' ? [point('2026-11-24T00:00:00.000Z', 120)] : [],
    );
    const text = (i: number) => new TextDecoder().decode(files[i]!.data);
    expect(files.map((f) => f.name)).toEqual([
      'metrics.csv',
      'Revenue_net.csv',
      'Revenue_net-2.csv',
      'Orders.csv',
    ]);
    expect(text(0).split('\r\n')).toEqual([
      TABLE_CSV_HEADER.join(','),
      '1,"Revenue, net",Sales,,1,0.25,positive,sum,number,d:success,,',
      '2,Revenue net,Sales,,1,0.25,positive,sum,number,d:success,,',
      "3,'=Orders,Sales,,1,0.25,positive,sum,number,d:success,,",
      '',
    ]);
    expect(text(1).split('\r\n')).toEqual([
      SERIES_CSV_HEADER.join(','),
      '2026-11-24T00:00:00.000Z,"Revenue, net",120,119,115,125,no',
      '',
    ]);
  });
});
