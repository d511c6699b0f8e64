import type { Queryable } from '../../db/client';

/** One distinct stored error as the fingerprint reads it, with how many events share it. */
export interface StoredError {
  fingerprint: string | null;
  sub_type: string;
  message: string | null;
  detail: string | null;
  page: string;
  events: number;
}

export async function storedErrors(db: Queryable, tenantId: number): Promise<StoredError[]> {
  return db.query<StoredError>(
    `select fingerprint, sub_type, message, detail::text as detail, page, count(*)::int as events
       from site_events where tenant_id = $1 and kind = 'error'
      group by fingerprint, sub_type, message, detail::text, page`,
    [tenantId],
  );
}

/** Raw events: each distinct error gets its own new fingerprint. */
export async function rekeyEvents(
  db: Queryable,
  tenantId: number,
  rows: Array<StoredError & { next: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `update site_events e set fingerprint = m.next
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
            as m (old, sub_type, message, detail, page, next)
      where e.tenant_id = $1 and e.kind = 'error' and e.fingerprint is not distinct from m.old
        and e.sub_type = m.sub_type and e.message is not distinct from m.message
        and e.detail::text is not distinct from m.detail and e.page = m.page`,
    [
      tenantId,
      rows.map((r) => r.fingerprint),
      rows.map((r) => r.sub_type),
      rows.map((r) => r.message),
      rows.map((r) => r.detail),
      rows.map((r) => r.page),
      rows.map((r) => r.next),
    ],
  );
}

/**
 * Hourly rollups (kept past the raw events' retention): rows of an old fingerprint move to its new one and
 * add up where one already exists. Sessions are summed too, so a session seen under both counts twice.
 */
export async function rekeyRollups(db: Queryable, tenantId: number, map: Map<string, string>): Promise<void> {
  if (map.size === 0) return;
  await db.query(
    `with m (old, next) as (select * from unnest($2::text[], $3::text[])),
     moved as (
       delete from event_rollups r using m
        where r.tenant_id = $1 and r.kind = 'error' and r.fingerprint = m.old
       returning r.tenant_id, r.hour, r.kind, r.sub_type, r.page, m.next as fingerprint, r.browser, r.os, r.device,
                 r.events, r.estimated, r.sessions, r.value
     )
     insert into event_rollups (tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device,
                                events, estimated, sessions, value)
     select tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device,
            sum(events), sum(estimated), sum(sessions), sum(value)
       from moved group by tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device
     on conflict (tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device) do update
       set events = event_rollups.events + excluded.events, estimated = event_rollups.estimated + excluded.estimated,
           sessions = event_rollups.sessions + excluded.sessions, value = event_rollups.value + excluded.value`,
    [tenantId, [...map.keys()], [...map.values()]],
  );
}

export interface ErrorGroupRow {
  event_group_id: string;
  fingerprint: string;
  start_hour: Date;
  ts_start: Date;
  ts_end: Date;
  number_of_events: number;
  status: 'Active' | 'Closed';
  severity: 'High' | 'Medium' | 'Low';
}

/** Site-error groups (not outages, not experience groups), oldest first. */
export async function errorGroups(db: Queryable, tenantId: number): Promise<ErrorGroupRow[]> {
  return db.query<ErrorGroupRow>(
    `select event_group_id::text, fingerprint, start_hour, ts_start, ts_end, number_of_events, status, severity
       from event_groups where tenant_id = $1 and type = 'error' and sub_type <> 'experience'
      order by ts_start, event_group_id`,
    [tenantId],
  );
}

/**
 * Folds groups into the one kept: what points at them (feedback, outage links, alerts sent, snoozes, Slack
 * messages) moves to it unless it already has its own, then they are deleted.
 */
export async function foldGroups(
  db: Queryable,
  tenantId: number,
  keep: string,
  drop: string[],
): Promise<void> {
  const args = [tenantId, keep, drop];
  await db.query(
    `update event_group_feedback f set event_group_id = $2
      where f.tenant_id = $1 and f.event_group_id = any($3::bigint[])
        and not exists (select 1 from event_group_feedback k
                         where k.tenant_id = $1 and k.event_group_id = $2 and k.user_id = f.user_id)
        and f.feedback_id = (select max(k.feedback_id) from event_group_feedback k
                              where k.tenant_id = $1 and k.user_id = f.user_id and k.event_group_id = any($3::bigint[]))`,
    args,
  );
  await db.query(
    `update outage_links l set signal_id = $2
      where l.tenant_id = $1 and l.signal_kind = 'site_error_group' and l.signal_id = any($3::bigint[])
        and not exists (select 1 from outage_links k where k.tenant_id = $1 and k.outage_group_id = l.outage_group_id
                         and k.signal_kind = l.signal_kind and k.signal_id = $2)
        and l.signal_id = (select min(k.signal_id) from outage_links k where k.tenant_id = $1
                            and k.outage_group_id = l.outage_group_id and k.signal_kind = l.signal_kind
                            and k.signal_id = any($3::bigint[]))`,
    args,
  );
  // Links the kept group already had; signal ids are no foreign key, so nothing else removes them.
  await db.query(
    `delete from outage_links where tenant_id = $1 and signal_kind = 'site_error_group' and signal_id = any($2::bigint[])`,
    [tenantId, drop],
  );
  await db.query(
    `update notification_items i set item_id = $2::text
      where i.tenant_id = $1 and i.kind = 'event_group' and i.item_id = any($3::text[])
        and not exists (select 1 from notification_items k where k.tenant_id = $1 and k.kind = 'event_group' and k.item_id = $2::text)
        and i.severity_rank = (select max(k.severity_rank) from notification_items k where k.tenant_id = $1
                                and k.kind = 'event_group' and k.item_id = any($3::text[]))
        and i.item_id = (select min(k.item_id) from notification_items k where k.tenant_id = $1
                          and k.kind = 'event_group' and k.item_id = any($3::text[])
                          and k.severity_rank = i.severity_rank)`,
    args,
  );
  await db.query(
    `update notification_snoozes s set target_id = $2::text
      where s.tenant_id = $1 and s.target_type = 'event_group' and s.target_id = any($3::text[])
        and not exists (select 1 from notification_snoozes k where k.tenant_id = $1 and k.user_id = s.user_id
                         and k.target_type = 'event_group' and k.target_id = $2::text)
        and s.snooze_id = (select max(k.snooze_id) from notification_snoozes k where k.tenant_id = $1
                            and k.user_id = s.user_id and k.target_type = 'event_group' and k.target_id = any($3::text[]))`,
    args,
  );
  await db.query(
    `update slack_messages m set item_id = $2
      where m.tenant_id = $1 and m.item_kind = 'event_group' and m.item_id = any($3::bigint[])
        and not exists (select 1 from slack_messages k where k.tenant_id = $1 and k.item_kind = 'event_group'
                         and k.item_id = $2)
        and m.item_id = (select min(k.item_id) from slack_messages k where k.tenant_id = $1
                          and k.item_kind = 'event_group' and k.item_id = any($3::bigint[]))`,
    args,
  );
  await db.query('delete from event_groups where tenant_id = $1 and event_group_id = any($2::bigint[])', [
    tenantId,
    drop,
  ]);
}

export async function updateGroup(
  db: Queryable,
  tenantId: number,
  g: Pick<
    ErrorGroupRow,
    | 'event_group_id'
    | 'fingerprint'
    | 'start_hour'
    | 'ts_start'
    | 'ts_end'
    | 'number_of_events'
    | 'status'
    | 'severity'
  >,
): Promise<void> {
  await db.query(
    `update event_groups set fingerprint = $3, start_hour = $4, ts_start = $5, ts_end = $6, number_of_events = $7,
            status = $8, severity = $9, updated_at = now()
      where tenant_id = $1 and event_group_id = $2`,
    [
      tenantId,
      g.event_group_id,
      g.fingerprint,
      g.start_hour,
      g.ts_start,
      g.ts_end,
      g.number_of_events,
      g.status,
      g.severity,
    ],
  );
}

/** Workspaces whose stored errors are keyed by an older fingerprint version. */
export async function tenantsToRekey(db: Queryable, version: number): Promise<number[]> {
  const rows = await db.query<{ tenant_id: number }>(
    // Not correlated: Citus plans no correlated read of a distributed table under the reference table tenants.
    `select t.tenant_id::int from tenants t
      where t.tenant_id not in (select v.tenant_id from error_fingerprint_versions v where v.version >= $1)
      order by t.tenant_id`,
    [version],
  );
  return rows.map((r) => r.tenant_id);
}

export async function recordVersion(
  db: Queryable,
  tenantId: number,
  version: number,
  merged: number,
): Promise<void> {
  await db.query(
    `insert into error_fingerprint_versions (tenant_id, version, groups_merged) values ($1, $2, $3)
     on conflict (tenant_id) do update set version = excluded.version, groups_merged = excluded.groups_merged,
       rekeyed_at = excluded.rekeyed_at`,
    [tenantId, version, merged],
  );
}
