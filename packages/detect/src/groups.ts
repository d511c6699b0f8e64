import type { InsightDraft } from './insight';
import type { Grain } from './series';
import type { Severity } from './spikes';
import type { Accent } from './trend';

/** An insight as grouping sees it: the draft plus its id and where it came from. */
export interface GroupableInsight extends Pick<
  InsightDraft,
  | 'insight_id_ts'
  | 'insight_title'
  | 'insight_severity'
  | 'accent'
  | 'pattern_type'
  | 'pattern_direction'
  | 'kpi_id'
  | 'kpi_display_name'
  | 'chart_ts_start'
  | 'chart_ts_end'
  | 'expected_value'
  | 'current_value'
  | 'pipeline_schedule'
> {
  insight_id: string;
  tenant_id: string;
  /** A group of one reads its insight's sentence rather than repeating its title. */
  insight_summary?: string;
  dim_name?: string | null;
  dim_val?: string | null;
  funnel?: string | null;
  /** Business weight to pick the group's top metric (impact_to_topline). */
  impact_to_topline?: number;
}

export interface InsightGroupDraft {
  group_title: string;
  group_summary: string;
  group_accent: Accent;
  group_severity: Severity;
  group_status: 'ACTIVE';
  group_ts_start: string;
  group_ts_end: string;
  group_pattern_type: InsightDraft['pattern_type'];
  group_direction: InsightDraft['pattern_direction'];
  pipeline_schedule: Grain;
  insights: string[];
  tenant_id: string;
  dim_display_name: string | null;
  dim_val: string | null;
  funnels: string[];
  top_kpi_id: string;
  chart_ts_start: string;
  chart_ts_end: string;
  chart_title: string;
}

const RANK: Record<Severity, number> = { High: 3, Medium: 2, Low: 1 };
// Insights within this many schedule buckets of each other are "close in time".
const NEAR: Record<Grain, number> = {
  h: 3 * 3_600_000,
  d: 2 * 86_400_000,
  w: 14 * 86_400_000,
  m: 62 * 86_400_000,
};

function related(a: GroupableInsight, b: GroupableInsight): boolean {
  if (a.tenant_id !== b.tenant_id || a.pipeline_schedule !== b.pipeline_schedule) return false;
  if (Math.abs(Date.parse(a.insight_id_ts) - Date.parse(b.insight_id_ts)) > NEAR[a.pipeline_schedule])
    return false;
  if (a.kpi_id === b.kpi_id) return true;
  if (a.funnel && a.funnel === b.funnel) return true;
  return !!a.dim_val && a.dim_name === b.dim_name && a.dim_val === b.dim_val;
}

/**
 * Groups insights of one tenant that are close in time and related (same metric across dimension
 * values, same funnel, or same dimension value). The top metric is the most severe, then most impactful.
 */
export function groupInsights(insights: readonly GroupableInsight[]): InsightGroupDraft[] {
  const parent = insights.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < insights.length; i++)
    for (let j = i + 1; j < insights.length; j++)
      if (related(insights[i]!, insights[j]!)) parent[find(i)] = find(j);
  const clusters = new Map<number, GroupableInsight[]>();
  insights.forEach((ins, i) => {
    const root = find(i);
    clusters.set(root, [...(clusters.get(root) ?? []), ins]);
  });
  const groups = [...clusters.values()].map(toGroup);
  return groups.sort(
    (a, b) =>
      RANK[b.group_severity] - RANK[a.group_severity] ||
      Date.parse(b.group_ts_end) - Date.parse(a.group_ts_end),
  );
}

function toGroup(members: GroupableInsight[]): InsightGroupDraft {
  const sorted = [...members].sort(
    (a, b) =>
      RANK[b.insight_severity] - RANK[a.insight_severity] ||
      (b.impact_to_topline ?? 0) - (a.impact_to_topline ?? 0) ||
      Math.abs(b.current_value - b.expected_value) - Math.abs(a.current_value - a.expected_value),
  );
  const top = sorted[0]!;
  const times = members.map((m) => Date.parse(m.insight_id_ts));
  const kpis = [...new Set(members.map((m) => m.kpi_display_name))];
  const dims = [...new Set(members.map((m) => m.dim_val).filter((v): v is string => !!v))];
  const sameDim = dims.length === 1 && members.every((m) => m.dim_val === dims[0]);
  const others = members.length - 1;
  const title =
    others === 0
      ? top.insight_title
      : `${top.insight_title} and ${others} related ${others === 1 ? 'change' : 'changes'}`;
  const summary =
    members.length === 1
      ? (top.insight_summary ?? top.insight_title)
      : `${members.length} related changes across ${kpis.length === 1 ? kpis[0] : `${kpis.slice(0, 3).join(', ')}${kpis.length > 3 ? ' and more' : ''}`}${dims.length ? ` (${dims.slice(0, 3).join(', ')})` : ''}, led by ${top.kpi_display_name}.`;
  return {
    group_title: title,
    group_summary: summary,
    group_accent: top.accent,
    group_severity: top.insight_severity,
    group_status: 'ACTIVE',
    group_ts_start: new Date(Math.min(...times)).toISOString(),
    group_ts_end: new Date(Math.max(...times)).toISOString(),
    group_pattern_type: top.pattern_type,
    group_direction: top.pattern_direction,
    pipeline_schedule: top.pipeline_schedule,
    insights: sorted.map((m) => m.insight_id),
    tenant_id: top.tenant_id,
    dim_display_name: sameDim ? (top.dim_name ?? null) : null,
    dim_val: sameDim ? dims[0]! : null,
    funnels: [...new Set(members.map((m) => m.funnel).filter((f): f is string => !!f))],
    top_kpi_id: top.kpi_id,
    chart_ts_start: new Date(Math.min(...members.map((m) => Date.parse(m.chart_ts_start)))).toISOString(),
    chart_ts_end: new Date(Math.max(...members.map((m) => Date.parse(m.chart_ts_end)))).toISOString(),
    chart_title: top.kpi_display_name,
  };
}
