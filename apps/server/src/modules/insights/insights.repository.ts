import type { Queryable } from '../../db/client';
import { bucketIntervalSql } from '../../db/grain-sql';
import { moneyMetricSql, shownFormatSql } from '../warehouse';

// The leaf file, not the index: this constant is built at load, before a cycle through the index settles.

export interface InsightRow {
  insight_id: number;
  kpi_id: number;
  grain: string;
  dim_name: string;
  dim_val: string;
  insight_ts: Date;
  draft: Record<string, unknown>;
  rootcause: { status: string; rootcause_data: unknown[] } | null;
  title: string | null;
  summary: string | null;
  group_id: number | null;
  kpi_display_name: string;
  kpi_format: string;
  /** A money metric's currency (its own, else the workspace's); null otherwise. */
  kpi_currency: string | null;
  is_derived: boolean;
  created_at: Date;
  dollar_impact: number | null;
  currency_symbol: string;
}

const INSIGHT_COLUMNS = `i.insight_id::int, i.kpi_id::int, i.grain, i.dim_name, i.dim_val, i.insight_ts, i.draft, i.rootcause,
  i.title, i.summary, i.group_id::int, m.kpi_display_name, ${shownFormatSql('m')} as kpi_format,
  case when ${moneyMetricSql('m')} then coalesce(m.currency, (select t.currency from tenants t where t.tenant_id = i.tenant_id)) end
    as kpi_currency, m.is_derived, i.created_at,
  i.dollar_impact, (select t.currency_symbol from tenants t where t.tenant_id = i.tenant_id) as currency_symbol`;

export interface GroupRow {
  group_id: number;
  grain: string;
  draft: Record<string, unknown>;
  title: string | null;
  summary: string | null;
  team_state: string;
  ts_start: Date;
  ts_end: Date;
  dim_name: string;
  dim_val: string;
  top_kpi_id: number;
  created_at: Date;
  updated_at: Date;
  insight_ids: number[];
  dollar_impact: number | null;
  currency_symbol: string;
  /**
   * Newest stored bucket of the series whose anomaly reaches their newest complete bucket (or the one before
   * it); null when every insight of the group ended earlier. The caller weighs it against the clock.
   */
  live_data_ts: Date | null;
}

const GROUP_COLUMNS = `g.group_id::int, g.grain, g.draft, g.title, g.summary, g.team_state, g.ts_start, g.ts_end, g.dim_name,
  g.dim_val, g.top_kpi_id::int, g.created_at, g.updated_at, g.dollar_impact,
  (select t.currency_symbol from tenants t where t.tenant_id = g.tenant_id) as currency_symbol,
  coalesce((select array_agg(i.insight_id::int order by i.insight_ts, i.insight_id) from insights i
             where i.tenant_id = g.tenant_id and i.group_id = g.group_id), '{}') as insight_ids,
  -- The newest stored bucket is still filling: the newest complete one is the one before it.
  (select max(s.ts[cardinality(s.ts)]) from insights i
     join series s on s.tenant_id = i.tenant_id and s.kpi_id = i.kpi_id and s.grain = i.grain
      and s.dim_name = i.dim_name and s.dim_val = i.dim_val
    where i.tenant_id = g.tenant_id and i.group_id = g.group_id and cardinality(s.ts) >= 2
      and i.ts_end >= s.ts[cardinality(s.ts) - 1] - ${bucketIntervalSql('i')}) as live_data_ts`;

/** A dimension filter keeps groups holding an insight on that value or naming it first in a root cause. */
const GROUP_DIM_FILTER = `($4::text is null or exists (
    select 1 from insights i where i.tenant_id = g.tenant_id and i.group_id = g.group_id
       and ((i.dim_name = $4 and i.dim_val = $5)
         or (i.dim_name = '' and i.rootcause #>> '{rootcause_data,0,rootcause_details,0,dim_name}' = $4
                             and i.rootcause #>> '{rootcause_data,0,rootcause_details,0,dim_val}' = $5))))`;

export async function listGroups(
  db: Queryable,
  input: {
    tenantId: number;
    teamState: string;
    start: string | null;
    end: string | null;
    dimName: string | null;
    dimVal: string | null;
    limit: number;
    offset: number;
  },
): Promise<GroupRow[]> {
  return db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from insight_groups g
      where g.tenant_id = $1 and g.team_state = $2
        and ($3::timestamptz is null or g.ts_end >= $3) and ($6::timestamptz is null or g.ts_start <= $6)
        and ${GROUP_DIM_FILTER}
      order by g.ts_start desc, g.group_id desc limit $7 offset $8`,
    [
      input.tenantId,
      input.teamState,
      input.start,
      input.dimName,
      input.dimVal,
      input.end,
      input.limit,
      input.offset,
    ],
  );
}

export async function findGroup(db: Queryable, tenantId: number, groupId: number): Promise<GroupRow | null> {
  const rows = await db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from insight_groups g where g.tenant_id = $1 and g.group_id = $2`,
    [tenantId, groupId],
  );
  return rows[0] ?? null;
}

export async function findInsight(
  db: Queryable,
  tenantId: number,
  insightId: number,
): Promise<InsightRow | null> {
  const rows = await db.query<InsightRow>(
    `select ${INSIGHT_COLUMNS} from insights i join metrics m on m.tenant_id = i.tenant_id and m.kpi_id = i.kpi_id
      where i.tenant_id = $1 and i.insight_id = $2`,
    [tenantId, insightId],
  );
  return rows[0] ?? null;
}

export async function insightsOfGroup(
  db: Queryable,
  tenantId: number,
  groupId: number,
): Promise<InsightRow[]> {
  return db.query<InsightRow>(
    `select ${INSIGHT_COLUMNS} from insights i join metrics m on m.tenant_id = i.tenant_id and m.kpi_id = i.kpi_id
      where i.tenant_id = $1 and i.group_id = $2 order by i.insight_ts, i.insight_id`,
    [tenantId, groupId],
  );
}

export async function listInsights(
  db: Queryable,
  input: {
    tenantId: number;
    kpiIds: number[] | null;
    patternType: string | null;
    severity: string | null;
    start: string | null;
    end: string | null;
    grain: string | null;
    groupId: number | null;
    dimName: string | null;
    dimVal: string | null;
    limit: number;
    offset: number;
  },
): Promise<InsightRow[]> {
  return db.query<InsightRow>(
    `select ${INSIGHT_COLUMNS} from insights i join metrics m on m.tenant_id = i.tenant_id and m.kpi_id = i.kpi_id
      where i.tenant_id = $1
        and ($2::bigint[] is null or i.kpi_id = any($2))
        and ($3::text is null or i.pattern_type = $3)
        and ($4::text is null or i.severity = $4)
        and ($5::timestamptz is null or i.ts_end >= $5) and ($6::timestamptz is null or i.insight_ts <= $6)
        and ($7::text is null or i.grain = $7)
        and ($8::bigint is null or i.group_id = $8)
        and ($9::text is null or (i.dim_name = $9 and i.dim_val = $10))
      order by i.insight_ts desc, i.insight_id desc limit $11 offset $12`,
    [
      input.tenantId,
      input.kpiIds,
      input.patternType,
      input.severity,
      input.start,
      input.end,
      input.grain,
      input.groupId,
      input.dimName,
      input.dimVal,
      input.limit,
      input.offset,
    ],
  );
}

export async function annotate(
  db: Queryable,
  input: {
    tenantId: number;
    table: 'insights' | 'insight_groups';
    id: number;
    title: string;
    summary: string;
  },
): Promise<void> {
  const key = input.table === 'insights' ? 'insight_id' : 'group_id';
  await db.query(
    `update ${input.table} set title = $3, summary = $4, updated_at = now() where tenant_id = $1 and ${key} = $2`,
    [input.tenantId, input.id, input.title, input.summary],
  );
}

export async function addHistory(
  db: Queryable,
  input: {
    tenantId: number;
    groupId?: number | null;
    insightId?: number | null;
    changeType: 'state_change' | 'annotation_change';
    changeData: object;
    userId: number;
  },
): Promise<void> {
  // The login is read first: Citus plans no subquery inside an INSERT's values.
  const [user] = await db.query<{ login_id: string | null }>(
    'select login_id from users where user_id = $1',
    [input.userId],
  );
  await db.query(
    `insert into insight_history (tenant_id, group_id, insight_id, change_type, change_data, user_id, login_id)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      input.tenantId,
      input.groupId ?? null,
      input.insightId ?? null,
      input.changeType,
      input.changeData,
      input.userId,
      user?.login_id ?? null,
    ],
  );
}

export async function groupHistory(
  db: Queryable,
  input: { tenantId: number; groupId: number; limit: number; offset: number },
): Promise<{
  rows: Array<{ change_type: string; change_data: object; login_id: string | null; created_at: Date }>;
  count: number;
}> {
  const rows = await db.query<{
    change_type: string;
    change_data: object;
    login_id: string | null;
    created_at: Date;
  }>(
    `select change_type, change_data, login_id, created_at from insight_history
      where tenant_id = $1 and (group_id = $2 or insight_id in (select insight_id from insights where tenant_id = $1 and group_id = $2))
      order by created_at desc, history_id desc limit $3 offset $4`,
    [input.tenantId, input.groupId, input.limit, input.offset],
  );
  const [total] = await db.query<{ n: number }>(
    `select count(*)::int as n from insight_history
      where tenant_id = $1 and (group_id = $2 or insight_id in (select insight_id from insights where tenant_id = $1 and group_id = $2))`,
    [input.tenantId, input.groupId],
  );
  return { rows, count: total?.n ?? 0 };
}

/** Moves groups still in `from` to `to`; answers the ids that moved. */
export async function moveGroups(
  db: Queryable,
  input: { tenantId: number; groupIds: number[]; from: string; to: string },
): Promise<number[]> {
  const rows = await db.query<{ group_id: number }>(
    `update insight_groups set team_state = $4, updated_at = now()
      where tenant_id = $1 and group_id = any($2::bigint[]) and team_state = $3 and team_state <> $4
      returning group_id::int`,
    [input.tenantId, input.groupIds, input.from, input.to],
  );
  return rows.map((r) => r.group_id);
}

export async function existingGroupIds(
  db: Queryable,
  tenantId: number,
  groupIds: number[],
): Promise<number[]> {
  const rows = await db.query<{ group_id: number }>(
    'select group_id::int from insight_groups where tenant_id = $1 and group_id = any($2::bigint[])',
    [tenantId, groupIds],
  );
  return rows.map((r) => r.group_id);
}

/** When the metric was configured: before that Tidemark could not look at its data. */
export async function metricCreatedAt(db: Queryable, tenantId: number, kpiId: number): Promise<Date | null> {
  const rows = await db.query<{ at: Date }>(
    'select created_at as at from metrics where tenant_id = $1 and kpi_id = $2',
    [tenantId, kpiId],
  );
  return rows[0]?.at ?? null;
}

export async function resolvedAt(db: Queryable, tenantId: number, groupId: number): Promise<Date | null> {
  const rows = await db.query<{ at: Date }>(
    `select created_at as at from insight_history
      where tenant_id = $1 and group_id = $2 and change_type = 'state_change' and change_data->>'current_state' = 'Resolved'
      order by created_at desc limit 1`,
    [tenantId, groupId],
  );
  return rows[0]?.at ?? null;
}

export interface FeedbackRow {
  feedback_id: number;
  ishelpful: boolean | null;
  comment: string | null;
}

export async function findFeedback(
  db: Queryable,
  input: { tenantId: number; userId: number; groupId: number | null; insightId: number | null },
): Promise<FeedbackRow | null> {
  const rows = await db.query<FeedbackRow>(
    `select feedback_id::int, ishelpful, comment from insight_feedback
      where tenant_id = $1 and user_id = $2 and coalesce(group_id, 0) = coalesce($3::bigint, 0)
        and coalesce(insight_id, 0) = coalesce($4::bigint, 0)`,
    [input.tenantId, input.userId, input.groupId, input.insightId],
  );
  return rows[0] ?? null;
}

/** One row per user and item: a thumb and a comment may both be given, one at a time. */
export async function saveFeedback(
  db: Queryable,
  input: {
    tenantId: number;
    userId: number;
    groupId: number | null;
    insightId: number | null;
    ishelpful: boolean | undefined;
    comment: string | undefined;
  },
): Promise<FeedbackRow> {
  const [row] = await db.query<FeedbackRow>(
    `insert into insight_feedback (tenant_id, user_id, group_id, insight_id, ishelpful, comment)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id, coalesce(group_id, 0), coalesce(insight_id, 0), user_id) do update set
       ishelpful = coalesce($5, insight_feedback.ishelpful), comment = coalesce($6, insight_feedback.comment), updated_at = excluded.updated_at
     returning feedback_id::int, ishelpful, comment`,
    [
      input.tenantId,
      input.userId,
      input.groupId,
      input.insightId,
      input.ishelpful ?? null,
      input.comment ?? null,
    ],
  );
  return row!;
}
