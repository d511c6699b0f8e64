import type { Queryable } from '../../db/client';

export interface BillingAccountRow {
  tenant_id: number;
  plan_id: string;
  add_on_plan_id: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  add_on_subscription_id: string | null;
  updated_at: Date;
}

export async function findAccount(db: Queryable, tenantId: number): Promise<BillingAccountRow | undefined> {
  const rows = await db.query<BillingAccountRow>('select * from billing_accounts where tenant_id = $1', [
    tenantId,
  ]);
  return rows[0];
}

export async function findTenantBySubscription(
  db: Queryable,
  subscriptionId: string,
): Promise<{ tenant_id: number; is_add_on: boolean } | undefined> {
  const rows = await db.query<{ tenant_id: number; is_add_on: boolean }>(
    `select tenant_id, add_on_subscription_id = $1 as is_add_on from billing_accounts
     where stripe_subscription_id = $1 or add_on_subscription_id = $1`,
    [subscriptionId],
  );
  return rows[0];
}

/** Sets the plan (and its subscription, when Stripe bills it); a row is made on the first change. */
export async function setPlan(
  db: Queryable,
  input: { tenantId: number; planId: string; subscriptionId: string | null; customerId?: string | null },
): Promise<void> {
  await db.query(
    `insert into billing_accounts (tenant_id, plan_id, stripe_subscription_id, stripe_customer_id)
     values ($1, $2, $3, $4)
     on conflict (tenant_id) do update set plan_id = $2, stripe_subscription_id = $3,
       stripe_customer_id = coalesce($4, billing_accounts.stripe_customer_id), updated_at = excluded.updated_at`,
    [input.tenantId, input.planId, input.subscriptionId, input.customerId ?? null],
  );
}

export async function setAddOn(
  db: Queryable,
  input: {
    tenantId: number;
    addOnId: string | null;
    subscriptionId: string | null;
    customerId?: string | null;
    basePlanId: string;
  },
): Promise<void> {
  await db.query(
    `insert into billing_accounts (tenant_id, plan_id, add_on_plan_id, add_on_subscription_id, stripe_customer_id)
     values ($1, $5, $2, $3, $4)
     on conflict (tenant_id) do update set add_on_plan_id = $2, add_on_subscription_id = $3,
       stripe_customer_id = coalesce($4, billing_accounts.stripe_customer_id), updated_at = excluded.updated_at`,
    [input.tenantId, input.addOnId, input.subscriptionId, input.customerId ?? null, input.basePlanId],
  );
}

/** Records a webhook event; false when it was already applied (Stripe delivers at least once). */
export async function recordEvent(
  db: Queryable,
  input: { tenantId: number; eventId: string; type: string },
): Promise<boolean> {
  const rows = await db.query(
    `insert into billing_events (tenant_id, stripe_event_id, type) values ($1, $2, $3)
     on conflict do nothing returning 1`,
    [input.tenantId, input.eventId, input.type],
  );
  return rows.length > 0;
}

export async function tenantExists(db: Queryable, tenantId: number): Promise<boolean> {
  const rows = await db.query('select 1 from tenants where tenant_id = $1 and not is_demo', [tenantId]);
  return rows.length > 0;
}
