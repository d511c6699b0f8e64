import type { Db, Queryable } from '../../db/client';
import type { Agent } from './user-agent';
import type { SiteEvent } from './payload';

export async function tenantOfSiteKey(db: Queryable, key: string): Promise<number | null> {
  const rows = await db.query<{ tenant_id: number }>('select tenant_id from tenants where site_key = $1', [
    key,
  ]);
  return rows[0]?.tenant_id ?? null;
}

export async function siteKeyOf(db: Queryable, tenantId: number): Promise<string | null> {
  const rows = await db.query<{ site_key: string }>('select site_key from tenants where tenant_id = $1', [
    tenantId,
  ]);
  return rows[0]?.site_key ?? null;
}

export async function samplingOf(db: Queryable, tenantId: number): Promise<unknown> {
  const rows = await db.query<{ sampling: unknown }>(
    'select sampling from event_settings where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.sampling ?? null;
}

export async function saveSampling(db: Queryable, tenantId: number, sampling: unknown): Promise<void> {
  await db.query(
    `insert into event_settings (tenant_id, sampling) values ($1, $2)
     on conflict (tenant_id) do update set sampling = excluded.sampling, updated_at = excluded.updated_at`,
    [tenantId, JSON.stringify(sampling)],
  );
}

export interface EventBatch {
  tenantId: number;
  sessionId: string;
  agent: Agent;
  events: SiteEvent[];
}

/**
 * One statement, so one commit: the events and the hours they touch in the rollup queue land together or not
 * at all. Arrays per column keep it a single round trip whatever the number of batches and events.
 */
export async function insertEvents(db: Queryable, batches: EventBatch[]): Promise<void> {
  const rows = batches.flatMap((b) => b.events.map((e) => ({ b, e })));
  const column = <T>(f: (r: { b: EventBatch; e: SiteEvent }) => T) => rows.map(f);
  await db.query(
    `with rows as (
       insert into site_events (tenant_id, occurred_at, session_id, kind, sub_type, page, fingerprint, message,
         detail, sample_rate, browser, os, device, value, currency)
       select t, o, s, k, st, p, f, m, d::jsonb, sr, br, os, dv, v, c
       from unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::real[], $11::text[], $12::text[], $13::text[], $14::numeric[], $15::text[])
         as u(t, o, s, k, st, p, f, m, d, sr, br, os, dv, v, c)
       returning tenant_id, occurred_at
     )
     insert into event_rollup_queue (tenant_id, hour)
     select distinct tenant_id, date_trunc('hour', occurred_at at time zone 'UTC') at time zone 'UTC' from rows`,
    [
      column((r) => r.b.tenantId),
      column((r) => r.e.occurredAt.toISOString()),
      column((r) => r.b.sessionId),
      column((r) => r.e.kind),
      column((r) => r.e.subType),
      column((r) => r.e.page),
      column((r) => r.e.fingerprint),
      column((r) => r.e.message),
      column((r) => (r.e.detail ? JSON.stringify(r.e.detail) : null)),
      column((r) => r.e.sampleRate),
      column((r) => r.b.agent.browser),
      column((r) => r.b.agent.os),
      column((r) => r.b.agent.device),
      column((r) => r.e.value),
      column((r) => r.e.currency),
    ],
  );
}

const DAY_MS = 86_400_000;
const partitionName = (day: Date) => `site_events_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Day partitions (UTC) from `from` for `days` days; safe to run concurrently and again. */
export async function ensurePartitions(db: Queryable, from: Date, days: number): Promise<void> {
  const start = Math.floor(from.getTime() / DAY_MS) * DAY_MS;
  for (let i = 0; i < days; i++) {
    const day = new Date(start + i * DAY_MS);
    const next = new Date(start + (i + 1) * DAY_MS);
    try {
      await db.query(
        `create table if not exists ${partitionName(day)} partition of site_events
         for values from ('${day.toISOString()}') to ('${next.toISOString()}')`,
      );
    } catch (error) {
      // Another process made it between our check and our create.
      const code = (error as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw error;
    }
  }
}

/** Drops the day partitions that ended before `before`; returns their names. */
export async function dropPartitionsBefore(db: Queryable, before: Date): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_inherits i
     join pg_class c on c.oid = i.inhrelid
     join pg_class p on p.oid = i.inhparent
     join pg_namespace n on n.oid = p.relnamespace
     where p.relname = 'site_events' and n.nspname = current_schema()`,
  );
  const dropped: string[] = [];
  for (const { name } of rows) {
    const m = /^site_events_p(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!m) continue;
    const end = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + DAY_MS;
    if (end <= before.getTime()) {
      await db.query(`drop table if exists ${name}`);
      dropped.push(name);
    }
  }
  return dropped;
}

export const isMissingPartition = (error: unknown): boolean =>
  (error as { code?: string }).code === '23514' && /no partition/i.test(String((error as Error).message));

/**
 * Takes up to `limit` queued hours and rebuilds each of those hours' rollups from the raw events, in one
 * transaction. A queue row is only deleted together with the rebuild that covers its events, and events that
 * commit later queue rows of their own, so nothing answered 202 is missed; a rebuild replaces the whole hour,
 * so running it again (after a crash, or twice) gives the same rows.
 */
export async function rollUpQueued(
  db: Db,
  limit: number,
  onHour?: (tenantId: number, hour: Date) => Promise<void>,
): Promise<{ hours: number; queued: number }> {
  return db.transaction(async (tx) => {
    // One rebuild at a time, whichever process runs it.
    await tx.query(`select pg_advisory_xact_lock(hashtext('events.roll-up'))`);
    const taken = await tx.query<{ tenant_id: number; hour: Date }>(
      `delete from event_rollup_queue where (tenant_id, hour, queued_id) in (
         select tenant_id, hour, queued_id from event_rollup_queue order by queued_id limit $1
       ) returning tenant_id, hour`,
      [limit],
    );
    const hours = new Map<string, { tenantId: number; hour: Date }>();
    for (const row of taken)
      hours.set(`${row.tenant_id}:${row.hour.toISOString()}`, { tenantId: row.tenant_id, hour: row.hour });
    for (const { tenantId, hour } of hours.values()) {
      await tx.query('delete from event_rollups where tenant_id = $1 and hour = $2', [tenantId, hour]);
      // received_at bounds let the planner skip partitions: an event is stored at most 5 minutes before and
      // 24 hours after the time it carries (see payload.ts).
      await tx.query(
        `insert into event_rollups (tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device,
           events, estimated, sessions, value)
         select tenant_id, $2::timestamptz, kind, coalesce(sub_type, ''), page, coalesce(fingerprint, ''),
           browser, os, device, count(*), sum(1.0 / sample_rate), count(distinct session_id), coalesce(sum(value), 0)
         from site_events
         where tenant_id = $1 and occurred_at >= $2::timestamptz and occurred_at < $2::timestamptz + interval '1 hour'
           and received_at >= $2::timestamptz - interval '5 minutes'
           and received_at < $2::timestamptz + interval '25 hours'
         group by tenant_id, kind, sub_type, page, fingerprint, browser, os, device`,
        [tenantId, hour],
      );
      await onHour?.(tenantId, hour);
    }
    return { hours: hours.size, queued: taken.length };
  });
}

/** EVENTS_FILTERING_PREFERENCE of the workspace (how closely experience changes are watched), or null. */
export async function filteringOf(db: Queryable, tenantId: number): Promise<unknown> {
  const rows = await db.query<{ filtering: unknown }>(
    'select filtering from event_settings where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.filtering ?? null;
}

export async function saveFiltering(db: Queryable, tenantId: number, filtering: unknown): Promise<void> {
  await db.query(
    `insert into event_settings (tenant_id, filtering) values ($1, $2)
     on conflict (tenant_id) do update set filtering = excluded.filtering, updated_at = excluded.updated_at`,
    [tenantId, JSON.stringify(filtering)],
  );
}

/** What the collector checks a beacon's site against: the store URL and the listed domains. */
export async function collectorSitesOf(
  db: Queryable,
  tenantId: number,
): Promise<{ storeUrl: string | null; domains: string[] }> {
  // Two reads: Citus plans no correlated subquery over the reference table `tenants`.
  const [tenant] = await db.query<{ store_url: string | null }>(
    'select store_url from tenants where tenant_id = $1',
    [tenantId],
  );
  const domains = await db.query<{ domain: string }>(
    'select domain from collector_domains where tenant_id = $1 order by domain',
    [tenantId],
  );
  return { storeUrl: tenant?.store_url ?? null, domains: domains.map((d) => d.domain) };
}

export async function listCollectorDomains(
  db: Queryable,
  tenantId: number,
): Promise<Array<{ domain: string; created_at: Date }>> {
  return db.query('select domain, created_at from collector_domains where tenant_id = $1 order by domain', [
    tenantId,
  ]);
}

/** Adds a domain unless the workspace already lists `max`; false when it is full (an existing one is kept). */
export async function insertCollectorDomain(
  db: Queryable,
  input: { tenantId: number; domain: string; userId: number | null; max: number },
): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>(
    `with n as (select count(*) as c from collector_domains where tenant_id = $1),
          ins as (
            insert into collector_domains (tenant_id, domain, created_by)
            select $1, $2, $3 from n where n.c < $4
            on conflict (tenant_id, domain) do nothing
            returning 1
          )
     select exists (select 1 from ins)
         or exists (select 1 from collector_domains where tenant_id = $1 and domain = $2) as ok`,
    [input.tenantId, input.domain, input.userId, input.max],
  );
  return rows[0]?.ok ?? false;
}

export async function deleteCollectorDomain(
  db: Queryable,
  tenantId: number,
  domain: string,
): Promise<boolean> {
  const rows = await db.query(
    'delete from collector_domains where tenant_id = $1 and domain = $2 returning 1',
    [tenantId, domain],
  );
  return rows.length > 0;
}

/** One more beacon from another site, on today's (UTC) counter. */
export async function countDroppedBeacon(db: Queryable, tenantId: number): Promise<void> {
  await db.query(
    `insert into collector_drops (tenant_id, day, beacons) values ($1, (now() at time zone 'UTC')::date, 1)
     on conflict (tenant_id, day) do update set beacons = collector_drops.beacons + 1`,
    [tenantId],
  );
}

export async function droppedBeaconsSince(db: Queryable, tenantId: number, days: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select coalesce(sum(beacons), 0)::int as n from collector_drops
      where tenant_id = $1 and day > (now() at time zone 'UTC')::date - $2::int`,
    [tenantId, days],
  );
  return rows[0]?.n ?? 0;
}

export async function deleteDropCountsBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from collector_drops where day < $1::date', [before.toISOString().slice(0, 10)]);
}
