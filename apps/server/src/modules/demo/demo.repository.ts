import { quoteIdent } from '../connections';
import type { Queryable } from '../../db/client';

export async function demoOwner(db: Queryable, tenantId: number) {
  const rows = await db.query<{ user_id: number; user_uuid: string; email: string }>(
    `select u.user_id, u.user_uuid, u.email from memberships m join users u on u.user_id = m.user_id
     where m.tenant_id = $1 and m.role = 'owner' order by u.user_id limit 1`,
    [tenantId],
  );
  return rows[0];
}

export async function hasConnections(db: Queryable, tenantId: number): Promise<boolean> {
  return (await db.query('select 1 from connections where tenant_id = $1 limit 1', [tenantId])).length > 0;
}

export async function setTimezone(db: Queryable, tenantId: number, timezone: string): Promise<void> {
  await db.query('update tenants set timezone = $2 where tenant_id = $1', [tenantId, timezone]);
}

export async function rememberSampleStore(
  db: Queryable,
  input: { tenantId: number; seed: number; end: Date },
) {
  await db.query(
    `insert into app_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`,
    [`sample_store:${input.tenantId}`, JSON.stringify({ seed: input.seed, end: input.end.toISOString() })],
  );
}

export async function sampleStoreOf(
  db: Queryable,
  tenantId: number,
): Promise<{ seed: number; end: Date } | null> {
  const rows = await db.query<{ value: string }>('select value from app_settings where key = $1', [
    `sample_store:${tenantId}`,
  ]);
  if (!rows[0]) return null;
  const parsed = JSON.parse(rows[0].value) as { seed: number; end: string };
  return { seed: parsed.seed, end: new Date(parsed.end) };
}

export async function demoTenantIds(db: Queryable): Promise<number[]> {
  return (
    await db.query<{ tenant_id: number }>('select tenant_id from tenants where is_demo order by tenant_id')
  ).map((r) => r.tenant_id);
}

export async function setOrdersDollarImpact(
  db: Queryable,
  tenantId: number,
  ordersTable: string,
): Promise<void> {
  await db.query(
    `update metrics set dollar_impact = case kpi_display_name
         when 'Orders' then (select round(avg(revenue)::numeric, 2)::float8 from ${quoteIdent(ordersTable)} where tenant_id = $1)
         else 1 end,
       updated_at = now()
      where tenant_id = $1 and kpi_display_name in ('Revenue', 'Net Revenue', 'Orders')`,
    [tenantId],
  );
}
