/**
 * Stores and billing: the provider catalogue (a reference table, filled from modules/providers/catalogue.ts
 * at every start), which providers each store watches, and each workspace's plan and add-on with the Stripe
 * ids that pay for them. A workspace without a billing row is on the trial.
 */
export default /* sql */ `
create table providers (
  provider_uuid uuid primary key,
  provider_name text not null unique,
  display_name text not null,
  home_page_url text not null,
  status_page_url text not null,
  feed_url text not null,
  feed_format text not null check (feed_format in ('statuspage_v2', 'instatus', 'rss', 'atom')),
  categories text[] not null default '{}',
  logo_url text not null,
  sort_order int not null,
  -- Dropped from the catalogue: kept so past events stay readable, never offered again.
  is_listed boolean not null default true
);

create table store_providers (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  provider_uuid uuid not null references providers (provider_uuid),
  is_active boolean not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references users (user_id) on delete set null,
  primary key (tenant_id, provider_uuid)
);
create index store_providers_active on store_providers (provider_uuid) where is_active;

create table billing_accounts (
  tenant_id bigint primary key references tenants (tenant_id) on delete cascade,
  plan_id text not null,
  add_on_plan_id text,
  stripe_customer_id text,
  stripe_subscription_id text,
  add_on_subscription_id text,
  updated_at timestamptz not null default now()
);
create unique index billing_accounts_stripe_customer on billing_accounts (stripe_customer_id)
  where stripe_customer_id is not null;

-- Stripe may deliver an event more than once; each is applied once.
create table billing_events (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  stripe_event_id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (tenant_id, stripe_event_id)
);
`;
