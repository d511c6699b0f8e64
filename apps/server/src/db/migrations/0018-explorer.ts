/**
 * Saved explorations (issue 14): a name and the explorer's query state, shared as a link within the
 * workspace. Views saved in demo mode are private to their maker, since everyone shares the demo workspace.
 */
export default /* sql */ `
create table explorer_views (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  view_id bigint generated always as identity,
  name text not null,
  state jsonb not null,
  is_private boolean not null default false,
  created_by bigint references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, view_id)
);
create index explorer_views_recent on explorer_views (tenant_id, created_at desc);
`;
