/**
 * Data in: the connector catalogue (a reference table), each workspace's connections, their extraction
 * jobs, the warehouse tables they filled, metric and dimension definitions, and the stored series.
 * Tenant-owned tables lead their primary and foreign keys with tenant_id (docs/scaling.md).
 * Warehouse tables themselves (wh_<datasource>_<table>) are created by the loader, one per source table.
 */
export default /* sql */ `
create table connectors (
  connector_uuid uuid primary key,
  connector_name text not null unique,
  display_name text not null,
  connector_type text not null check (connector_type in ('file', 'database', 'app')),
  logo_url text not null,
  description text not null,
  is_active boolean not null default true,
  sort_order int not null
);
insert into connectors (connector_uuid, connector_name, display_name, connector_type, logo_url, description, sort_order) values
  ('6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01', 'csv', 'CSV file', 'file', '/connectors/csv.svg',
   'Upload an export of orders, sessions or any table with a date column.', 1),
  ('6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c02', 'shopify', 'Shopify', 'app', '/connectors/shopify.svg',
   'Orders with line items, customers and products from your store.', 2),
  ('6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c03', 'postgres', 'PostgreSQL', 'database', '/connectors/postgres.svg',
   'Copy tables from a PostgreSQL database, synced every day.', 3),
  ('6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c04', 'mysql', 'MySQL / MariaDB', 'database', '/connectors/mysql.svg',
   'Copy tables from a MySQL or MariaDB database, synced every day.', 4);

create table connections (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  connection_id bigint generated always as identity,
  datasource_id text not null,
  connector_name text not null references connectors (connector_name),
  connection_name text not null,
  config jsonb not null default '{}',
  secret bytea,
  source_tables text[] not null default '{}',
  sync_frequency text not null default 'Daily, 12:00 AM UTC',
  sync_cron text not null default '0 0 * * *',
  sync_timezone text not null default 'Etc/UTC',
  data_connection_status text not null default 'NOT_STARTED',
  data_connection_message text,
  metric_configuration_status text not null default 'NOT_STARTED',
  metric_configuration_message text,
  insight_generation_status text not null default 'NOT_STARTED',
  insight_generation_message text,
  oauth_state_hash text,
  created_by bigint references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  last_synced_at timestamptz,
  primary key (tenant_id, connection_id),
  unique (tenant_id, datasource_id)
);
create unique index connections_datasource_id on connections (datasource_id);
create index connections_oauth_state on connections (oauth_state_hash) where oauth_state_hash is not null;

create table warehouse_tables (
  tenant_id bigint not null,
  table_id bigint generated always as identity,
  connection_id bigint not null,
  source_table_name text not null,
  destination_table_name text not null,
  columns jsonb not null default '[]',
  key_columns text[] not null default '{}',
  cursor_column text,
  cursor_value text,
  date_column text,
  row_count bigint not null default 0,
  loaded_at timestamptz,
  -- Earliest date a load added or changed since the series were last computed; null when they are current.
  dirty_from timestamptz,
  needs_full_recompute boolean not null default true,
  series_computed_at timestamptz,
  primary key (tenant_id, table_id),
  unique (tenant_id, destination_table_name),
  unique (tenant_id, connection_id, source_table_name),
  foreign key (tenant_id, connection_id) references connections (tenant_id, connection_id) on delete cascade
);

create table extraction_jobs (
  tenant_id bigint not null,
  extraction_job_id bigint generated always as identity,
  connection_id bigint not null,
  kind text not null check (kind in ('upload', 'sync')),
  status text not null default 'PENDING',
  message text,
  rows_imported bigint not null default 0,
  rows_rejected bigint not null default 0,
  errors jsonb not null default '[]',
  job_id uuid,
  -- The database session of an upload in progress: when no such session is left, its process died.
  backend_pid int,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (tenant_id, extraction_job_id),
  foreign key (tenant_id, connection_id) references connections (tenant_id, connection_id) on delete cascade
);
create index extraction_jobs_connection on extraction_jobs (tenant_id, connection_id, extraction_job_id desc);

create table metrics (
  tenant_id bigint not null,
  kpi_id bigint generated always as identity,
  connection_id bigint not null,
  table_id bigint not null,
  kpi_name text not null,
  kpi_display_name text not null,
  field_name text not null,
  aggregation_operation text not null,
  formula text,
  accent text not null default 'positive' check (accent in ('positive', 'negative')),
  kpi_format text not null default 'number',
  is_active boolean not null default true,
  tier int not null default 2 check (tier between 1 and 3),
  impact_to_topline double precision,
  dollar_impact double precision,
  is_derived boolean not null default false,
  description text,
  kpi_definition text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, kpi_id),
  unique (tenant_id, kpi_name),
  foreign key (tenant_id, table_id) references warehouse_tables (tenant_id, table_id) on delete cascade
);

create table dimensions (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  dimension_id bigint generated always as identity,
  name text not null,
  display_name text not null,
  primary key (tenant_id, dimension_id),
  unique (tenant_id, name)
);

create table dimension_columns (
  tenant_id bigint not null,
  dimension_id bigint not null,
  table_id bigint not null,
  field_name text not null,
  primary key (tenant_id, dimension_id, table_id),
  foreign key (tenant_id, dimension_id) references dimensions (tenant_id, dimension_id) on delete cascade,
  foreign key (tenant_id, table_id) references warehouse_tables (tenant_id, table_id) on delete cascade
);

create table dimension_values (
  tenant_id bigint not null,
  dimension_id bigint not null,
  value text not null,
  row_count bigint not null,
  rank int not null,
  primary key (tenant_id, dimension_id, value),
  foreign key (tenant_id, dimension_id) references dimensions (tenant_id, dimension_id) on delete cascade
);

-- One row per metric, grain and dimension value ('' is the metric overall), its buckets in arrays: a
-- series is read whole (charts, detection), and a recompute rewrites a few hundred rows, not millions.
create table series (
  tenant_id bigint not null,
  kpi_id bigint not null,
  grain char(1) not null,
  dim_name text not null,
  dim_val text not null,
  ts timestamptz[] not null,
  y double precision[] not null,
  n bigint[] not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, kpi_id, grain, dim_name, dim_val),
  foreign key (tenant_id, kpi_id) references metrics (tenant_id, kpi_id) on delete cascade
);
`;
