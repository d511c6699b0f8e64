import type { Queryable } from '../../db/client';

// SQL of event groups: what grouping reads from the rollups and raw events, the groups it writes, and what
// the events API reads. Every statement is scoped by tenant_id.

export async function tenantsWithErrorsSince(db: Queryable, since: Date): Promise<number[]> {
  const rows = await db.query<{ tenant_id: string }>(
    `select distinct tenant_id from event_rollups where hour >= $1 and kind = 'error'`,
    [since],
  );
  return rows.map((r) => Number(r.tenant_id));
}

export async function hourlyPageviews(db: Queryable, tenantId: number, since: Date) {
  return db.query<{ hour: Date; pv: number }>(
    `select hour, sum(estimated)::float8 as pv from event_rollups
     where tenant_id = $1 and hour >= $2 and kind = 'pageview' group by hour order by hour`,
    [tenantId, since],
  );
}

export async function hourlyErrors(db: Queryable, tenantId: number, since: Date) {
  return db.query<{ fingerprint: string; sub_type: string; hour: Date; est: number }>(
    `select fingerprint, sub_type, hour, sum(estimated)::float8 as est from event_rollups
     where tenant_id = $1 and hour >= $2 and kind = 'error' and fingerprint not like 'noise:%'
     group by fingerprint, sub_type, hour`,
    [tenantId, since],
  );
}

/** Fingerprints seen in the 30 days before `since` (they are not new). */
export async function fingerprintsSeenBefore(
  db: Queryable,
  tenantId: number,
  since: Date,
): Promise<Set<string>> {
  const rows = await db.query<{ fingerprint: string }>(
    `select distinct fingerprint from event_rollups
     where tenant_id = $1 and kind = 'error' and hour < $2 and hour >= $2 - interval '30 days'`,
    [tenantId, since],
  );
  return new Set(rows.map((r) => r.fingerprint));
}

export interface DimRow {
  browser: string;
  os: string;
  device: string;
  page: string;
  n: number;
}

/** Page views (estimated) or one fingerprint's errors per browser, OS, device and page over [from, to). */
export async function rollupsByDimension(
  db: Queryable,
  tenantId: number,
  from: Date,
  to: Date,
  fingerprint: string | null,
): Promise<DimRow[]> {
  return db.query<DimRow>(
    `select browser, os, device, page, sum(estimated)::float8 as n from event_rollups
     where tenant_id = $1 and hour >= $2 and hour < $3
       and ${fingerprint === null ? `kind = 'pageview'` : `kind = 'error' and fingerprint = $4`}
     group by browser, os, device, page`,
    fingerprint === null ? [tenantId, from, to] : [tenantId, from, to, fingerprint],
  );
}

export async function averageOrderValue(
  db: Queryable,
  tenantId: number,
  before: Date,
): Promise<number | null> {
  const [row] = await db.query<{ aov: number | null }>(
    `select (sum(value) / nullif(sum(events), 0))::float8 as aov from event_rollups
     where tenant_id = $1 and kind = 'conversion' and hour >= $2::timestamptz - interval '30 days' and hour < $2`,
    [tenantId, before],
  );
  return row?.aov ?? null;
}

/** What one order is worth by the workspace's order metric (its dollar impact), when one is set. */
export async function orderMetricValue(db: Queryable, tenantId: number): Promise<number | null> {
  const [row] = await db.query<{ v: number }>(
    `select dollar_impact::float8 as v from metrics
     where tenant_id = $1 and is_active and dollar_impact > 0
       and lower(kpi_display_name) in ('orders', 'order count', 'number of orders', 'transactions')
     order by kpi_id limit 1`,
    [tenantId],
  );
  return row?.v ?? null;
}

export interface ErrorSpan {
  first_at: Date;
  last_at: Date;
  events: number;
  sessions: number;
  sample_rate: number;
}

export async function errorSpan(
  db: Queryable,
  tenantId: number,
  fingerprint: string,
  from: Date,
  to: Date,
): Promise<ErrorSpan | null> {
  const [row] = await db.query<ErrorSpan>(
    `select min(occurred_at) as first_at, max(occurred_at) as last_at, count(*)::int as events,
       count(distinct session_id)::int as sessions, avg(sample_rate)::float8 as sample_rate
     from site_events
     where tenant_id = $1 and fingerprint = $2 and occurred_at >= $3 and occurred_at < $4
       and received_at >= $3::timestamptz - interval '5 minutes' and received_at < $4::timestamptz + interval '25 hours'`,
    [tenantId, fingerprint, from, to],
  );
  return row && row.events > 0 ? row : null;
}

/**
 * Sessions of the window that hit the error (affected) and those that viewed one of its pages without hitting
 * it (comparable), with how many of each converted.
 */
export async function sessionOutcomes(
  db: Queryable,
  tenantId: number,
  fingerprint: string,
  pages: string[],
  from: Date,
  to: Date,
) {
  return db.query<{ affected: boolean; sessions: number; conversions: number }>(
    `with s as (
       select session_id,
         bool_or(kind = 'error' and fingerprint = $2) as affected,
         bool_or(kind = 'conversion') as converted,
         bool_or(kind = 'pageview' and page = any($3::text[])) as on_pages
       from site_events
       where tenant_id = $1 and occurred_at >= $4 and occurred_at < $5
         and received_at >= $4::timestamptz - interval '5 minutes' and received_at < $5::timestamptz + interval '25 hours'
       group by session_id
     )
     select affected, count(*)::int as sessions, count(*) filter (where converted)::int as conversions
     from s where affected or on_pages group by affected`,
    [tenantId, fingerprint, pages, from, to],
  );
}

export interface LogRow {
  event_id: string;
  occurred_at: Date;
  page: string;
  message: string | null;
  detail: Record<string, unknown> | null;
  browser: string;
  os: string;
  device: string;
}

export async function errorLogRows(
  db: Queryable,
  tenantId: number,
  fingerprint: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<LogRow[]> {
  return db.query<LogRow>(
    `select event_id::text, occurred_at, page, message, detail, browser, os, device from site_events
     where tenant_id = $1 and fingerprint = $2 and occurred_at >= $3 and occurred_at < $4
       and received_at >= $3::timestamptz - interval '5 minutes' and received_at < $4::timestamptz + interval '25 hours'
     order by occurred_at desc, event_id desc limit $5`,
    [tenantId, fingerprint, from, to, limit],
  );
}

export interface GroupRow {
  event_group_id: string;
  tenant_id: string;
  sequence_id: number;
  fingerprint: string;
  start_hour: Date;
  type: 'outage' | 'error';
  sub_type: string;
  status: 'Active' | 'Closed';
  trigger: 'new' | 'rate';
  ts_start: Date;
  ts_end: Date;
  number_of_events: number;
  severity: 'High' | 'Medium' | 'Low';
  title: string;
  summary: string;
  description: string;
  action: string;
  error_message: string;
  pages: string[];
  affected_components: string[];
  impacted_areas: string[];
  funnels: string[];
  labels: unknown;
  impact_value: number | null;
  impact_basis: unknown;
  impact_sections: unknown;
  extent: unknown;
  figures: unknown;
  /** Read, not written: the workspace's currency symbol, for the impact figure. */
  currency_symbol?: string;
}

export type GroupWrite = Omit<GroupRow, 'event_group_id' | 'tenant_id' | 'sequence_id' | 'currency_symbol'>;

/**
 * Inserts or refreshes the group of (tenant, fingerprint, start hour); a new one takes the next sequence id.
 * An INSERT … SELECT, not a subquery in VALUES, which Citus does not plan.
 */
export async function upsertGroup(db: Queryable, tenantId: number, g: GroupWrite): Promise<string> {
  const [row] = await db.query<{ event_group_id: string }>(
    `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
       ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
       affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, extent,
       figures)
     select $1, coalesce(max(sequence_id), 0) + 1, $2, $3, $4, $5,
       $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26
       from event_groups where tenant_id = $1
     on conflict (tenant_id, fingerprint, start_hour) do update set
       status = excluded.status, trigger = excluded.trigger, ts_start = excluded.ts_start, ts_end = excluded.ts_end,
       number_of_events = excluded.number_of_events, severity = excluded.severity, title = excluded.title,
       summary = excluded.summary, description = excluded.description, action = excluded.action,
       error_message = excluded.error_message, pages = excluded.pages,
       affected_components = excluded.affected_components, impacted_areas = excluded.impacted_areas,
       funnels = excluded.funnels, labels = excluded.labels, impact_value = excluded.impact_value,
       impact_basis = excluded.impact_basis, impact_sections = excluded.impact_sections, extent = excluded.extent,
       figures = excluded.figures, updated_at = excluded.updated_at
     returning event_group_id::text`,
    [tenantId, ...groupValues(g)],
  );
  return row!.event_group_id;
}

/** A group's columns in the order both writers use. */
function groupValues(g: GroupWrite): unknown[] {
  return [
    g.fingerprint,
    g.start_hour,
    g.type,
    g.sub_type,
    g.status,
    g.trigger,
    g.ts_start,
    g.ts_end,
    g.number_of_events,
    g.severity,
    g.title,
    g.summary,
    g.description,
    g.action,
    g.error_message,
    g.pages,
    g.affected_components,
    g.impacted_areas,
    g.funnels,
    JSON.stringify(g.labels),
    g.impact_value,
    JSON.stringify(g.impact_basis),
    JSON.stringify(g.impact_sections),
    g.extent === null ? null : JSON.stringify(g.extent),
    JSON.stringify(g.figures),
  ];
}

/**
 * Refreshes a group in place by id, for a kind whose start may move as it is seen again (an experience
 * episode whose start the fit re-dates): its fingerprint and start hour move with it.
 */
export async function updateGroupById(
  db: Queryable,
  tenantId: number,
  id: string,
  g: GroupWrite,
): Promise<void> {
  await db.query(
    `update event_groups set fingerprint = $3, start_hour = $4, type = $5, sub_type = $6, status = $7, trigger = $8,
       ts_start = $9, ts_end = $10, number_of_events = $11, severity = $12, title = $13, summary = $14,
       description = $15, action = $16, error_message = $17, pages = $18, affected_components = $19,
       impacted_areas = $20, funnels = $21, labels = $22, impact_value = $23, impact_basis = $24,
       impact_sections = $25, extent = $26, figures = $27, updated_at = now()
     where tenant_id = $1 and event_group_id = $2 and sub_type = $6`,
    [tenantId, id, ...groupValues(g)],
  );
}

/** Active groups whose last error is older than the quiet period become Closed. */
export async function closeQuietGroups(db: Queryable, tenantId: number, before: Date): Promise<number> {
  const rows = await db.query(
    `update event_groups set status = 'Closed', updated_at = now()
     where tenant_id = $1 and status = 'Active' and type = 'error' and ts_end < $2 returning 1`,
    [tenantId, before],
  );
  return rows.length;
}

export interface GroupFilter {
  tenantId: number;
  from: Date | null;
  to: Date | null;
  status: string[] | null;
  type: string[] | null;
  subType: string[] | null;
  severity: string[] | null;
  providerUuid: string[] | null;
  providerType: string[] | null;
  providerCheck: string[] | null;
  dimName: string | null;
  dimVal: string | null;
}

const GROUP_COLUMNS = `event_group_id::text, tenant_id::text, sequence_id, fingerprint, start_hour, type, sub_type,
  status, trigger, ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message,
  pages, affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, extent,
  figures, (select t.currency_symbol from tenants t where t.tenant_id = event_groups.tenant_id) as currency_symbol`;

function whereOf(f: GroupFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.tenantId];
  const clauses = ['tenant_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  // A group belongs to a period when it overlaps it.
  if (f.from) add((p) => `ts_end >= ${p}`, f.from);
  if (f.to) add((p) => `ts_start < ${p}`, f.to);
  if (f.status) add((p) => `status = any(${p}::text[])`, f.status);
  if (f.type) add((p) => `type = any(${p}::text[])`, f.type);
  if (f.subType) add((p) => `sub_type = any(${p}::text[])`, f.subType);
  if (f.severity) add((p) => `severity = any(${p}::text[])`, f.severity);
  // Site errors have one provider (the site), one provider type ('site') and a check per sub type; outages
  // have their provider, its categories as types and its components as checks.
  // Experience events have their own provider, type and checks (one per metric): 'experience' and the kpi id.
  if (f.providerUuid)
    add(
      (
        p,
      ) => `coalesce(provider_uuid::text, case when sub_type = 'experience' then 'experience' else 'site' end)
        = any(${p}::text[])`,
      f.providerUuid,
    );
  if (f.providerType)
    add(
      (p) => `(case when type = 'outage' then (select pr.categories from providers pr
        where pr.provider_uuid = event_groups.provider_uuid) && ${p}::text[]
        else (case when sub_type = 'experience' then 'experience' else 'site' end) = any(${p}::text[]) end)`,
      f.providerType,
    );
  if (f.providerCheck)
    add(
      (p) => `(case when type = 'outage' then affected_components && ${p}::text[]
        when sub_type = 'experience' then figures->>'kpi_id' = any(${p}::text[])
        else sub_type = any(${p}::text[]) end)`,
      f.providerCheck,
    );
  if (f.dimName && f.dimVal !== null) {
    // The applied global filter: groups whose errors touched that browser, OS, device or page.
    params.push(f.dimName, f.dimVal);
    clauses.push(
      `exists (select 1 from jsonb_array_elements(impact_sections) s, jsonb_array_elements(s->'items') i
        where s->>'section_name' = $${params.length - 1} and i->>'name' = $${params.length})`,
    );
  }
  return { sql: clauses.join(' and '), params };
}

export async function listGroups(db: Queryable, f: GroupFilter, limit: number, offset: number) {
  const { sql, params } = whereOf(f);
  return db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from event_groups where ${sql}
     order by ts_end desc, event_group_id desc limit ${limit} offset ${offset}`,
    params,
  );
}

export async function summaryOf(db: Queryable, f: GroupFilter) {
  const { sql, params } = whereOf(f);
  return db.query<{
    severity: string;
    status: string;
    groups: number;
    impact: number | null;
    last_ts: Date | null;
  }>(
    `select severity, status, count(*)::int as groups, sum(impact_value)::float8 as impact, max(ts_end) as last_ts
     from event_groups where ${sql} group by severity, status`,
    params,
  );
}

export async function getGroup(db: Queryable, tenantId: number, id: string): Promise<GroupRow | null> {
  const rows = await db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from event_groups where tenant_id = $1 and event_group_id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function subTypesOf(db: Queryable, tenantId: number): Promise<string[]> {
  const rows = await db.query<{ sub_type: string }>(
    `select distinct sub_type from event_groups where tenant_id = $1 order by sub_type`,
    [tenantId],
  );
  return rows.map((r) => r.sub_type);
}

export async function storeUrlOf(db: Queryable, tenantId: number): Promise<string | null> {
  const rows = await db.query<{ store_url: string | null }>(
    'select store_url from tenants where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.store_url ?? null;
}

export async function feedbackOf(db: Queryable, tenantId: number, groupId: string, userId: number) {
  const rows = await db.query<{ feedback_id: string; ishelpful: boolean | null; comment: string | null }>(
    `select feedback_id::text, ishelpful, comment from event_group_feedback
     where tenant_id = $1 and event_group_id = $2 and user_id = $3`,
    [tenantId, groupId, userId],
  );
  return rows[0] ?? null;
}

export async function saveFeedback(
  db: Queryable,
  tenantId: number,
  groupId: string,
  userId: number,
  change: { ishelpful?: boolean | null; comment?: string },
): Promise<void> {
  await db.query(
    `insert into event_group_feedback (tenant_id, event_group_id, user_id, ishelpful, comment)
     values ($1, $2, $3, $4, $5)
     on conflict (tenant_id, event_group_id, user_id) do update set
       ishelpful = case when $6 then excluded.ishelpful else event_group_feedback.ishelpful end,
       comment = case when $7 then excluded.comment else event_group_feedback.comment end,
       updated_at = excluded.updated_at`,
    [
      tenantId,
      groupId,
      userId,
      change.ishelpful ?? null,
      change.comment ?? null,
      change.ishelpful !== undefined,
      change.comment !== undefined,
    ],
  );
}

/** Hourly sums of the rollups for charts: page views, conversions, all errors or one fingerprint's. */
export async function hourlySeries(
  db: Queryable,
  tenantId: number,
  from: Date,
  to: Date,
  what: { kind: 'pageview' | 'conversion' | 'error'; fingerprint?: string; subTypes?: string[] | null },
  dim: { name: string; value: string | null } | null,
) {
  const params: unknown[] = [tenantId, from, to, what.kind];
  let extra = `and fingerprint not like 'noise:%'`;
  if (what.fingerprint) {
    params.push(what.fingerprint);
    extra += ` and fingerprint = $${params.length}`;
  }
  if (what.subTypes) {
    params.push(what.subTypes);
    extra += ` and sub_type = any($${params.length}::text[])`;
  }
  const column = dim
    ? ({ browser: 'browser', os: 'os', device: 'device', page: 'page' } as const)[dim.name as 'os']
    : null;
  if (dim && column && dim.value !== null) {
    params.push(dim.value);
    extra += ` and ${column} = $${params.length}`;
  }
  return db.query<{ hour: Date; dim_val: string | null; n: number }>(
    `select hour, ${column && dim?.value === null ? column : 'null'} as dim_val, sum(estimated)::float8 as n
     from event_rollups where tenant_id = $1 and hour >= $2 and hour < $3 and kind = $4 ${extra}
     group by 1, 2 order by 1`,
    params,
  );
}

export async function dimensionValues(
  db: Queryable,
  tenantId: number,
  column: 'browser' | 'os' | 'device' | 'page',
) {
  const rows = await db.query<{ v: string }>(
    `select ${column} as v from event_rollups where tenant_id = $1 and kind = 'pageview'
     and hour >= now() - interval '30 days' group by 1 order by sum(estimated) desc limit 50`,
    [tenantId],
  );
  return rows.map((r) => r.v);
}

export async function groupsActiveBetween(db: Queryable, tenantId: number, from: Date, to: Date) {
  return db.query<{ event_group_id: string; ts_start: Date; ts_end: Date }>(
    `select event_group_id::text, ts_start, ts_end from event_groups
     where tenant_id = $1 and ts_end >= $2 and ts_start < $3`,
    [tenantId, from, to],
  );
}

/** Hourly page views per page (the funnel's stages), optionally for one dimension value. */
export async function hourlySeriesByPage(
  db: Queryable,
  tenantId: number,
  from: Date,
  to: Date,
  dim: { name: string; value: string } | null,
) {
  const column = dim
    ? ({ browser: 'browser', os: 'os', device: 'device', page: 'page' } as const)[dim.name as 'os']
    : null;
  return db.query<{ hour: Date; page: string; n: number }>(
    `select hour, page, sum(estimated)::float8 as n from event_rollups
     where tenant_id = $1 and hour >= $2 and hour < $3 and kind = 'pageview'
       ${column ? `and ${column} = $4` : ''}
     group by hour, page`,
    column ? [tenantId, from, to, dim!.value] : [tenantId, from, to],
  );
}

/** The workspace's currency symbol, for money figures written on the server. */
export async function workspaceCurrencySymbol(db: Queryable, tenantId: number): Promise<string | undefined> {
  const [row] = await db.query<{ currency_symbol: string }>(
    'select currency_symbol from tenants where tenant_id = $1',
    [tenantId],
  );
  return row?.currency_symbol;
}
