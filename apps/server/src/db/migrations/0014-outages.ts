/**
 * Provider outages (issue 12 items 2–4). Pollers keep, per provider, the conditional-request validators, the
 * back-off and the last component snapshot (diffed by the poller itself), every incident they have seen with
 * its history rows, and the links between outage event groups and the workspace's own signals. Incidents are
 * reference data shared by every workspace; outage event groups are per workspace that enabled the provider.
 */
export default /* sql */ `
create table provider_poll_state (
  provider_uuid uuid primary key references providers (provider_uuid),
  etag text,
  last_modified text,
  -- ok, not_modified, unreachable (network error, timeout, HTTP status) or malformed (unreadable body)
  last_result text,
  last_error text,
  last_polled_at timestamptz,
  last_success_at timestamptz,
  next_poll_at timestamptz not null default now(),
  consecutive_failures int not null default 0,
  -- seconds between polls of this provider; null: STATUS_POLL_INTERVAL_SECONDS (3 minutes)
  poll_interval_seconds int,
  -- component name -> { status, group_name } as of the last readable body
  components jsonb,
  updated_at timestamptz not null default now()
);

create table provider_incidents (
  provider_uuid uuid not null references providers (provider_uuid),
  incident_key text not null,
  kind text not null check (kind in ('incident', 'maintenance')),
  title text not null,
  -- none, minor, major, critical or maintenance
  impact text not null,
  -- the page's own status word (investigating, identified, monitoring, resolved, scheduled, in_progress, …)
  status text not null,
  resolved boolean not null default false,
  started_at timestamptz not null,
  resolved_at timestamptz,
  affected_components text[] not null default '{}',
  shortlink text,
  first_seen_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (provider_uuid, incident_key)
);
create index provider_incidents_recent on provider_incidents (provider_uuid, started_at desc);

create table provider_incident_log (
  provider_uuid uuid not null,
  incident_key text not null,
  log_id bigint generated always as identity,
  -- an update's id, or 'components:<time>' for transitions seen by the poller: a re-read never duplicates
  dedupe_key text not null,
  at timestamptz not null,
  current_status text not null,
  description text,
  component_changes jsonb not null default '[]',
  payload jsonb not null default '{}',
  primary key (provider_uuid, incident_key, log_id),
  unique (provider_uuid, incident_key, dedupe_key),
  foreign key (provider_uuid, incident_key) references provider_incidents (provider_uuid, incident_key) on delete cascade
);

alter table event_groups drop constraint event_groups_trigger_check;
alter table event_groups add constraint event_groups_trigger_check check (trigger in ('new', 'rate', 'outage'));
alter table event_groups add column provider_uuid uuid;
create index event_groups_by_provider on event_groups (tenant_id, provider_uuid) where provider_uuid is not null;

create table outage_links (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  outage_group_id bigint not null,
  signal_kind text not null check (signal_kind in ('insight_group', 'experience_event', 'site_error_group')),
  signal_id bigint not null,
  overlap_minutes int not null,
  direction text not null check (direction in ('up', 'down')),
  lost_revenue double precision,
  created_at timestamptz not null default now(),
  primary key (tenant_id, outage_group_id, signal_kind, signal_id),
  foreign key (tenant_id, outage_group_id) references event_groups (tenant_id, event_group_id) on delete cascade
);
create index outage_links_by_signal on outage_links (tenant_id, signal_kind, signal_id);
`;
