/**
 * Event groups (issue 11, part 3): a fingerprint's episode of errors on the merchant's own site, found by the
 * events.group-errors job from the hourly rollups and rebuilt by it (upserted on tenant, fingerprint and start
 * hour, so a rerun gives the same rows). Each group keeps the figures its card and detail screen show, so the
 * API reads one row; the per-tenant sequence gives the formatted id. Feedback is per user and group.
 */
export default /* sql */ `
create table event_groups (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  event_group_id bigint generated always as identity,
  sequence_id integer not null,
  fingerprint text not null,
  -- the hour the episode started: with the fingerprint, what makes a rerun find the same group
  start_hour timestamptz not null,
  type text not null default 'error' check (type in ('outage', 'error')),
  sub_type text not null,
  status text not null check (status in ('Active', 'Closed')),
  trigger text not null check (trigger in ('new', 'rate')),
  ts_start timestamptz not null,
  ts_end timestamptz not null,
  number_of_events integer not null,
  severity text not null check (severity in ('High', 'Medium', 'Low')),
  title text not null,
  summary text not null,
  description text not null,
  action text not null,
  error_message text not null,
  pages text[] not null,
  affected_components text[] not null,
  impacted_areas text[] not null,
  funnels text[] not null,
  labels jsonb not null,
  impact_value double precision,
  impact_basis jsonb not null,
  impact_sections jsonb not null,
  extent jsonb,
  figures jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, event_group_id),
  unique (tenant_id, fingerprint, start_hour),
  unique (tenant_id, sequence_id)
);
create index event_groups_feed on event_groups (tenant_id, ts_end desc);

create table event_group_feedback (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  feedback_id bigint generated always as identity,
  event_group_id bigint not null,
  user_id bigint not null references users (user_id) on delete cascade,
  ishelpful boolean,
  comment text,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, feedback_id),
  foreign key (tenant_id, event_group_id) references event_groups (tenant_id, event_group_id) on delete cascade,
  unique (tenant_id, event_group_id, user_id)
);
`;
