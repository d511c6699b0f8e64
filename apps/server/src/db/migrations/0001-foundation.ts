/** Tenants, users, memberships, sessions, login tokens, feature flags, local outbox, settings. */
export default /* sql */ `
create table tenants (
  tenant_id bigint generated always as identity primary key,
  tenant_uuid uuid not null unique default gen_random_uuid(),
  display_name text not null,
  store_url text,
  logo_path text,
  email_domain text,
  plan text not null default 'shopify',
  tenant_status text not null default 'new' check (tenant_status in ('new', 'active')),
  is_all_customers boolean not null default false,
  is_demo boolean not null default false,
  currency text not null default 'USD',
  currency_symbol text not null default '$',
  timezone text not null default 'Etc/UTC',
  is_forecast_enabled boolean not null default false,
  created_at timestamptz not null default now()
);
-- Exactly one all-customers (operator) tenant.
create unique index tenants_one_all_customers on tenants (is_all_customers) where is_all_customers;
create index tenants_email_domain on tenants (email_domain) where email_domain is not null;

create table users (
  user_id bigint generated always as identity primary key,
  user_uuid uuid not null unique default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  login_id text not null,
  given_name text,
  family_name text,
  tenant_id bigint not null references tenants (tenant_id),
  show_onboarding boolean not null default true,
  user_status text not null default 'new' check (user_status in ('new', 'active')),
  is_design_partner boolean not null default false,
  is_north_star_enabled boolean not null default false,
  shopify_shop_name text,
  created_at timestamptz not null default now()
);

create table memberships (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  user_id bigint not null references users (user_id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'member')),
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
create index memberships_user on memberships (user_id);

create table sessions (
  session_hash text primary key,
  user_id bigint not null references users (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_seen_at timestamptz not null default now()
);
create index sessions_user on sessions (user_id);

create table login_tokens (
  token_hash text primary key,
  email text not null,
  redirect_to text,
  plan text,
  is_demo boolean not null default false,
  shopify_data text,
  requested_ip text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_tokens_email_created on login_tokens (email, created_at);

create table feature_flags (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  flag text not null,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references users (user_id) on delete set null,
  primary key (tenant_id, flag)
);

create table dev_outbox (
  message_id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  body_text text not null,
  links jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table app_settings (
  key text primary key,
  value text not null
);
`;
