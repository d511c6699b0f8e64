/**
 * Global filters: a workspace's saved dimension values (spec 1 §3, §7 feed/filters). One default per workspace,
 * applied on load when the URL names none. A filter goes with its dimension when onboarding drops it.
 */
export default /* sql */ `
create table global_filters (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  filter_id bigint generated always as identity,
  display_name text not null,
  dimension_id bigint not null,
  dimension_name text not null,
  dimension_value text not null,
  is_default boolean not null default false,
  created_by bigint references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, filter_id),
  foreign key (tenant_id, dimension_id) references dimensions (tenant_id, dimension_id) on delete cascade,
  unique (tenant_id, dimension_id, dimension_value)
);
create unique index global_filters_name on global_filters (tenant_id, lower(display_name));
create unique index global_filters_one_default on global_filters (tenant_id) where is_default;
`;
