import type { Queryable } from '../../db/client';
import type { ComponentChange } from './outage-rules';
import type { ComponentState, ParsedIncident } from './status-parsers';

// SQL of the outages area: poll state, incidents and their history (reference data, per provider), outage
// event groups and their links (per workspace, scoped by tenant_id).

export interface PolledProvider {
  provider_uuid: string;
  provider_name: string;
  display_name: string;
  home_page_url: string;
  status_page_url: string;
  feed_url: string;
  feed_format: 'statuspage_v2' | 'instatus' | 'rss' | 'atom';
  categories: string[];
  logo_url: string;
}

export interface PollState {
  etag: string | null;
  last_modified: string | null;
  last_result: string | null;
  consecutive_failures: number;
  components: Record<string, ComponentState> | null;
  next_poll_at: Date;
  poll_interval_seconds: number | null;
}

/** Providers at least one store has turned on whose next poll is due. */
export async function dueProviders(db: Queryable, now: Date): Promise<PolledProvider[]> {
  return db.query<PolledProvider>(
    `select p.provider_uuid::text, p.provider_name, p.display_name, p.home_page_url, p.status_page_url,
       p.feed_url, p.feed_format, p.categories, p.logo_url
     from providers p
     left join provider_poll_state s on s.provider_uuid = p.provider_uuid
     -- Not correlated: Citus reads store_providers (distributed) once, beside the reference table providers.
     where p.provider_uuid in (select sp.provider_uuid from store_providers sp where sp.is_active)
       and coalesce(s.next_poll_at, '-infinity') <= $1
     order by p.sort_order`,
    [now],
  );
}

export async function providerByUuid(db: Queryable, uuid: string): Promise<PolledProvider | null> {
  const rows = await db.query<PolledProvider>(
    `select provider_uuid::text, provider_name, display_name, home_page_url, status_page_url, feed_url,
       feed_format, categories, logo_url
     from providers where provider_uuid::text = $1`,
    [uuid],
  );
  return rows[0] ?? null;
}

export async function providerByName(db: Queryable, name: string): Promise<PolledProvider | null> {
  const rows = await db.query<PolledProvider>(
    `select provider_uuid::text, provider_name, display_name, home_page_url, status_page_url, feed_url,
       feed_format, categories, logo_url
     from providers where provider_name = $1`,
    [name],
  );
  return rows[0] ?? null;
}

export async function pollState(db: Queryable, providerUuid: string): Promise<PollState | null> {
  const rows = await db.query<PollState>(
    `select etag, last_modified, last_result, consecutive_failures, components, next_poll_at, poll_interval_seconds
     from provider_poll_state where provider_uuid = $1`,
    [providerUuid],
  );
  return rows[0] ?? null;
}

export async function savePollState(
  db: Queryable,
  providerUuid: string,
  s: {
    result: 'ok' | 'not_modified' | 'unreachable' | 'malformed';
    error: string | null;
    etag?: string | null;
    lastModified?: string | null;
    components?: Record<string, ComponentState> | null;
    failures: number;
    polledAt: Date;
    nextPollAt: Date;
  },
): Promise<void> {
  const ok = s.result === 'ok' || s.result === 'not_modified';
  await db.query(
    `insert into provider_poll_state (provider_uuid, etag, last_modified, last_result, last_error, last_polled_at,
       last_success_at, next_poll_at, consecutive_failures, components)
     values ($1, $2, $3, $4, $5, $6, case when $7 then $6::timestamptz end, $8, $9, $10::jsonb)
     on conflict (provider_uuid) do update set
       etag = case when $11 then excluded.etag else provider_poll_state.etag end,
       last_modified = case when $11 then excluded.last_modified else provider_poll_state.last_modified end,
       last_result = excluded.last_result, last_error = excluded.last_error,
       last_polled_at = excluded.last_polled_at,
       last_success_at = coalesce(excluded.last_success_at, provider_poll_state.last_success_at),
       next_poll_at = excluded.next_poll_at, consecutive_failures = excluded.consecutive_failures,
       components = case when $12 then excluded.components else provider_poll_state.components end,
       updated_at = excluded.updated_at`,
    [
      providerUuid,
      s.etag ?? null,
      s.lastModified ?? null,
      s.result,
      s.error,
      s.polledAt,
      ok,
      s.nextPollAt,
      s.failures,
      s.components === undefined ? null : JSON.stringify(s.components),
      s.etag !== undefined || s.lastModified !== undefined,
      s.components !== undefined && s.components !== null,
    ],
  );
}

export interface IncidentRow {
  incident_key: string;
  kind: 'incident' | 'maintenance';
  title: string;
  impact: ParsedIncident['impact'];
  status: string;
  resolved: boolean;
  started_at: Date;
  resolved_at: Date | null;
  affected_components: string[];
  shortlink: string | null;
}

export async function openIncidents(db: Queryable, providerUuid: string): Promise<IncidentRow[]> {
  return db.query<IncidentRow>(
    `select incident_key, kind, title, impact, status, resolved, started_at, resolved_at, affected_components,
       shortlink
     from provider_incidents where provider_uuid = $1 and not resolved`,
    [providerUuid],
  );
}

export async function incidentsByKeys(
  db: Queryable,
  providerUuid: string,
  keys: string[],
): Promise<IncidentRow[]> {
  return db.query<IncidentRow>(
    `select incident_key, kind, title, impact, status, resolved, started_at, resolved_at, affected_components,
       shortlink
     from provider_incidents where provider_uuid = $1 and incident_key = any($2::text[])`,
    [providerUuid, keys],
  );
}

/** Inserts or refreshes an incident; its first start is kept, so its groups keep their identity. */
export async function upsertIncident(db: Queryable, providerUuid: string, i: ParsedIncident): Promise<void> {
  await db.query(
    `insert into provider_incidents (provider_uuid, incident_key, kind, title, impact, status, resolved, started_at,
       resolved_at, affected_components, shortlink)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (provider_uuid, incident_key) do update set
       kind = excluded.kind, title = excluded.title, impact = excluded.impact, status = excluded.status,
       resolved = excluded.resolved, resolved_at = excluded.resolved_at,
       affected_components = (select array(select distinct unnest(provider_incidents.affected_components
         || excluded.affected_components))),
       shortlink = coalesce(excluded.shortlink, provider_incidents.shortlink), updated_at = excluded.updated_at`,
    [
      providerUuid,
      i.key,
      i.kind,
      i.title,
      i.impact,
      i.status,
      i.resolved,
      i.startedAt,
      i.resolvedAt,
      i.components,
      i.shortlink,
    ],
  );
}

/** Marks an incident that left the page as resolved at that time. */
export async function resolveIncident(db: Queryable, providerUuid: string, key: string, at: Date) {
  await db.query(
    `update provider_incidents set resolved = true, resolved_at = $3, status = 'resolved', updated_at = now()
     where provider_uuid = $1 and incident_key = $2 and not resolved`,
    [providerUuid, key, at],
  );
}

/** Adds a history row once (by its dedupe key); true when it is new. */
export async function addLogRow(
  db: Queryable,
  providerUuid: string,
  key: string,
  row: {
    dedupeKey: string;
    at: Date;
    currentStatus: string;
    description: string | null;
    changes: ComponentChange[];
    payload: Record<string, unknown>;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into provider_incident_log (provider_uuid, incident_key, dedupe_key, at, current_status, description,
       component_changes, payload)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)
     on conflict (provider_uuid, incident_key, dedupe_key) do nothing returning 1`,
    [
      providerUuid,
      key,
      row.dedupeKey,
      row.at,
      row.currentStatus,
      row.description,
      JSON.stringify(row.changes),
      JSON.stringify(row.payload),
    ],
  );
  return rows.length > 0;
}

export interface LogRow {
  log_id: string;
  at: Date;
  current_status: string;
  description: string | null;
  component_changes: ComponentChange[];
  payload: Record<string, unknown>;
}

export async function logRows(
  db: Queryable,
  providerUuid: string,
  key: string,
  limit: number,
): Promise<LogRow[]> {
  return db.query<LogRow>(
    `select log_id::text, at, current_status, description, component_changes, payload
     from provider_incident_log where provider_uuid = $1 and incident_key = $2
     order by at desc, log_id desc limit $3`,
    [providerUuid, key, limit],
  );
}

/** Workspaces that turned this provider on. */
export async function tenantsWatching(db: Queryable, providerUuid: string): Promise<number[]> {
  const rows = await db.query<{ tenant_id: string }>(
    `select tenant_id from store_providers where provider_uuid = $1 and is_active order by tenant_id`,
    [providerUuid],
  );
  return rows.map((r) => Number(r.tenant_id));
}

/** Workspaces that already have a group of this incident (kept up to date even once turned off). */
export async function tenantsWithGroup(db: Queryable, fingerprint: string): Promise<number[]> {
  const rows = await db.query<{ tenant_id: string }>(
    `select tenant_id from event_groups where fingerprint = $1 and type = 'outage'`,
    [fingerprint],
  );
  return rows.map((r) => Number(r.tenant_id));
}

export interface OutageGroupWrite {
  fingerprint: string;
  startHour: Date;
  providerUuid: string;
  status: 'Active' | 'Closed';
  tsStart: Date;
  tsEnd: Date;
  events: number;
  severity: 'High' | 'Medium' | 'Low';
  title: string;
  summary: string;
  description: string;
  action: string;
  errorMessage: string;
  components: string[];
  labels: Record<string, unknown>;
  impactBasis: Record<string, unknown>;
  figures: Record<string, unknown>;
}

/**
 * Inserts or refreshes a workspace's group of one incident, on (tenant, fingerprint, start hour) like every
 * event group; a new one takes the workspace's next sequence id (an INSERT … SELECT, which Citus plans). The
 * dollar impact is left to the link rule.
 */
export async function upsertOutageGroup(
  db: Queryable,
  tenantId: number,
  g: OutageGroupWrite,
): Promise<string> {
  const [row] = await db.query<{ event_group_id: string }>(
    `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
       ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
       affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, extent,
       figures, provider_uuid)
     select $1, coalesce(max(sequence_id), 0) + 1, $2, $3,
       'outage', 'outage', $4, 'outage', $5, $6, $7, $8, $9, $10, $11, $12, $13, '{}', $14, $14, '{}', $15::jsonb,
       null, $16::jsonb, '[]', null, $17::jsonb, $18::uuid
       from event_groups where tenant_id = $1
     on conflict (tenant_id, fingerprint, start_hour) do update set
       status = excluded.status, ts_start = excluded.ts_start, ts_end = excluded.ts_end,
       number_of_events = excluded.number_of_events, severity = excluded.severity, title = excluded.title,
       summary = excluded.summary, description = excluded.description, action = excluded.action,
       error_message = excluded.error_message, affected_components = excluded.affected_components,
       impacted_areas = excluded.impacted_areas, labels = excluded.labels,
       figures = event_groups.figures || excluded.figures, updated_at = excluded.updated_at
     returning event_group_id::text`,
    [
      tenantId,
      g.fingerprint,
      g.startHour,
      g.status,
      g.tsStart,
      g.tsEnd,
      g.events,
      g.severity,
      g.title,
      g.summary,
      g.description,
      g.action,
      g.errorMessage,
      g.components,
      JSON.stringify(g.labels),
      JSON.stringify(g.impactBasis),
      JSON.stringify(g.figures),
      g.providerUuid,
    ],
  );
  return row!.event_group_id;
}

export interface OutageGroupRow {
  event_group_id: string;
  fingerprint: string;
  provider_uuid: string;
  ts_start: Date;
  ts_end: Date;
  status: 'Active' | 'Closed';
  figures: { provider?: { display_name: string; logo_url: string | null } };
}

/** A workspace's outage groups overlapping [from, to). */
export async function outageGroupsBetween(
  db: Queryable,
  tenantId: number,
  from: Date,
  to: Date,
): Promise<OutageGroupRow[]> {
  return db.query<OutageGroupRow>(
    `select event_group_id::text, fingerprint, provider_uuid::text, ts_start, ts_end, status, figures
     from event_groups where tenant_id = $1 and type = 'outage' and ts_end >= $2 and ts_start < $3`,
    [tenantId, from, to],
  );
}

export async function outageGroupById(
  db: Queryable,
  tenantId: number,
  id: string,
): Promise<OutageGroupRow | null> {
  const rows = await db.query<OutageGroupRow>(
    `select event_group_id::text, fingerprint, provider_uuid::text, ts_start, ts_end, status, figures
     from event_groups where tenant_id = $1 and event_group_id = $2 and type = 'outage'`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** Workspaces with outage groups that ended in the last `days` days (the link sweep's scope). */
export async function tenantsWithRecentOutages(db: Queryable, since: Date): Promise<number[]> {
  const rows = await db.query<{ tenant_id: string }>(
    `select distinct tenant_id from event_groups where type = 'outage' and ts_end >= $1`,
    [since],
  );
  return rows.map((r) => Number(r.tenant_id));
}

// ---- Signals the link rule reads ----

export interface InsightSignal {
  id: string;
  title: string;
  ts_start: Date;
  ts_end: Date;
  grain: 'h' | 'd';
  direction: 'up' | 'down';
  /** The group's accent is negative: the move hurts the business. */
  harmful: boolean;
  lost_revenue: number | null;
}

/** Hourly and daily insight groups overlapping [from, to), with their direction and accent. */
export async function insightGroupsBetween(
  db: Queryable,
  tenantId: number,
  from: Date,
  to: Date,
): Promise<InsightSignal[]> {
  return db.query<InsightSignal>(
    `select g.group_id::text as id, coalesce(g.title, g.draft->>'group_title', 'Insight') as title,
       g.ts_start, g.ts_end, g.grain, coalesce(g.draft->>'group_direction', 'down') as direction,
       coalesce(g.draft->>'group_accent' = 'negative', false) as harmful, abs(g.dollar_impact) as lost_revenue
     from insight_groups g
     where g.tenant_id = $1 and g.grain in ('h', 'd') and g.ts_end >= $2 and g.ts_start < $3`,
    [tenantId, from, to],
  );
}

export interface EventSignal {
  id: string;
  sub_type: string;
  title: string;
  ts_start: Date;
  ts_end: Date;
  impact_value: number | null;
  /** Hosts of its event source (network and asset errors: the host the request went to). */
  hosts: string[];
  direction: string | null;
  accent: string | null;
}

/** Experience events and site-error groups overlapping [from, to), with the hosts their errors reached. */
export async function eventSignalsBetween(
  db: Queryable,
  tenantId: number,
  from: Date,
  to: Date,
): Promise<EventSignal[]> {
  return db.query<EventSignal>(
    `select event_group_id::text as id, sub_type, title, ts_start, ts_end, impact_value,
       coalesce((select array_agg(distinct lower(i->>'name')) from jsonb_array_elements(impact_sections) s,
         jsonb_array_elements(s->'items') i where s->>'section_name' = 'event_source_impact'), '{}') as hosts,
       coalesce(figures->>'direction', labels->>'direction') as direction,
       coalesce(figures->>'accent', labels->>'accent') as accent
     from event_groups
     where tenant_id = $1 and type = 'error' and ts_end >= $2 and ts_start < $3`,
    [tenantId, from, to],
  );
}

export interface LinkWrite {
  signalKind: 'insight_group' | 'experience_event' | 'site_error_group';
  signalId: string;
  overlapMinutes: number;
  direction: 'up' | 'down';
  lostRevenue: number | null;
}

/** Replaces an outage group's links with these (the rule is rerun as signals come and go). */
export async function replaceLinks(
  db: Queryable,
  tenantId: number,
  outageGroupId: string,
  links: LinkWrite[],
) {
  await db.query(`delete from outage_links where tenant_id = $1 and outage_group_id = $2`, [
    tenantId,
    outageGroupId,
  ]);
  if (!links.length) return;
  await db.query(
    `insert into outage_links (tenant_id, outage_group_id, signal_kind, signal_id, overlap_minutes, direction,
       lost_revenue)
     select $1, $2, l.kind, l.id::bigint, l.overlap, l.direction, l.lost
     from jsonb_to_recordset($3::jsonb) as l(kind text, id text, overlap int, direction text, lost float8)`,
    [
      tenantId,
      outageGroupId,
      JSON.stringify(
        links.map((l) => ({
          kind: l.signalKind,
          id: l.signalId,
          overlap: l.overlapMinutes,
          direction: l.direction,
          lost: l.lostRevenue,
        })),
      ),
    ],
  );
}

/** The outage's dollar impact: the largest lost revenue among its linked signals (null without any). */
export async function setOutageImpact(
  db: Queryable,
  tenantId: number,
  outageGroupId: string,
  value: number | null,
) {
  await db.query(
    `update event_groups set impact_value = $3,
       impact_basis = impact_basis || jsonb_build_object('quantified', $3::float8 is not null)
     where tenant_id = $1 and event_group_id = $2 and type = 'outage'`,
    [tenantId, outageGroupId, value],
  );
}

export interface LinkRow {
  outage_group_id: string;
  signal_kind: 'insight_group' | 'experience_event' | 'site_error_group';
  signal_id: string;
  overlap_minutes: number;
  direction: 'up' | 'down';
  lost_revenue: number | null;
  outage_title: string;
  outage_start: Date;
  outage_end: Date;
  provider_uuid: string;
  provider: { display_name: string; logo_url: string | null } | null;
  signal_title: string | null;
  signal_start: Date | null;
  signal_end: Date | null;
  /** The workspace's currency symbol, for lost_revenue. */
  currency_symbol: string;
}

const LINK_SELECT = `select l.outage_group_id::text, l.signal_kind, l.signal_id::text, l.overlap_minutes, l.direction,
     l.lost_revenue, o.title as outage_title, o.ts_start as outage_start, o.ts_end as outage_end,
     o.provider_uuid::text, o.figures->'provider' as provider,
     coalesce(e.title, ig.title, ig.draft->>'group_title') as signal_title,
     coalesce(e.ts_start, ig.ts_start) as signal_start, coalesce(e.ts_end, ig.ts_end) as signal_end,
     (select t.currency_symbol from tenants t where t.tenant_id = l.tenant_id) as currency_symbol
   from outage_links l
   join event_groups o on o.tenant_id = l.tenant_id and o.event_group_id = l.outage_group_id
   left join event_groups e on l.signal_kind <> 'insight_group' and e.tenant_id = l.tenant_id
     and e.event_group_id = l.signal_id
   left join insight_groups ig on l.signal_kind = 'insight_group' and ig.tenant_id = l.tenant_id
     and ig.group_id = l.signal_id`;

export async function linksOfOutage(
  db: Queryable,
  tenantId: number,
  outageGroupId: string,
): Promise<LinkRow[]> {
  return db.query<LinkRow>(
    `${LINK_SELECT} where l.tenant_id = $1 and l.outage_group_id = $2
     order by l.lost_revenue desc nulls last, l.signal_id`,
    [tenantId, outageGroupId],
  );
}

/** The outages linked to any of these signals (one page of a feed at most), newest outage first. */
export async function linksOfSignals(
  db: Queryable,
  tenantId: number,
  kinds: string[],
  signalIds: string[],
): Promise<LinkRow[]> {
  return db.query<LinkRow>(
    `${LINK_SELECT} where l.tenant_id = $1 and l.signal_kind = any($2::text[]) and l.signal_id = any($3::bigint[])
     order by o.ts_start desc`,
    [tenantId, kinds, signalIds],
  );
}

export interface FilterProviderRow {
  provider_uuid: string;
  provider_name: string;
  display_name: string;
  logo_url: string;
  categories: string[];
}

/** Providers the store turned on, and those it has outage groups of (kept when turned off or unlisted). */
export async function filterProviders(db: Queryable, tenantId: number): Promise<FilterProviderRow[]> {
  return db.query<FilterProviderRow>(
    `select p.provider_uuid::text, p.provider_name, p.display_name, p.logo_url, p.categories
     from providers p
     where exists (select 1 from store_providers s where s.tenant_id = $1 and s.provider_uuid = p.provider_uuid
                   and s.is_active)
        or exists (select 1 from event_groups g where g.tenant_id = $1 and g.type = 'outage'
                   and g.provider_uuid = p.provider_uuid)
     order by p.sort_order`,
    [tenantId],
  );
}

/** Components named by the workspace's outage groups, per provider. */
export async function outageComponents(db: Queryable, tenantId: number) {
  return db.query<{ provider_uuid: string; component: string }>(
    `select distinct provider_uuid::text, unnest(affected_components) as component from event_groups
     where tenant_id = $1 and type = 'outage' order by 1, 2`,
    [tenantId],
  );
}

/** The catalogue's providers of these names. */
export async function providersNamed(
  db: Queryable,
  names: string[],
): Promise<Array<{ provider_uuid: string }>> {
  return db.query(`select provider_uuid::text from providers where provider_name = any($1::text[])`, [names]);
}
