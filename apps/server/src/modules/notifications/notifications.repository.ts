import type { Queryable } from '../../db/client';
import { bucketIntervalSql } from '../../db/grain-sql';
import type { NotificationChannel, NotificationKind, NotificationSeverity } from './channel';
import type { NotificationContent } from './content';

export interface WorkspaceRow {
  tenant_id: number;
  display_name: string;
  timezone: string;
  currency: string;
  currency_symbol: string;
  is_demo: boolean;
  is_all_customers: boolean;
}

export async function findWorkspace(db: Queryable, tenantId: number): Promise<WorkspaceRow | undefined> {
  const [row] = await db.query<WorkspaceRow>(
    `select tenant_id::int, display_name, timezone, currency, currency_symbol, is_demo, is_all_customers
       from tenants where tenant_id = $1`,
    [tenantId],
  );
  return row;
}

/** Which items to load: the given ids (an alert), or those that took place in [from, to) (a summary). */
export type ItemSelector = { ids: string[] } | { from: Date; to: Date };

export interface InsightGroupItem {
  group_id: string;
  severity: NotificationSeverity;
  dollar_impact: number | null;
  dim_name: string;
  dim_val: string;
  title: string;
  summary: string;
  team_state: string;
  ts_start: Date;
  ts_end: Date;
  kpi_ids: string[];
  top_kpi_display_name: string | null;
  top_kpi_format: string | null;
  /** The top metric is counted in money (the workspace's currency). */
  top_kpi_money: boolean;
  expected: number | null;
  actual: number | null;
  accent: string | null;
  direction: string | null;
  grain: string;
  top_insight_ts: Date | null;
  top_dim_name: string | null;
  top_dim_val: string | null;
  top_kpi_id: string;
  /** The highest severity it was alerted at (the repeat rule's record); null when never alerted. */
  alerted_rank: number | null;
  helpful: number;
  rated: number;
  /** Groups of other grains telling the same kind of change of the same metric and dimension in an overlapping window. */
  peers: GroupPeer[];
}

/** Another grain's group about the same window: an hourly and a daily spike of one afternoon. */
export interface GroupPeer {
  grain: string;
  severity: NotificationSeverity;
  team_state: string;
  /** ISO time (read through JSON). */
  ts_end: string;
  alerted_rank: number | null;
}

const selectorParams = (s: ItemSelector) => ('ids' in s ? [s.ids, null, null] : [null, s.from, s.to]);

/**
 * Groups with the figures of their top metric's most severe insight (what the alert shows). A group took
 * place when its newest anomaly bucket did (`ts_end`).
 */
export async function insightGroupItems(
  db: Queryable,
  tenantId: number,
  select: ItemSelector,
): Promise<InsightGroupItem[]> {
  return db.query<InsightGroupItem>(
    `select g.group_id::text, g.severity, g.dollar_impact, g.dim_name, g.dim_val,
            coalesce(g.title, g.draft->>'group_title') as title, coalesce(g.summary, g.draft->>'group_summary') as summary,
            g.team_state, g.ts_start, g.ts_end, g.grain, g.top_kpi_id::text,
            (select array_agg(distinct i.kpi_id::text) from insights i where i.tenant_id = g.tenant_id and i.group_id = g.group_id) as kpi_ids,
            m.kpi_display_name as top_kpi_display_name, m.kpi_format as top_kpi_format,
            coalesce(m.kpi_format = 'currency' or (m.kpi_format <> 'percentage' and m.dollar_impact = 1), false) as top_kpi_money,
            (t.draft->>'expected_value')::float8 as expected, (t.draft->>'current_value')::float8 as actual,
            t.accent, t.direction, t.insight_ts as top_insight_ts, t.dim_name as top_dim_name, t.dim_val as top_dim_val,
            ni.severity_rank::int as alerted_rank,
            (select count(*) filter (where f.ishelpful)::int from insight_feedback f
              where f.tenant_id = g.tenant_id and f.group_id = g.group_id) as helpful,
            (select count(*) filter (where f.ishelpful is not null)::int from insight_feedback f
              where f.tenant_id = g.tenant_id and f.group_id = g.group_id) as rated,
            (select coalesce(json_agg(json_build_object('grain', p.grain, 'severity', p.severity,
                      'team_state', p.team_state, 'ts_end', p.ts_end, 'alerted_rank', pn.severity_rank)), '[]')
               from insight_groups p
               left join notification_items pn on pn.tenant_id = p.tenant_id and pn.kind = 'insight_group'
                                              and pn.item_id = p.group_id::text
              where p.tenant_id = g.tenant_id and p.grain <> g.grain and p.top_kpi_id = g.top_kpi_id
                and p.dim_name is not distinct from g.dim_name and p.dim_val is not distinct from g.dim_val
                and p.draft->>'group_pattern_type' is not distinct from g.draft->>'group_pattern_type'
                and p.ts_start < g.ts_end + ${bucketIntervalSql('g')} and g.ts_start < p.ts_end + ${bucketIntervalSql('p')}) as peers
       from insight_groups g
       left join metrics m on m.tenant_id = g.tenant_id and m.kpi_id = g.top_kpi_id
       left join notification_items ni on ni.tenant_id = g.tenant_id and ni.kind = 'insight_group'
                                      and ni.item_id = g.group_id::text
       left join lateral (
         select i.draft, i.accent, i.direction, i.insight_ts, i.dim_name, i.dim_val from insights i
          where i.tenant_id = g.tenant_id and i.group_id = g.group_id
          order by (i.kpi_id = g.top_kpi_id) desc, case i.severity when 'High' then 3 when 'Medium' then 2 else 1 end desc,
                   (i.dim_name = '') desc, i.insight_id
          limit 1) t on true
      where g.tenant_id = $1
        and (g.group_id = any($2::bigint[]) or ($2 is null and g.ts_end >= $3 and g.ts_end < $4))
      order by g.group_id`,
    [tenantId, ...selectorParams(select)],
  );
}

export interface SeriesWindow {
  ts: Date[];
  y: number[];
  yhat_lower: Array<number | null> | null;
  yhat_upper: Array<number | null> | null;
}

export async function seriesOf(
  db: Queryable,
  input: { tenantId: number; kpiId: string; grain: string; dimName: string; dimVal: string },
): Promise<SeriesWindow | undefined> {
  const [row] = await db.query<SeriesWindow>(
    `select ts, y, yhat_lower, yhat_upper from series
      where tenant_id = $1 and kpi_id = $2 and grain = $3 and dim_name = $4 and dim_val = $5`,
    [input.tenantId, input.kpiId, input.grain, input.dimName, input.dimVal],
  );
  return row;
}

export interface EventGroupItem {
  event_group_id: string;
  sequence_id: number;
  severity: NotificationSeverity;
  impact_value: number | null;
  title: string;
  summary: string;
  status: string;
  type: string;
  sub_type: string;
  ts_start: Date;
  number_of_events: number;
  alerted_rank: number | null;
  helpful: number;
  rated: number;
}

/** Event groups by id, or those that began in [from, to). */
export async function eventGroupItems(
  db: Queryable,
  tenantId: number,
  select: ItemSelector,
): Promise<EventGroupItem[]> {
  return db.query<EventGroupItem>(
    `select e.event_group_id::text, e.sequence_id, e.severity, e.impact_value, e.title, e.summary, e.status, e.type,
            e.sub_type, e.ts_start, e.number_of_events, ni.severity_rank::int as alerted_rank,
            (select count(*) filter (where f.ishelpful)::int from event_group_feedback f
              where f.tenant_id = e.tenant_id and f.event_group_id = e.event_group_id) as helpful,
            (select count(*) filter (where f.ishelpful is not null)::int from event_group_feedback f
              where f.tenant_id = e.tenant_id and f.event_group_id = e.event_group_id) as rated
       from event_groups e
       left join notification_items ni on ni.tenant_id = e.tenant_id and ni.kind = 'event_group'
                                      and ni.item_id = e.event_group_id::text
      where e.tenant_id = $1
        and (e.event_group_id = any($2::bigint[]) or ($2 is null and e.ts_start >= $3 and e.ts_start < $4))
      order by e.event_group_id`,
    [tenantId, ...selectorParams(select)],
  );
}

export interface RecipientRow {
  user_id: number;
  email: string;
  phone_number: string | null;
  email_active: boolean;
  sms_active: boolean;
  slack_active: boolean;
  severities: NotificationSeverity[];
  monetary_impact_threshold: number;
  quiet_hours_active: boolean;
  quiet_start: string;
  quiet_end: string;
  scope_dim_name: string | null;
  scope_dim_val: string | null;
  unsubscribed: Partial<Record<NotificationChannel, string[]>>;
}

/** Every member of the workspace with their subscription (defaults when never saved) and noise settings. */
export async function recipients(db: Queryable, tenantId: number, userId?: number): Promise<RecipientRow[]> {
  return db.query<RecipientRow>(
    `select u.user_id::int, u.email, u.phone_number,
            coalesce(s.email_active, true) as email_active, coalesce(s.sms_active, false) as sms_active,
            coalesce(s.slack_active, false) as slack_active,
            coalesce(s.severities, '{High,Medium,Low}') as severities,
            coalesce(s.monetary_impact_threshold, 0)::float8 as monetary_impact_threshold,
            coalesce(n.quiet_hours_active, false) as quiet_hours_active,
            coalesce(n.quiet_start, '22:00') as quiet_start, coalesce(n.quiet_end, '07:00') as quiet_end,
            f.dimension_name as scope_dim_name, f.dimension_value as scope_dim_val,
            coalesce(n.unsubscribed, '{}'::jsonb) as unsubscribed
       from memberships mb
       join users u on u.user_id = mb.user_id
       left join user_subscriptions s on s.tenant_id = mb.tenant_id and s.user_id = mb.user_id
       left join notification_settings n on n.tenant_id = mb.tenant_id and n.user_id = mb.user_id
       left join global_filters f on f.tenant_id = mb.tenant_id and f.filter_id = n.scope_filter_id
      where mb.tenant_id = $1 and ($2::bigint is null or mb.user_id = $2)
      order by u.user_id`,
    [tenantId, userId ?? null],
  );
}

export interface SnoozeRow {
  snooze_id: string;
  user_id: number;
  target_type: 'insight_group' | 'event_group' | 'metric';
  target_id: string;
  until: Date;
}

export async function activeSnoozes(db: Queryable, tenantId: number, now: Date): Promise<SnoozeRow[]> {
  return db.query<SnoozeRow>(
    `select snooze_id::text, user_id::int, target_type, target_id, until from notification_snoozes
      where tenant_id = $1 and until > $2 order by until`,
    [tenantId, now],
  );
}

/** What a snooze silences, named for the person who set it: the group's title or the metric's name. */
const SNOOZE_TARGET_NAME = `case s.target_type
    when 'insight_group' then (select coalesce(g.title, g.draft->>'group_title') from insight_groups g
                                where g.tenant_id = s.tenant_id and g.group_id = s.target_id::bigint)
    when 'event_group' then (select e.title from event_groups e
                              where e.tenant_id = s.tenant_id and e.event_group_id = s.target_id::bigint)
    else (select m.kpi_display_name from metrics m where m.tenant_id = s.tenant_id and m.kpi_id = s.target_id::bigint)
  end as target_name`;

export interface NamedSnoozeRow extends SnoozeRow {
  target_name: string | null;
}

/** One member's snoozes still running, soonest to end first, each with its target's name. */
export async function memberSnoozes(
  db: Queryable,
  tenantId: number,
  userId: number,
  now: Date,
): Promise<NamedSnoozeRow[]> {
  return db.query<NamedSnoozeRow>(
    `select s.snooze_id::text, s.user_id::int, s.target_type, s.target_id, s.until, ${SNOOZE_TARGET_NAME}
       from notification_snoozes s
      where s.tenant_id = $1 and s.user_id = $2 and s.until > $3 order by s.until, s.snooze_id`,
    [tenantId, userId, now],
  );
}

export async function upsertSnooze(
  db: Queryable,
  input: { tenantId: number; userId: number; targetType: string; targetId: string; until: Date },
): Promise<NamedSnoozeRow> {
  const [row] = await db.query<NamedSnoozeRow>(
    `with s as (
       insert into notification_snoozes (tenant_id, user_id, target_type, target_id, until) values ($1, $2, $3, $4, $5)
       on conflict (tenant_id, user_id, target_type, target_id) do update set until = excluded.until, created_at = excluded.created_at
       returning tenant_id, snooze_id, user_id, target_type, target_id, until)
     select s.snooze_id::text, s.user_id::int, s.target_type, s.target_id, s.until, ${SNOOZE_TARGET_NAME} from s`,
    [input.tenantId, input.userId, input.targetType, input.targetId, input.until],
  );
  return row!;
}

export async function deleteSnooze(
  db: Queryable,
  tenantId: number,
  userId: number,
  id: string,
): Promise<boolean> {
  const rows = await db.query(
    'delete from notification_snoozes where tenant_id = $1 and user_id = $2 and snooze_id = $3 returning 1',
    [tenantId, userId, id],
  );
  return rows.length > 0;
}

export async function targetExists(
  db: Queryable,
  tenantId: number,
  type: string,
  id: string,
): Promise<boolean> {
  const sql =
    type === 'insight_group'
      ? 'select 1 from insight_groups where tenant_id = $1 and group_id = $2'
      : type === 'event_group'
        ? 'select 1 from event_groups where tenant_id = $1 and event_group_id = $2'
        : 'select 1 from metrics where tenant_id = $1 and kpi_id = $2';
  return (await db.query(sql, [tenantId, id])).length > 0;
}

/**
 * The repeat rule: records that the item alerts at this severity, and says whether it should — never
 * before, or only at a lower severity.
 */
export async function claimAlertLevel(
  db: Queryable,
  input: { tenantId: number; kind: string; itemId: string; rank: number },
): Promise<boolean> {
  const rows = await db.query(
    `insert into notification_items (tenant_id, kind, item_id, severity_rank) values ($1, $2, $3, $4)
     on conflict (tenant_id, kind, item_id) do update set severity_rank = excluded.severity_rank, alerted_at = excluded.alerted_at
       where notification_items.severity_rank < excluded.severity_rank
     returning 1`,
    [input.tenantId, input.kind, input.itemId, input.rank],
  );
  return rows.length > 0;
}

/** Items of these ids that alerted before (any kind): their next alert is an escalation. */
export async function alertedBefore(
  db: Queryable,
  tenantId: number,
  itemIds: string[],
): Promise<Array<{ kind: string; item_id: string }>> {
  return db.query<{ kind: string; item_id: string }>(
    'select kind, item_id from notification_items where tenant_id = $1 and item_id = any($2::text[])',
    [tenantId, itemIds],
  );
}

export async function insertOutbox(
  db: Queryable,
  row: {
    tenantId: number;
    userId: number;
    channel: NotificationChannel;
    kind: NotificationKind;
    itemId: string | null;
    dedupeKey: string;
    content: NotificationContent;
    sendAfter: Date;
  },
): Promise<string | null> {
  const [r] = await db.query<{ id: string }>(
    `insert into notification_outbox (tenant_id, user_id, channel, kind, item_id, dedupe_key, content, send_after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (tenant_id, user_id, channel, dedupe_key) do nothing
     returning notification_id::text as id`,
    [
      row.tenantId,
      row.userId,
      row.channel,
      row.kind,
      row.itemId,
      row.dedupeKey,
      JSON.stringify(row.content),
      row.sendAfter,
    ],
  );
  return r?.id ?? null;
}

/**
 * Pending rows whose time has come and that no delivery job has taken in the last 10 minutes, claimed by
 * stamping `dispatched_at`. Claims are per tenant and re-check the row under its lock, so two dispatchers
 * never take one row; no cross-tenant `for update` (Citus cannot lock rows across shards).
 */
export async function takeDueOutbox(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<Array<{ tenant_id: number; id: string; channel: NotificationChannel }>> {
  const due = `status = 'pending' and send_after <= $1
    and (dispatched_at is null or dispatched_at < $1::timestamptz - interval '10 minutes')`;
  const candidates = await db.query<{ tenant_id: number; ids: string[] }>(
    `select tenant_id::int, array_agg(notification_id::text) as ids
       from (select tenant_id, notification_id from notification_outbox where ${due}
              order by send_after limit $2) c
      group by tenant_id`,
    [now, limit],
  );
  const taken: Array<{ tenant_id: number; id: string; channel: NotificationChannel }> = [];
  for (const c of candidates) {
    taken.push(
      ...(await db.query<{ tenant_id: number; id: string; channel: NotificationChannel }>(
        `update notification_outbox set dispatched_at = $1
          where tenant_id = $2 and notification_id = any($3::bigint[]) and ${due}
          returning tenant_id::int, notification_id::text as id, channel`,
        [now, c.tenant_id, c.ids],
      )),
    );
  }
  return taken;
}

export interface OutboxRow {
  tenant_id: number;
  notification_id: string;
  user_id: number;
  channel: NotificationChannel;
  kind: NotificationKind;
  item_id: string | null;
  content: NotificationContent;
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  attempts: number;
  provider_message_id: string | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const OUTBOX_COLUMNS = `tenant_id::int, notification_id::text, user_id::int, channel, kind, item_id, content, status,
  attempts, provider_message_id, last_error, created_at, sent_at`;

export async function findOutbox(
  db: Queryable,
  tenantId: number,
  id: string,
): Promise<OutboxRow | undefined> {
  const [row] = await db.query<OutboxRow>(
    `select ${OUTBOX_COLUMNS} from notification_outbox where tenant_id = $1 and notification_id = $2`,
    [tenantId, id],
  );
  return row;
}

export async function listOutbox(
  db: Queryable,
  filter: { tenantId: number; userId?: number; kind?: NotificationKind },
): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `select ${OUTBOX_COLUMNS} from notification_outbox
      where tenant_id = $1 and ($2::bigint is null or user_id = $2) and ($3::text is null or kind = $3)
      order by notification_id`,
    [filter.tenantId, filter.userId ?? null, filter.kind ?? null],
  );
}

/** Counts the attempt before it is made, so a crash mid-send still shows on the row. */
export async function startAttempt(db: Queryable, tenantId: number, id: string): Promise<number | null> {
  const [row] = await db.query<{ attempts: number }>(
    `update notification_outbox set attempts = attempts + 1
      where tenant_id = $1 and notification_id = $2 and status = 'pending' returning attempts`,
    [tenantId, id],
  );
  return row?.attempts ?? null;
}

export async function recordAttempt(
  db: Queryable,
  a: {
    tenantId: number;
    id: string;
    channel: NotificationChannel;
    recipient: string;
    status: 'sent' | 'failed';
    providerMessageId: string | null;
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into notification_attempts (tenant_id, notification_id, channel, recipient, status, provider_message_id, error)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [a.tenantId, a.id, a.channel, a.recipient, a.status, a.providerMessageId, a.error],
  );
  if (a.status === 'sent') {
    await db.query(
      `update notification_outbox set status = 'sent', sent_at = now(), provider_message_id = $3, last_error = null
        where tenant_id = $1 and notification_id = $2`,
      [a.tenantId, a.id, a.providerMessageId],
    );
  } else {
    await db.query(
      'update notification_outbox set last_error = $3 where tenant_id = $1 and notification_id = $2',
      [a.tenantId, a.id, a.error],
    );
  }
}

export async function finishOutbox(
  db: Queryable,
  input: { tenantId: number; id: string; status: 'failed' | 'cancelled'; error: string },
): Promise<void> {
  await db.query(
    `update notification_outbox set status = $3, last_error = $4
      where tenant_id = $1 and notification_id = $2 and status = 'pending'`,
    [input.tenantId, input.id, input.status, input.error],
  );
}

export async function attemptsOf(db: Queryable, tenantId: number, id: string) {
  return db.query<{
    channel: string;
    recipient: string;
    status: string;
    provider_message_id: string | null;
    error: string | null;
  }>(
    `select channel, recipient, status, provider_message_id, error from notification_attempts
      where tenant_id = $1 and notification_id = $2 order by attempt_id`,
    [tenantId, id],
  );
}

export async function userEmail(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>('select email from users where user_id = $1', [userId]);
  return row?.email;
}

// ---- Settings ----

export interface SettingsRow {
  quiet_hours_active: boolean;
  quiet_start: string;
  quiet_end: string;
  scope_filter_id: string | null;
  unsubscribed: Partial<Record<NotificationChannel, string[]>>;
}

export async function findSettings(db: Queryable, tenantId: number, userId: number): Promise<SettingsRow> {
  const [row] = await db.query<SettingsRow>(
    `select quiet_hours_active, quiet_start, quiet_end, scope_filter_id::text, unsubscribed
       from notification_settings where tenant_id = $1 and user_id = $2`,
    [tenantId, userId],
  );
  return (
    row ?? {
      quiet_hours_active: false,
      quiet_start: '22:00',
      quiet_end: '07:00',
      scope_filter_id: null,
      unsubscribed: {},
    }
  );
}

export async function saveSettings(
  db: Queryable,
  tenantId: number,
  userId: number,
  s: SettingsRow,
): Promise<void> {
  await db.query(
    `insert into notification_settings (tenant_id, user_id, quiet_hours_active, quiet_start, quiet_end, scope_filter_id, unsubscribed)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (tenant_id, user_id) do update set quiet_hours_active = excluded.quiet_hours_active,
       quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, scope_filter_id = excluded.scope_filter_id,
       unsubscribed = excluded.unsubscribed, updated_at = excluded.updated_at`,
    [
      tenantId,
      userId,
      s.quiet_hours_active,
      s.quiet_start,
      s.quiet_end,
      s.scope_filter_id,
      JSON.stringify(s.unsubscribed),
    ],
  );
}

export async function filterExists(db: Queryable, tenantId: number, filterId: string): Promise<boolean> {
  return (
    (
      await db.query('select 1 from global_filters where tenant_id = $1 and filter_id = $2', [
        tenantId,
        filterId,
      ])
    ).length > 0
  );
}

/** One-click unsubscribe from alerts turns the settings' own e-mail switch off, so the settings tell the truth. */
export async function turnEmailAlertsOff(db: Queryable, tenantId: number, userId: number): Promise<void> {
  await db.query(
    `insert into user_subscriptions (tenant_id, user_id, email_active) values ($1, $2, false)
     on conflict (tenant_id, user_id) do update set email_active = false, updated_at = excluded.updated_at`,
    [tenantId, userId],
  );
}

export async function isMember(db: Queryable, tenantId: number, userId: number): Promise<boolean> {
  return (
    (await db.query('select 1 from memberships where tenant_id = $1 and user_id = $2', [tenantId, userId]))
      .length > 0
  );
}

// ---- Digests ----

export interface ScheduleRow {
  tenant_id: number;
  timezone: string;
  user_id: number;
  email_active: boolean;
  preference_value: {
    daily_alerts?: { is_active?: boolean; days_of_week?: string[] };
    weekly_digest?: { is_active?: boolean; start_of_week?: string; day_time?: string; time_zone?: string };
  } | null;
  preference_active: boolean | null;
  preference_saved_at: Date | null;
  unsubscribed: Partial<Record<NotificationChannel, string[]>>;
}

/** Every member of every customer workspace with their report schedule (null when never saved). */
export async function digestSchedules(db: Queryable, tenantId?: number): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(
    `select t.tenant_id::int, t.timezone, mb.user_id::int,
            coalesce(s.email_active, true) as email_active,
            p.preference_value, p.is_active as preference_active, p.updated_at as preference_saved_at,
            coalesce(n.unsubscribed, '{}'::jsonb) as unsubscribed
       from tenants t
       join memberships mb on mb.tenant_id = t.tenant_id
       left join user_subscriptions s on s.tenant_id = t.tenant_id and s.user_id = mb.user_id
       left join user_preferences p on p.tenant_id = t.tenant_id and p.user_id = mb.user_id
                                   and p.preference_name = 'NOTIFICATION_SCHEDULE_PREFERENCE'
       left join notification_settings n on n.tenant_id = t.tenant_id and n.user_id = mb.user_id
      where not t.is_demo and not t.is_all_customers and ($1::bigint is null or t.tenant_id = $1)
      order by t.tenant_id, mb.user_id`,
    [tenantId ?? null],
  );
}

/** Claims one digest period for one user; false when it was already sent. */
export async function claimDigest(
  db: Queryable,
  input: { tenantId: number; userId: number; kind: string; periodKey: string; sentAt: Date },
): Promise<boolean> {
  const rows = await db.query(
    `insert into digest_runs (tenant_id, user_id, kind, period_key, sent_at) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning 1`,
    [input.tenantId, input.userId, input.kind, input.periodKey, input.sentAt],
  );
  return rows.length > 0;
}

export async function lastDigests(db: Queryable, tenantId: number): Promise<Record<string, Date>> {
  const rows = await db.query<{ kind: string; at: Date }>(
    'select kind, max(sent_at) as at from digest_runs where tenant_id = $1 group by kind',
    [tenantId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.at]));
}

export async function metricNames(db: Queryable, tenantId: number, ids: string[]) {
  return db.query<{ kpi_id: string; kpi_display_name: string; kpi_format: string; is_money: boolean }>(
    `select kpi_id::text, kpi_display_name, kpi_format, coalesce(kpi_format = 'currency' or (kpi_format <> 'percentage' and dollar_impact = 1), false) as is_money
       from metrics where tenant_id = $1 and kpi_id = any($2::bigint[])`,
    [tenantId, ids],
  );
}

/** Unsubscribing from daily alerts or the weekly digest turns the Reports tab's own switch off. */
export async function turnScheduleOff(
  db: Queryable,
  input: { tenantId: number; userId: number; part: 'daily_alerts' | 'weekly_digest'; defaults: object },
): Promise<void> {
  await db.query(
    `insert into user_preferences (tenant_id, user_id, preference_name, preference_value)
     values ($1, $2, 'NOTIFICATION_SCHEDULE_PREFERENCE', jsonb_set($4::jsonb, array[$3::text, 'is_active'], 'false'))
     on conflict (tenant_id, user_id, preference_name) do update
       set preference_value = jsonb_set(user_preferences.preference_value, array[$3::text, 'is_active'], 'false'),
           updated_at = user_preferences.updated_at`,
    [input.tenantId, input.userId, input.part, JSON.stringify(input.defaults)],
  );
}
