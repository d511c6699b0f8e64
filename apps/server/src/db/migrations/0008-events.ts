/**
 * Site events from the collector (issue 11, parts 1–2). Every workspace gets a public site key. Raw events land
 * in site_events, range-partitioned by day of receipt (partitions are made ahead and dropped after the
 * retention by the events.maintain-partitions job). Each insert also queues the hours it touched in
 * event_rollup_queue, in the same statement, so the rollup job finds every event the ingest answered 202 for.
 */
export default /* sql */ `
alter table tenants add column site_key text not null unique default replace(gen_random_uuid()::text, '-', '');

-- EVENTS_SAMPLING_PREFERENCE (spec 1 §3) as the collector applies it; no row means 10% of every error type.
create table event_settings (
  tenant_id bigint primary key references tenants (tenant_id) on delete cascade,
  sampling jsonb,
  updated_at timestamptz not null default now()
);

create sequence site_events_id_seq;
create table site_events (
  tenant_id bigint not null,
  received_at timestamptz not null default now(),
  event_id bigint not null default nextval('site_events_id_seq'),
  occurred_at timestamptz not null,
  session_id text not null,
  kind text not null check (kind in ('pageview', 'error', 'conversion')),
  sub_type text check (sub_type in ('js', 'network', 'asset', 'beacon')),
  page text not null,
  fingerprint text,
  message text,
  detail jsonb,
  sample_rate real not null default 1,
  browser text not null,
  os text not null,
  device text not null,
  value numeric,
  currency text,
  primary key (tenant_id, received_at, event_id)
) partition by range (received_at);
create index site_events_occurred on site_events (tenant_id, occurred_at);

-- Hours (of occurred_at) that have events not yet rolled up; append-only so concurrent ingests never contend.
create table event_rollup_queue (
  tenant_id bigint not null,
  hour timestamptz not null,
  queued_id bigint generated always as identity,
  primary key (tenant_id, hour, queued_id)
);

-- Per hour, page, fingerprint, browser, OS and device; rebuilt whole for an hour, so a rerun gives the same rows.
create table event_rollups (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  hour timestamptz not null,
  kind text not null,
  sub_type text not null default '',
  page text not null,
  fingerprint text not null default '',
  browser text not null,
  os text not null,
  device text not null,
  events integer not null,
  -- each kept event stands for 1 / its sample rate
  estimated double precision not null,
  sessions integer not null,
  value numeric not null default 0,
  primary key (tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device)
);
`;
