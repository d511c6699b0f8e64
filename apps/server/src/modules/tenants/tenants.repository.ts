import type { JoinedVia } from '@tidemark/contract';
import type { Queryable } from '../../db/client';

export interface TenantRow {
  tenant_id: number;
  tenant_uuid: string;
  display_name: string;
  store_url: string | null;
  logo_path: string | null;
  email_domain: string | null;
  plan: string;
  tenant_status: 'new' | 'active';
  is_all_customers: boolean;
  is_demo: boolean;
  currency: string;
  currency_symbol: string;
  timezone: string;
  is_forecast_enabled: boolean;
  /** Whether people with an address at email_domain join this workspace when they sign up. */
  join_by_domain: boolean;
  created_at: Date;
}

export async function findTenant(db: Queryable, tenantId: number): Promise<TenantRow | undefined> {
  const rows = await db.query<TenantRow>('select * from tenants where tenant_id = $1', [tenantId]);
  return rows[0];
}

export async function findTenantByUuid(db: Queryable, tenantUuid: string): Promise<TenantRow | undefined> {
  const rows = await db.query<TenantRow>('select * from tenants where tenant_uuid = $1', [tenantUuid]);
  return rows[0];
}

export async function findDemoTenant(db: Queryable): Promise<TenantRow | undefined> {
  const rows = await db.query<TenantRow>('select * from tenants where is_demo order by tenant_id limit 1');
  return rows[0];
}

export async function findAllCustomersTenant(db: Queryable): Promise<TenantRow | undefined> {
  const rows = await db.query<TenantRow>('select * from tenants where is_all_customers');
  return rows[0];
}

/** The oldest ordinary workspace of an e-mail domain that lets its people join: a new colleague joins it. */
export async function findJoinableTenantByDomain(
  db: Queryable,
  domain: string,
): Promise<TenantRow | undefined> {
  const rows = await db.query<TenantRow>(
    `select * from tenants where email_domain = $1 and join_by_domain and not is_demo and not is_all_customers
      order by tenant_id limit 1`,
    [domain],
  );
  return rows[0];
}

/** Whether an ordinary workspace was already founded by this domain. */
export async function domainHasWorkspace(db: Queryable, domain: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from tenants where email_domain = $1 and not is_demo and not is_all_customers limit 1',
    [domain],
  );
  return rows.length > 0;
}

/** Domains of the demo and operator workspaces: reserved, nobody signs up into or beside them. */
export async function isSpecialTenantDomain(db: Queryable, domain: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from tenants where email_domain = $1 and (is_demo or is_all_customers) limit 1',
    [domain],
  );
  return rows.length > 0;
}

/** Which of these names a workspace already uses (names are unique regardless of case). */
export async function takenDisplayNames(db: Queryable, names: string[]): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>(
    'select lower(display_name) as name from tenants where lower(display_name) = any($1::text[])',
    [names.map((n) => n.toLowerCase())],
  );
  return new Set(rows.map((r) => r.name));
}

/** Serialises workspace creation so two sign-ups cannot pick the same free name at once. */
export async function lockWorkspaceCreation(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [WORKSPACE_CREATION_LOCK]);
}
const WORKSPACE_CREATION_LOCK = 7_344_202;

export async function isMember(db: Queryable, tenantId: number, userId: number): Promise<boolean> {
  const rows = await db.query('select 1 from memberships where tenant_id = $1 and user_id = $2', [
    tenantId,
    userId,
  ]);
  return rows.length > 0;
}

export async function listMemberTenants(db: Queryable, userId: number): Promise<TenantRow[]> {
  return db.query<TenantRow>(
    `select t.* from tenants t join memberships m on m.tenant_id = t.tenant_id
     where m.user_id = $1 order by t.is_all_customers desc, t.display_name, t.tenant_id`,
    [userId],
  );
}

export async function listAllTenants(db: Queryable): Promise<TenantRow[]> {
  return db.query<TenantRow>('select * from tenants order by is_all_customers desc, display_name, tenant_id');
}

/** Workspaces named by an operator: by id, or by display name in any case. */
export async function findTenantsByIdOrName(db: Queryable, idOrName: string): Promise<TenantRow[]> {
  return db.query<TenantRow>(
    'select * from tenants where tenant_id::text = $1 or lower(display_name) = lower($1) order by tenant_id',
    [idOrName],
  );
}

export interface NewTenant {
  display_name: string;
  email_domain?: string | null;
  plan?: string;
  tenant_status?: 'new' | 'active';
  is_all_customers?: boolean;
  is_demo?: boolean;
  store_url?: string | null;
  join_by_domain?: boolean;
}

export async function insertTenant(db: Queryable, t: NewTenant): Promise<TenantRow> {
  const rows = await db.query<TenantRow>(
    `insert into tenants (display_name, email_domain, plan, tenant_status, is_all_customers, is_demo, store_url, join_by_domain)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      t.display_name,
      t.email_domain ?? null,
      t.plan ?? 'shopify',
      t.tenant_status ?? 'new',
      t.is_all_customers ?? false,
      t.is_demo ?? false,
      t.store_url ?? null,
      t.join_by_domain ?? false,
    ],
  );
  return rows[0]!;
}

export async function insertMembership(
  db: Queryable,
  tenantId: number,
  userId: number,
  role: 'owner' | 'member',
  joinedVia: JoinedVia = role === 'owner' ? 'founder' : 'domain',
): Promise<void> {
  await db.query(
    `insert into memberships (tenant_id, user_id, role, joined_via) values ($1, $2, $3, $4)
     on conflict (tenant_id, user_id) do nothing`,
    [tenantId, userId, role, joinedVia],
  );
}

/**
 * When the newest insight happened (its anomaly's bucket, not when the pipeline wrote it): the feed's "30 days
 * before the last insight" must land on the data, which for an uploaded export may be years old.
 */
export async function lastInsightTs(db: Queryable, tenantId: number): Promise<Date | null> {
  const rows = await db.query<{ at: Date | null }>(
    'select max(insight_ts) as at from insights where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.at ?? null;
}

/** Start of the newest day holding data (the metrics' overall daily series), or null with none yet. */
export async function lastDataTs(db: Queryable, tenantId: number): Promise<Date | null> {
  const rows = await db.query<{ at: Date | null }>(
    `select max(ts[cardinality(ts)]) as at from series
      where tenant_id = $1 and grain = 'd' and dim_name = '' and dim_val = '' and cardinality(ts) > 0`,
    [tenantId],
  );
  return rows[0]?.at ?? null;
}

/** Whether the workspace has configured at least one metric. */
export async function hasMetrics(db: Queryable, tenantId: number): Promise<boolean> {
  const rows = await db.query<{ any: boolean }>(
    'select exists (select 1 from metrics where tenant_id = $1) as any',
    [tenantId],
  );
  return rows[0]?.any ?? false;
}

export async function countMembers(db: Queryable, tenantId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from memberships where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.n ?? 0;
}

/** Names the workspace, records its store and marks it set up; null when another workspace has the name. */
export async function updateWorkspace(
  db: Queryable,
  tenantId: number,
  input: { display_name: string; store_url: string },
): Promise<TenantRow | null> {
  const rows = await db.query<TenantRow>(
    `update tenants t set display_name = $2, store_url = $3, tenant_status = 'active'
     where t.tenant_id = $1
       and not exists (select 1 from tenants o where lower(o.display_name) = lower($2) and o.tenant_id <> $1)
     returning *`,
    [tenantId, input.display_name, input.store_url],
  );
  return rows[0] ?? null;
}

/**
 * Confirms a member's join; the first confirmation's time is kept, so a second join changes nothing.
 * Answers whether this was the first, or null for someone who is not a member.
 */
export async function markJoined(
  db: Queryable,
  tenantId: number,
  userId: number,
): Promise<{ first: boolean } | null> {
  // Two plain statements: Citus refuses now() inside coalesce, and the first one alone decides `first`.
  const set = await db.query(
    'update memberships set joined_at = now() where tenant_id = $1 and user_id = $2 and joined_at is null returning 1',
    [tenantId, userId],
  );
  if (set.length > 0) return { first: true };
  const member = await db.query('select 1 from memberships where tenant_id = $1 and user_id = $2', [
    tenantId,
    userId,
  ]);
  return member.length > 0 ? { first: false } : null;
}

export async function updateStoreSettings(
  db: Queryable,
  tenantId: number,
  input: { currency: string; currency_symbol: string; timezone: string; is_forecast_enabled: boolean },
): Promise<TenantRow | undefined> {
  const rows = await db.query<TenantRow>(
    `update tenants set currency = $2, currency_symbol = $3, timezone = $4, is_forecast_enabled = $5
     where tenant_id = $1 returning *`,
    [tenantId, input.currency, input.currency_symbol, input.timezone, input.is_forecast_enabled],
  );
  return rows[0];
}
