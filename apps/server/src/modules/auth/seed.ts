import type { Db } from '../../db/client';
import { addMember, createTenant, findAllCustomersTenant, findDemoTenant } from '../tenants';
import * as repo from './auth.repository';

export const DEMO_OWNER_EMAIL = 'owner@demo-store.example';
export const OPERATOR_EMAIL = 'operator@tidemark.example';

export interface SeedResult {
  created: boolean;
  demoTenantId: number;
  allCustomersTenantId: number;
}

/**
 * First start: the all-customers (operator) tenant with one operator, and a demo workspace with its owner,
 * through the same writes sign-up uses. Runs once per database; a second start finds the operator tenant
 * and leaves everything as it is.
 */
export async function seedIfEmpty({
  ctx,
  input,
}: {
  ctx: { db: Db };
  input: { demo: boolean };
}): Promise<SeedResult> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findAllCustomersTenant({ ctx: { db: tx } });
    if (existing) {
      const demo = await findDemoTenant({ ctx: { db: tx } });
      return { created: false, allCustomersTenantId: existing.tenant_id, demoTenantId: demo?.tenant_id ?? 0 };
    }
    const all = await createTenant({
      ctx: { db: tx },
      input: {
        display_name: 'All customers',
        tenant_status: 'active',
        is_all_customers: true,
        plan: 'internal',
      },
    });
    const operator = await repo.insertUser(tx, {
      email: OPERATOR_EMAIL,
      login_id: OPERATOR_EMAIL,
      tenant_id: all.tenant_id,
      given_name: 'Olivia',
      family_name: 'Operator',
      show_onboarding: false,
      user_status: 'active',
      is_design_partner: true,
    });
    await addMember({
      ctx: { db: tx },
      input: { tenantId: all.tenant_id, userId: operator.user_id, role: 'owner', joinedVia: 'founder' },
    });
    let demoTenantId = 0;
    if (input.demo) {
      const demo = await createTenant({
        ctx: { db: tx },
        input: {
          display_name: 'Demo Store',
          store_url: 'https://demo-store.example',
          email_domain: 'demo-store.example',
          tenant_status: 'active',
          is_demo: true,
          plan: 'shopify',
        },
      });
      demoTenantId = demo.tenant_id;
      const owner = await repo.insertUser(tx, {
        email: DEMO_OWNER_EMAIL,
        login_id: DEMO_OWNER_EMAIL,
        tenant_id: demoTenantId,
        given_name: 'Dana',
        family_name: 'Demo',
        show_onboarding: false,
        user_status: 'active',
      });
      await addMember({
        ctx: { db: tx },
        input: { tenantId: demoTenantId, userId: owner.user_id, role: 'owner', joinedVia: 'founder' },
      });
    }
    return { created: true, allCustomersTenantId: all.tenant_id, demoTenantId };
  });
}
