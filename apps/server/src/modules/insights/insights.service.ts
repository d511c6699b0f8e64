import {
  GROUPS_PAGE_SIZE,
  INSIGHT_MESSAGES,
  catalogueFor,
  type Group,
  type Insight,
  type RootCause,
  type TeamState,
} from '@tidemark/contract';
import { formatCurrency } from '@tidemark/format';
import { AppError } from '../../errors';
import type { TenantContext } from '../../plugins/context';
import * as repo from './insights.repository';
import { relatedOutages, relatedOutagesOfMany } from '../outages';

const insightNotFound = () => new AppError('not_found', catalogueFor(404, 'Insight').message);
const groupNotFound = () => new AppError('not_found', catalogueFor(404, 'Group').message);

const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const idOf = (value: string): number => {
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw new AppError('bad_request', 'The id is not valid.');
  return id;
};

const money = (value: number | null, symbol: string) =>
  value === null || !Number.isFinite(value)
    ? { dollar_impact: null, formatted_dollar_impact: null }
    : { dollar_impact: value, formatted_dollar_impact: formatCurrency(value, { symbol, signed: true }) };

const kpiFormatOf = (format: string): Insight['kpi_format'] =>
  format === 'percentage' || format === 'currency' ? format : 'number';

/** The stored draft, the team's wording over the engine's, figures made safe for the wire (JSON has no NaN). */
export function toInsight(row: repo.InsightRow): Insight {
  const d = row.draft;
  const p = (d.pattern_data ?? {}) as Record<string, unknown>;
  return {
    insight_id: String(row.insight_id),
    group_id: row.group_id === null ? null : String(row.group_id),
    insight_id_ts: str(d.insight_id_ts) || row.insight_ts.toISOString(),
    insight_title: row.title ?? str(d.insight_title),
    insight_summary: row.summary ?? str(d.insight_summary),
    insight_severity: d.insight_severity as Insight['insight_severity'],
    accent: d.accent as Insight['accent'],
    pattern_direction: d.pattern_direction as Insight['pattern_direction'],
    pattern_type: d.pattern_type as Insight['pattern_type'],
    pipeline_schedule: row.grain as Insight['pipeline_schedule'],
    pattern_count: num(d.pattern_count, 1),
    has_rootcause:
      !!row.rootcause && row.rootcause.status === 'ok' && row.rootcause.rootcause_data.length > 0,
    kpi_id: String(row.kpi_id),
    kpi_display_name: row.kpi_display_name,
    kpi_format: kpiFormatOf(row.kpi_format),
    kpi_currency: row.kpi_currency,
    chart_description: str(d.chart_description),
    chart_ts_start: str(d.chart_ts_start),
    chart_ts_end: str(d.chart_ts_end),
    current_value: num(d.current_value),
    expected_value: num(d.expected_value),
    formatted_current_value: str(d.formatted_current_value),
    formatted_expected_value: str(d.formatted_expected_value),
    formatted_difference_value: str(d.formatted_difference_value),
    formatted_lift_percentage: str(d.formatted_lift_percentage),
    formatted_trailing_sum: str(d.formatted_trailing_sum),
    formatted_normalization_string: str(d.formatted_normalization_string),
    is_derived: row.is_derived,
    ...money(row.dollar_impact, row.currency_symbol),
    pattern_data: {
      yhat_lower: num(p.yhat_lower),
      yhat_upper: num(p.yhat_upper),
      formatted_yhat_lower: str(p.formatted_yhat_lower),
      formatted_yhat_upper: str(p.formatted_yhat_upper),
      formatted_delta_to_date: str(p.formatted_delta_to_date),
      changepoint_value: typeof p.changepoint_value === 'number' ? p.changepoint_value : null,
      formatted_changepoint_value:
        typeof p.formatted_changepoint_value === 'string' ? p.formatted_changepoint_value : null,
      post_period: typeof p.post_period === 'string' ? p.post_period : null,
      trend_unit: typeof p.trend_unit === 'string' ? p.trend_unit : null,
      trend_line: (p.trend_line as Insight['pattern_data']['trend_line']) ?? null,
    },
    dim_name: row.dim_name || null,
    dim_val: row.dim_name ? row.dim_val : null,
  };
}

const BUCKET_MS: Record<string, number> = {
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  m: 31 * 86_400_000,
};

/**
 * Live while the anomaly is still going on: an insight of the group reaches its series' newest complete bucket
 * (or the one before, so a pipeline a run behind does not end it), and that series is still receiving data.
 * An export whose data stopped years ago has nothing live.
 */
export function isLive(row: Pick<repo.GroupRow, 'grain' | 'live_data_ts'>, now = Date.now()): boolean {
  if (!row.live_data_ts) return false;
  const bucket = BUCKET_MS[row.grain] ?? BUCKET_MS.d!;
  return row.live_data_ts.getTime() >= now - Math.max(3 * bucket, 2 * BUCKET_MS.d!);
}

export function toGroup(row: repo.GroupRow, tenantId: number): Group {
  const d = row.draft;
  return {
    group_id: String(row.group_id),
    group_title: row.title ?? str(d.group_title),
    group_summary: row.summary ?? str(d.group_summary),
    group_accent: d.group_accent as Group['group_accent'],
    group_severity: d.group_severity as Group['group_severity'],
    // Spec 3 §3: ACTIVE means live; an open group whose anomaly is over is Open; a moved one carries its state.
    group_status: row.team_state !== 'Open' ? row.team_state : isLive(row) ? 'ACTIVE' : 'Open',
    group_ts_start: row.ts_start.toISOString(),
    group_ts_end: row.ts_end.toISOString(),
    group_pattern_type: d.group_pattern_type as Group['group_pattern_type'],
    group_direction: d.group_direction as Group['group_direction'],
    pipeline_schedule: row.grain as Group['pipeline_schedule'],
    insights: row.insight_ids.map(String),
    tenant_id: String(tenantId),
    dim_display_name: typeof d.dim_display_name === 'string' ? d.dim_display_name : null,
    dim_val: typeof d.dim_val === 'string' ? d.dim_val : null,
    funnels: Array.isArray(d.funnels) ? (d.funnels as string[]) : [],
    top_kpi_id: String(row.top_kpi_id),
    chart_ts_start: str(d.chart_ts_start),
    chart_ts_end: str(d.chart_ts_end),
    chart_title: str(d.chart_title),
    ...money(row.dollar_impact, row.currency_symbol),
  };
}

async function groupOrThrow(ctx: TenantContext, id: string): Promise<repo.GroupRow> {
  const row = await repo.findGroup(ctx.db, ctx.tenantId, idOf(id));
  if (!row) throw groupNotFound();
  return row;
}

async function insightOrThrow(ctx: TenantContext, id: string): Promise<repo.InsightRow> {
  const row = await repo.findInsight(ctx.db, ctx.tenantId, idOf(id));
  if (!row) throw insightNotFound();
  return row;
}

const dimFilter = (q: { dim_name?: string | undefined; dim_val?: string | undefined }) =>
  q.dim_name && q.dim_val !== undefined
    ? { dimName: q.dim_name, dimVal: q.dim_val }
    : { dimName: null, dimVal: null };

export async function listGroups({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    page_num: number;
    start_time?: string | undefined;
    end_time?: string | undefined;
    team_state?: TeamState | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
  };
}) {
  const rows = await repo.listGroups(ctx.db, {
    tenantId: ctx.tenantId,
    teamState: input.team_state ?? 'Open',
    start: input.start_time ?? null,
    end: input.end_time ?? null,
    ...dimFilter(input),
    limit: GROUPS_PAGE_SIZE,
    offset: (input.page_num - 1) * GROUPS_PAGE_SIZE,
  });
  // A card names the provider outage its move is likely related to, as the group page does.
  const links = await relatedOutagesOfMany({
    ctx,
    input: { kind: 'insight_group', ids: rows.map((r) => String(r.group_id)) },
  });
  const groups = rows.map((r) => {
    const group = toGroup(r, ctx.tenantId);
    const related = links.get(group.group_id);
    return related ? { ...group, related_outages: related } : group;
  });
  return { groups, generated_groups_count: groups.length };
}

export async function getGroup({ ctx, input }: { ctx: TenantContext; input: { id: string } }) {
  const { id } = input;
  const group = toGroup(await groupOrThrow(ctx, id), ctx.tenantId);
  // Provider outages that likely caused this move (issue 12, modules/outages).
  const related_outages = await relatedOutages({ ctx, input: { kind: 'insight_group', id: group.group_id } });
  return { ...group, related_outages };
}

/** The group's metrics, each with its insights in time order: what an expanded card draws. */
export async function groupMetrics({ ctx, input }: { ctx: TenantContext; input: { id: string } }) {
  const { id } = input;
  const group = await groupOrThrow(ctx, id);
  const insights = await repo.insightsOfGroup(ctx.db, ctx.tenantId, group.group_id);
  const byKpi = new Map<number, repo.InsightRow[]>();
  for (const i of insights) byKpi.set(i.kpi_id, [...(byKpi.get(i.kpi_id) ?? []), i]);
  // The top metric first, then by how many insights each holds.
  const order = [...byKpi.keys()].sort(
    (a, b) =>
      Number(b === group.top_kpi_id) - Number(a === group.top_kpi_id) ||
      byKpi.get(b)!.length - byKpi.get(a)!.length ||
      a - b,
  );
  return {
    kpis: order.map((kpiId) => {
      const rows = byKpi.get(kpiId)!;
      return {
        kpi_id: String(kpiId),
        kpi_display_name: rows[0]!.kpi_display_name,
        kpi_format: kpiFormatOf(rows[0]!.kpi_format),
        kpi_currency: rows[0]!.kpi_currency,
        pipeline_schedule: group.grain as 'h' | 'd' | 'w' | 'm',
        insights: rows.map(toInsight),
      };
    }),
  };
}

/**
 * Time to detect: from the start of the group's first anomaly to when the pipeline raised it, or from when
 * its metric was configured if the anomaly came before (history found by the first analysis: a spike of
 * last week found today took minutes, not a week). Time to resolve: from the start to the team's Resolve
 * move; null until then.
 */
export async function groupImpact({ ctx, input }: { ctx: TenantContext; input: { id: string } }) {
  const { id } = input;
  const group = await groupOrThrow(ctx, id);
  const [resolved, configured] = await Promise.all([
    group.team_state === 'Resolved' ? repo.resolvedAt(ctx.db, ctx.tenantId, group.group_id) : null,
    repo.metricCreatedAt(ctx.db, ctx.tenantId, group.top_kpi_id),
  ]);
  const lookedFrom = Math.max(group.ts_start.getTime(), configured?.getTime() ?? 0);
  return [
    {
      type: 'time' as const,
      name: 'Time to detect' as const,
      value: Math.max(0, group.created_at.getTime() - lookedFrom),
    },
    {
      type: 'time' as const,
      name: 'Time to resolve' as const,
      value: resolved ? Math.max(0, resolved.getTime() - group.ts_start.getTime()) : null,
    },
  ];
}

export async function groupHistory({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { page_num: number; count: number } & { id: string };
}) {
  const { id } = input;
  const group = await groupOrThrow(ctx, id);
  const { rows, count } = await repo.groupHistory(ctx.db, {
    tenantId: ctx.tenantId,
    groupId: group.group_id,
    limit: input.count,
    offset: (input.page_num - 1) * input.count,
  });
  return {
    count,
    history: rows.map((r) => ({
      change_type: r.change_type as 'state_change' | 'annotation_change',
      change_data: r.change_data,
      login_id: r.login_id,
      created_at: r.created_at.toISOString(),
    })),
  };
}

export async function listInsights({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    page_num: number;
    count: number;
    kpis?: string | undefined;
    pattern_type?: string | undefined;
    severity?: string | undefined;
    start_time?: string | undefined;
    end_time?: string | undefined;
    pipeline_schedule?: string | undefined;
    group_id?: string | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
  };
}) {
  const rows = await repo.listInsights(ctx.db, {
    tenantId: ctx.tenantId,
    kpiIds: input.kpis ? input.kpis.split(',').map(Number) : null,
    patternType: input.pattern_type ?? null,
    severity: input.severity ?? null,
    start: input.start_time ?? null,
    end: input.end_time ?? null,
    grain: input.pipeline_schedule ?? null,
    groupId: input.group_id ? idOf(input.group_id) : null,
    ...dimFilter(input),
    limit: input.count,
    offset: (input.page_num - 1) * input.count,
  });
  const insights = rows.map(toInsight);
  return { insights, generated_insights_count: insights.length };
}

export async function getInsight({ ctx, input }: { ctx: TenantContext; input: { id: string } }) {
  const { id } = input;
  return toInsight(await insightOrThrow(ctx, id));
}

export async function insightRootCause({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: string };
}): Promise<RootCause> {
  const { id } = input;
  const row = await insightOrThrow(ctx, id);
  if (!row.rootcause) return { status: 'no data', rootcause_data: [] };
  return row.rootcause as RootCause;
}

/** Strips markup and control characters: annotations are shown as text, never as HTML. */
export function sanitiseText(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .split('')
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function annotate({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { old_data: { title: string; summary: string }; new_data: { title: string; summary: string } } & {
    kind: 'insight' | 'group';
    id: string;
  };
}) {
  const { kind, id } = input;
  const title = sanitiseText(input.new_data.title);
  const summary = sanitiseText(input.new_data.summary);
  // Spec 3 §5: the first failing rule's message only.
  if (!title) throw new AppError('bad_request', INSIGHT_MESSAGES.titleEmpty);
  if (!summary) throw new AppError('bad_request', INSIGHT_MESSAGES.summaryEmpty);
  const current =
    kind === 'insight'
      ? toInsight(await insightOrThrow(ctx, id))
      : toGroup(await groupOrThrow(ctx, id), ctx.tenantId);
  const [oldTitle, oldSummary] =
    kind === 'insight'
      ? [(current as Insight).insight_title, (current as Insight).insight_summary]
      : [(current as Group).group_title, (current as Group).group_summary];
  if (title === oldTitle && summary === oldSummary)
    throw new AppError('bad_request', INSIGHT_MESSAGES.nothingChanged);
  const numericId = idOf(id);
  await ctx.db.transaction(async (tx) => {
    await repo.annotate(tx, {
      tenantId: ctx.tenantId,
      table: kind === 'insight' ? 'insights' : 'insight_groups',
      id: numericId,
      title,
      summary,
    });
    const changed = [title !== oldTitle ? 'title' : null, summary !== oldSummary ? 'summary' : null].filter(
      Boolean,
    );
    await repo.addHistory(tx, {
      tenantId: ctx.tenantId,
      ...(kind === 'insight' ? { insightId: numericId } : { groupId: numericId }),
      changeType: 'annotation_change',
      changeData: { annotation_type: changed.join(',') },
      userId: ctx.user.userId,
    });
  });
  return { success: true, message: INSIGHT_MESSAGES.annotated, title, summary };
}

/** Open ⇄ Resolved / Flagged. A group already where it is asked to go is left alone, with no history entry. */
export async function moveTeamStates({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { old_state: TeamState; current_state: TeamState; groups: string[]; via?: 'slack' | undefined };
}) {
  const ids = [...new Set(input.groups.map(idOf))];
  const known = await repo.existingGroupIds(ctx.db, ctx.tenantId, ids);
  if (known.length !== ids.length) throw groupNotFound();
  const moved = await ctx.db.transaction(async (tx) => {
    const done = await repo.moveGroups(tx, {
      tenantId: ctx.tenantId,
      groupIds: ids,
      from: input.old_state,
      to: input.current_state,
    });
    for (const groupId of done) {
      await repo.addHistory(tx, {
        tenantId: ctx.tenantId,
        groupId,
        changeType: 'state_change',
        // A move made from a Slack alert's button says so in the history (the user is the Slack user's member).
        changeData: {
          old_state: input.old_state,
          current_state: input.current_state,
          ...(input.via ? { via: input.via } : {}),
        },
        userId: ctx.user.userId,
      });
    }
    return done.length;
  });
  return { success: true, moved };
}

const toFeedback = (row: repo.FeedbackRow) => ({
  feedback_id: String(row.feedback_id),
  feedback_ishelpful: row.ishelpful,
  feedback_comment: row.comment,
});

export async function getFeedback({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { kind: 'insight' | 'group'; id: string };
}) {
  const { kind, id } = input;
  const target = kind === 'insight' ? await insightOrThrow(ctx, id) : await groupOrThrow(ctx, id);
  const row = await repo.findFeedback(ctx.db, {
    tenantId: ctx.tenantId,
    userId: ctx.user.userId,
    groupId: kind === 'group' ? (target as repo.GroupRow).group_id : null,
    insightId: kind === 'insight' ? (target as repo.InsightRow).insight_id : null,
  });
  // No feedback yet is the usual state of a card, not an error.
  return row ? toFeedback(row) : null;
}

export async function postFeedback({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { feedback_ishelpful?: boolean | undefined; feedback_comment?: string | undefined } & {
    kind: 'insight' | 'group';
    id: string;
  };
}) {
  const { kind, id } = input;
  // Spec 3 §7: one of the two, never both.
  if ((input.feedback_ishelpful === undefined) === (input.feedback_comment === undefined))
    throw new AppError('bad_request', INSIGHT_MESSAGES.feedbackOneField);
  const target = kind === 'insight' ? await insightOrThrow(ctx, id) : await groupOrThrow(ctx, id);
  const row = await repo.saveFeedback(ctx.db, {
    tenantId: ctx.tenantId,
    userId: ctx.user.userId,
    groupId: kind === 'group' ? (target as repo.GroupRow).group_id : null,
    insightId: kind === 'insight' ? (target as repo.InsightRow).insight_id : null,
    ishelpful: input.feedback_ishelpful,
    comment: input.feedback_comment === undefined ? undefined : sanitiseText(input.feedback_comment),
  });
  return toFeedback(row);
}
