import type { Db } from './client';

export const DEMO_OWNER_EMAIL = 'owner@demo-store.example';
export const OPERATOR_EMAIL = 'operator@tidemark.example';

export interface SeedResult {
  created: boolean;
  demoTenantId: number;
  allCustomersTenantId: number;
}

/**
 * First start: the all-customers (operator) tenant with one operator, and a demo workspace with its owner.
 * Runs once per database; a second start finds the operator tenant and leaves everything as it is.
 */
export async function seedIfEmpty(db: Db, options: { demo: boolean }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ tenant_id: number }>(
      'select tenant_id from tenants where is_all_customers',
    );
    const demoRows = await tx.query<{ tenant_id: number }>(
      'select tenant_id from tenants where is_demo order by tenant_id limit 1',
    );
    if (existing[0]) {
      return {
        created: false,
        allCustomersTenantId: existing[0].tenant_id,
        demoTenantId: demoRows[0]?.tenant_id ?? 0,
      };
    }
    const [all] = await tx.query<{ tenant_id: number }>(
      `insert into tenants (display_name, tenant_status, is_all_customers, plan) values ('All customers', 'active', true, 'internal')
       returning tenant_id`,
    );
    const [operator] = await tx.query<{ user_id: number }>(
      `insert into users (email, login_id, tenant_id, given_name, family_name, show_onboarding, user_status, is_design_partner)
       values ($1, $1, $2, 'Olivia', 'Operator', false, 'active', true) returning user_id`,
      [OPERATOR_EMAIL, all!.tenant_id],
    );
    await tx.query(
      `insert into memberships (tenant_id, user_id, role, joined_via) values ($1, $2, 'owner', 'founder')`,
      [all!.tenant_id, operator!.user_id],
    );
    let demoTenantId = 0;
    if (options.demo) {
      const [demo] = await tx.query<{ tenant_id: number }>(
        `insert into tenants (display_name, store_url, email_domain, tenant_status, is_demo, plan)
         values ('Demo Store', 'https://demo-store.example', 'demo-store.example', 'active', true, 'shopify') returning tenant_id`,
      );
      demoTenantId = demo!.tenant_id;
      const [owner] = await tx.query<{ user_id: number }>(
        `insert into users (email, login_id, tenant_id, given_name, family_name, show_onboarding, user_status)
         values ($1, $1, $2, 'Dana', 'Demo', false, 'active') returning user_id`,
        [DEMO_OWNER_EMAIL, demoTenantId],
      );
      await tx.query(
        `insert into memberships (tenant_id, user_id, role, joined_via) values ($1, $2, 'owner', 'founder')`,
        [demoTenantId, owner!.user_id],
      );
    }
    return { created: true, allCustomersTenantId: all!.tenant_id, demoTenantId };
  });
}

/** A cookie-signing secret shared by every process on this database, made once when none is configured. */
export async function sessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const { randomBytes } = await import('node:crypto');
  await db.query(
    `insert into app_settings (key, value) values ('session_secret', $1) on conflict (key) do nothing`,
    [randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ value: string }>(
    `select value from app_settings where key = 'session_secret'`,
  );
  return row!.value;
}
