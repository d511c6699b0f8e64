import {
  DEFAULT_FLAGS,
  type FeatureFlag,
  type TenantInfo,
  type TenantSummary,
  type User,
  type VerifyResponse,
} from '@tidemark/contract';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_uuid: '7c0f4f5e-8a53-4d55-9f0b-1a2b3c4d5e6f',
    tenant_id: 11,
    tenant_uuid: '1e6f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    given_name: 'Maya',
    family_name: 'Lindqvist',
    email: 'maya@northwind.test',
    login_id: 'maya@northwind.test',
    show_onboarding: false,
    is_design_partner: false,
    is_north_star_enabled: false,
    shopify_shop_name: null,
    user_status: 'active',
    tenant_status: 'active',
    is_operator: false,
    ...overrides,
  };
}

export function makeTenant(overrides: Partial<TenantSummary> = {}): TenantSummary {
  return {
    tenant_id: 11,
    tenant_uuid: '1e6f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    display_name: 'Northwind Goods',
    is_all_customers: false,
    is_demo: false,
    ...overrides,
  };
}

export const OPERATOR_TENANTS: TenantSummary[] = [
  makeTenant({
    tenant_id: 1,
    tenant_uuid: '00000000-0000-4000-8000-000000000001',
    display_name: 'All customers',
    is_all_customers: true,
  }),
  makeTenant({ tenant_id: 11, display_name: 'Northwind Goods' }),
  makeTenant({
    tenant_id: 12,
    tenant_uuid: '00000000-0000-4000-8000-000000000012',
    display_name: 'Alder & Pine',
  }),
];

export function makeVerify(user: Partial<User> = {}, tenants?: TenantSummary[]): VerifyResponse {
  const u = makeUser(user);
  return {
    user: u,
    tenants: tenants ?? (u.is_operator ? OPERATOR_TENANTS : [makeTenant({ tenant_id: u.tenant_id })]),
  };
}

export function makeFlags(overrides: Partial<Record<FeatureFlag, boolean>> = {}, tenantId = 11) {
  return { tenant_id: tenantId, flags: { ...DEFAULT_FLAGS, ...overrides } };
}

/** GET /v1/tenants/info of a workspace in UTC, in dollars, with no digest or insight yet. */
export function makeTenantInfo(overrides: Partial<TenantInfo> = {}): TenantInfo {
  return {
    tenant_id: 11,
    last_digest_ts: { day: null, month: null, quarter: null },
    is_forecast_enabled: false,
    currency: 'USD',
    currency_symbol: '$',
    timezone: 'Etc/UTC',
    last_insight_ts: null,
    ...overrides,
  };
}
