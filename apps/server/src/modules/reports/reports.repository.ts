import type { Queryable } from '../../db/client';

// SQL of the weekly report: the store's enabled providers and the event groups, experience metrics and
// site errors of a period. Every statement is scoped by tenant_id.

export interface EnabledProvider {
  provider_uuid: string;
  provider_name: string;
  display_name: string;
  logo_url: string;
  home_page_url: string;
  status_page_url: string;
  feed_url: string;
  categories: string[];
}

export async function enabledProviders(db: Queryable, tenantId: number): Promise<EnabledProvider[]> {
  return db.query<EnabledProvider>(
    `select p.provider_uuid::text, p.provider_name, p.display_name, p.logo_url, p.home_page_url,
            p.status_page_url, p.feed_url, p.categories
       from store_providers s join providers p on p.provider_uuid = s.provider_uuid
      where s.tenant_id = $1 and s.is_active
      order by p.sort_order`,
    [tenantId],
  );
}

export interface PeriodGroup {
  event_group_id: string;
  type: string;
  sub_type: string;
  severity: 'High' | 'Medium' | 'Low';
  status: 'Active' | 'Closed';
  ts_start: Date;
  ts_end: Date;
  affected_components: string[];
  /** Outage groups name their provider; experience groups their metric. */
  provider_uuid: string | null;
  kpi_id: string | null;
  direction: string | null;
}

/** Event groups that overlap [from, to). */
export async function groupsBetween(db: Queryable, tenantId: number, from: Date, to: Date) {
  return db.query<PeriodGroup>(
    `select event_group_id::text, type, sub_type, severity, status, ts_start, ts_end, affected_components,
            provider_uuid::text as provider_uuid,
            figures->>'kpi_id' as kpi_id, figures->>'direction' as direction
       from event_groups
      where tenant_id = $1 and ts_end >= $2 and ts_start < $3
      order by ts_start`,
    [tenantId, from, to],
  );
}

/** Errors (estimated) per fingerprint of failed requests and assets in [from, to): their host is inside. */
export async function requestErrorsBetween(db: Queryable, tenantId: number, from: Date, to: Date) {
  return db.query<{ fingerprint: string; n: number }>(
    `select fingerprint, sum(estimated)::float8 as n from event_rollups
      where tenant_id = $1 and hour >= $2 and hour < $3 and kind = 'error'
        and sub_type in ('network', 'beacon', 'asset') and fingerprint not like 'noise:%'
      group by fingerprint`,
    [tenantId, from, to],
  );
}

export async function siteOf(db: Queryable, tenantId: number) {
  const rows = await db.query<{ store_url: string | null; timezone: string | null }>(
    'select store_url, timezone from tenants where tenant_id = $1',
    [tenantId],
  );
  return rows[0] ?? { store_url: null, timezone: null };
}

/** Kinds of site errors the workspace has ever grouped (the site's checks). */
export async function siteSubTypes(db: Queryable, tenantId: number): Promise<string[]> {
  const rows = await db.query<{ sub_type: string }>(
    `select distinct sub_type from event_groups
      where tenant_id = $1 and type = 'error' and sub_type in ('js', 'network', 'asset', 'beacon')`,
    [tenantId],
  );
  return rows.map((r) => r.sub_type);
}
