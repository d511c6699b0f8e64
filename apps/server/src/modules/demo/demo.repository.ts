import type { Db, Queryable } from '../../db/client';
import { quoteIdent } from '../warehouse';

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
  revenueColumn = 'revenue',
): Promise<void> {
  await db.query(
    `update metrics set dollar_impact = case kpi_display_name
         when 'Orders' then (select round(avg(${quoteIdent(revenueColumn)})::numeric, 2)::float8 from ${quoteIdent(ordersTable)} where tenant_id = $1)
         else 1 end,
       updated_at = now()
      where tenant_id = $1 and kpi_display_name in ('Revenue', 'Net Revenue', 'Orders')`,
    [tenantId],
  );
}

/**
 * What one add-to-cart and one checkout are worth to the demo store (its revenue over their count), so its
 * experience events carry lost revenue: a checkout that does not happen is that much revenue not made.
 */
export async function setFunnelDollarImpact(
  db: Queryable,
  tenantId: number,
  tables: { orders: string; traffic: string },
): Promise<void> {
  await db.query(
    `with r as (select sum(revenue)::float8 as revenue from ${quoteIdent(tables.orders)} where tenant_id = $1),
          t as (select sum(add_to_carts)::float8 as carts, sum(checkouts)::float8 as checkouts
                  from ${quoteIdent(tables.traffic)} where tenant_id = $1)
     update metrics set dollar_impact = round((case kpi_display_name
         when 'Checkouts' then (select revenue from r) / nullif((select checkouts from t), 0)
         else (select revenue from r) / nullif((select carts from t), 0) end)::numeric, 2)::float8,
       updated_at = now()
      where tenant_id = $1 and kpi_display_name in ('Checkouts', 'Add to Carts')`,
    [tenantId],
  );
}

const DEMO_METRICS: Record<string, { category: string; funnel?: string; tier: number; impact: number }> = {
  Revenue: { category: 'Sales', tier: 1, impact: 1 },
  'Net Revenue': { category: 'Sales', tier: 1, impact: 0.9 },
  Orders: { category: 'Sales', funnel: 'Checkout funnel', tier: 1, impact: 0.8 },
  'Average Order Value': { category: 'Sales', tier: 2, impact: 0.5 },
  'Cancellation Rate': { category: 'Sales', tier: 3, impact: 0.2 },
  Sessions: { category: 'Traffic', funnel: 'Checkout funnel', tier: 1, impact: 0.4 },
  'Add to Carts': { category: 'Traffic', funnel: 'Checkout funnel', tier: 2, impact: 0.3 },
  Checkouts: { category: 'Traffic', funnel: 'Checkout funnel', tier: 2, impact: 0.5 },
};

export async function dressDemoMetrics(db: Db, tenantId: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [name, m] of Object.entries(DEMO_METRICS)) {
      const groupId = async (kind: 'category' | 'funnel', groupName: string) =>
        (
          await tx.query<{ id: number }>(
            `with found as (select metric_group_id from metric_groups where tenant_id = $1 and kind = $2 and name = $3),
                  made as (insert into metric_groups (tenant_id, kind, name) select $1, $2, $3
                            where not exists (select 1 from found) returning metric_group_id)
             select metric_group_id::int as id from found union all select metric_group_id::int from made`,
            [tenantId, kind, groupName],
          )
        )[0]!.id;
      await tx.query(
        `update metrics set category_id = $3, funnel_id = $4, tier = $5, impact_to_topline = $6, updated_at = now()
          where tenant_id = $1 and kpi_display_name = $2`,
        [
          tenantId,
          name,
          await groupId('category', m.category),
          m.funnel ? await groupId('funnel', m.funnel) : null,
          m.tier,
          m.impact,
        ],
      );
    }
  });
}

export async function hasSiteEvents(db: Queryable, tenantId: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from event_rollups where tenant_id = $1
     union all select 1 from event_rollup_queue where tenant_id = $1 limit 1`,
    [tenantId],
  );
  return rows.length > 0;
}
