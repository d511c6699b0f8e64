import {
  insightViolations,
  isMoneyMetric,
  moneyMetricOf,
  sharedMoneyViolations,
  type Grain,
} from '@tidemark/detect';
import { epochMsArray, type Queryable } from '../db/client';

/**
 * Every insight and group of a workspace checked against the series it is about (the rules are the engine's
 * `insightViolations`): what the quality test and `npm run bench:quality` count. Answers one line per broken
 * rule, naming the insight.
 */
export async function workspaceViolations(db: Queryable, tenantId: number): Promise<string[]> {
  const metrics = await db.query<{
    kpi_id: number;
    kpi_display_name: string;
    aggregation_operation: string;
    formula: string | null;
    dollar_impact: number | null;
    kpi_format: string;
    impact_to_topline: number | null;
    is_active: boolean;
  }>(
    `select kpi_id::int, kpi_display_name, aggregation_operation, formula, dollar_impact, kpi_format,
            impact_to_topline, is_active
       from metrics where tenant_id = $1`,
    [tenantId],
  );
  const moneyMetric = moneyMetricOf(metrics.filter((m) => m.is_active));
  const insights = await db.query<{
    insight_id: number;
    kpi_id: number;
    grain: Grain;
    dim_name: string;
    dim_val: string;
    pattern_type: 'Point Anomaly' | 'Trend Change';
    direction: 'up' | 'down';
    insight_ts: Date;
    ts_end: Date;
    dollar_impact: number | null;
    group_id: number | null;
    draft: {
      current_value: number;
      expected_value: number;
      formatted_lift_percentage: string;
      formatted_normalization_string: string;
      insight_title: string;
      pattern_data: { yhat_lower: number; yhat_upper: number };
    };
  }>(
    `select insight_id::int, kpi_id::int, grain, dim_name, dim_val, pattern_type, direction, insight_ts, ts_end,
            dollar_impact, group_id::int, draft
       from insights where tenant_id = $1 order by insight_id`,
    [tenantId],
  );
  const series = await db.query<{
    kpi_id: number;
    grain: string;
    dim_name: string;
    dim_val: string;
    ts: number[];
    y: Array<number | null>;
    yhat: Array<number | null> | null;
    lower: Array<number | null> | null;
    upper: Array<number | null> | null;
  }>(
    `select kpi_id::int, grain, dim_name, dim_val, ${epochMsArray('ts')} as ts, y, yhat,
            yhat_lower as lower, yhat_upper as upper
       from series s
      where tenant_id = $1
        and (exists (select 1 from insights i where i.tenant_id = s.tenant_id and i.kpi_id = s.kpi_id
                      and i.grain = s.grain and i.dim_name = s.dim_name and i.dim_val = s.dim_val)
             or s.kpi_id = $2)`,
    [tenantId, moneyMetric?.kpi_id ?? 0],
  );
  const byKeyMoney = (grain: string, dimName: string, dimVal: string) => {
    if (!moneyMetric) return null;
    const s =
      byKey.get(`${moneyMetric.kpi_id}|${grain}|${dimName}|${dimVal}`) ??
      byKey.get(`${moneyMetric.kpi_id}|${grain}||`);
    return s?.yhat && s.lower && s.upper
      ? { ts: s.ts, y: s.y, yhat: s.yhat, lower: s.lower, upper: s.upper }
      : null;
  };
  const byKey = new Map(series.map((s) => [`${s.kpi_id}|${s.grain}|${s.dim_name}|${s.dim_val}`, s]));
  const byId = new Map(metrics.map((m) => [m.kpi_id, m]));
  const out: string[] = [];
  for (const i of insights) {
    const m = byId.get(i.kpi_id)!;
    const s = byKey.get(`${i.kpi_id}|${i.grain}|${i.dim_name}|${i.dim_val}`);
    const name = `${m.kpi_display_name} ${i.grain} ${i.dim_val || 'overall'} ${i.pattern_type} ${i.insight_ts.toISOString()}`;
    if (!s?.yhat || !s.lower || !s.upper) {
      out.push(`${name}: its series has no fit`);
      continue;
    }
    // Sums and counts add up over a window; a formula adds up unless it divides (a rate or an average).
    const additive = m.formula
      ? !m.formula.includes('/')
      : ['sum', 'count'].includes(m.aggregation_operation);
    const broken = insightViolations(
      {
        pattern_type: i.pattern_type,
        direction: i.direction,
        grain: i.grain,
        ts_start: i.insight_ts.getTime(),
        ts_end: i.ts_end.getTime(),
        current_value: i.draft.current_value,
        expected_value: i.draft.expected_value,
        yhat_lower: i.draft.pattern_data.yhat_lower,
        yhat_upper: i.draft.pattern_data.yhat_upper,
        formatted_lift_percentage: i.draft.formatted_lift_percentage,
        formatted_normalization_string: i.draft.formatted_normalization_string,
        insight_title: i.draft.insight_title,
        dollar_impact: i.dollar_impact,
      },
      { additive, dollar_impact: m.dollar_impact },
      { ts: s.ts, y: s.y, yhat: s.yhat, lower: s.lower, upper: s.upper },
      isMoneyMetric(m) ? null : byKeyMoney(i.grain, i.dim_name, i.dim_val),
    );
    for (const b of broken) out.push(`${name}: ${b}`);
  }
  const groups = await db.query<{ group_id: number; dollar_impact: number | null }>(
    'select group_id::int, dollar_impact from insight_groups where tenant_id = $1',
    [tenantId],
  );
  for (const g of groups) {
    const members = insights.filter((i) => i.group_id === g.group_id).map((i) => i.dollar_impact);
    for (const b of sharedMoneyViolations(g.dollar_impact, members)) out.push(`group ${g.group_id}: ${b}`);
  }
  return out;
}
