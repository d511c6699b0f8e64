/**
 * Allowed domains of the collector (issue 25): a workspace lists the sites its beacons may come from (its
 * store URL's domain is allowed without a row), and counts per day the beacons dropped as coming from
 * another site.
 */
export default /* sql */ `
create table collector_domains (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  domain text not null check (domain = lower(domain) and length(domain) between 1 and 253),
  created_by bigint references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, domain)
);

create table collector_drops (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  day date not null,
  beacons bigint not null default 0,
  primary key (tenant_id, day)
);
`;
