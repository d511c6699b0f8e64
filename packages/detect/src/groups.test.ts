import { describe, expect, it } from 'vitest';
import { groupInsights, type GroupableInsight } from './groups';

const base = (over: Partial<GroupableInsight>): GroupableInsight => ({
  insight_id: 'x',
  tenant_id: 't1',
  insight_id_ts: '2024-03-12T14:00:00.000Z',
  insight_title: 'Revenue fell 23.0% below expected on Tue 12 Mar',
  insight_severity: 'Medium',
  accent: 'negative',
  pattern_type: 'Point Anomaly',
  pattern_direction: 'down',
  kpi_id: 'rev',
  kpi_display_name: 'Revenue',
  chart_ts_start: '2024-03-10T00:00:00.000Z',
  chart_ts_end: '2024-03-14T00:00:00.000Z',
  expected_value: 100,
  current_value: 77,
  pipeline_schedule: 'h',
  ...over,
});

describe('groupInsights', () => {
  it('merges related insights close in time and leads with the most severe metric', () => {
    const groups = groupInsights([
      base({ insight_id: 'a', dim_name: 'device', dim_val: 'Mobile' }),
      base({
        insight_id: 'b',
        kpi_id: 'orders',
        kpi_display_name: 'Orders',
        insight_severity: 'High',
        dim_name: 'device',
        dim_val: 'Mobile',
        insight_id_ts: '2024-03-12T15:00:00.000Z',
        insight_title: 'Orders fell',
      }),
      base({ insight_id: 'c', tenant_id: 't2' }),
      base({ insight_id: 'd', insight_id_ts: '2024-03-20T14:00:00.000Z' }),
    ]);
    expect(groups).toHaveLength(3);
    const g = groups[0]!;
    expect(g.insights).toEqual(['b', 'a']);
    expect(g.group_severity).toBe('High');
    expect(g.top_kpi_id).toBe('orders');
    expect(g.dim_val).toBe('Mobile');
    expect(g.group_title).toBe('Orders fell and 1 related change');
    expect(g.group_ts_start).toBe('2024-03-12T14:00:00.000Z');
    expect(g.group_ts_end).toBe('2024-03-12T15:00:00.000Z');
  });
});
