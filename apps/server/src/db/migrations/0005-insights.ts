/**
 * Insights: the engine's fit stored beside each series (expected value and band per bucket), the insights
 * it raised, their groups, what the team did with them (history, feedback) and each metric's pipeline runs.
 * An insight is keyed by its series and start, so re-running the pipeline on the same data updates rather
 * than duplicates it. Metrics gain the funnel and category they are filed under. Tenant-owned tables lead their keys with tenant_id (docs/scaling.md).
 */
export default /* sql */ `
alter table series
  add column yhat double precision[],
  add column yhat_lower double precision[],
  add column yhat_upper double precision[],
  add column fit_status text,
  add column fit_notes text[],
  -- What the fit was made from (a digest of the complete buckets' values): an unchanged series is not refitted.
  add column fit_input text,
  add column fitted_at timestamptz;

create table insight_groups (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  group_id bigint generated always as identity,
  grain char(1) not null,
  draft jsonb not null,
  -- The team's own wording; the engine's stays in the draft.
  title text,
  summary text,
  team_state text not null default 'Open' check (team_state in ('Open', 'Resolved', 'Flagged')),
  severity text not null,
  ts_start timestamptz not null,
  ts_end timestamptz not null,
  dim_name text not null default '',
  dim_val text not null default '',
  top_kpi_id bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, group_id)
);
create index insight_groups_recent on insight_groups (tenant_id, ts_start desc);

create table insights (
  tenant_id bigint not null,
  insight_id bigint generated always as identity,
  kpi_id bigint not null,
  grain char(1) not null,
  dim_name text not null default '',
  dim_val text not null default '',
  pattern_type text not null check (pattern_type in ('Point Anomaly', 'Trend Change')),
  direction text not null check (direction in ('up', 'down')),
  insight_ts timestamptz not null,
  ts_end timestamptz not null,
  severity text not null check (severity in ('High', 'Medium', 'Low')),
  severity_score double precision not null default 0,
  accent text not null check (accent in ('positive', 'negative')),
  draft jsonb not null,
  rootcause jsonb,
  title text,
  summary text,
  status text not null default 'Open'
    check (status in ('Open', 'Important', 'Snoozed', 'Flagged', 'Archived', 'Resolved')),
  group_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, insight_id),
  foreign key (tenant_id, kpi_id) references metrics (tenant_id, kpi_id) on delete cascade,
  foreign key (tenant_id, group_id) references insight_groups (tenant_id, group_id) on delete set null (group_id)
);
create index insights_by_series on insights (tenant_id, kpi_id, grain, dim_name, dim_val, insight_ts);
create index insights_by_group on insights (tenant_id, group_id);
create index insights_recent on insights (tenant_id, insight_ts desc);

create table insight_history (
  tenant_id bigint not null,
  history_id bigint generated always as identity,
  group_id bigint,
  insight_id bigint,
  change_type text not null check (change_type in ('state_change', 'annotation_change')),
  change_data jsonb not null,
  user_id bigint references users (user_id) on delete set null,
  login_id text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, history_id),
  check ((group_id is null) <> (insight_id is null)),
  foreign key (tenant_id, group_id) references insight_groups (tenant_id, group_id) on delete cascade,
  foreign key (tenant_id, insight_id) references insights (tenant_id, insight_id) on delete cascade
);
create index insight_history_of_group on insight_history (tenant_id, group_id, created_at desc);
create index insight_history_of_insight on insight_history (tenant_id, insight_id, created_at desc);

create table insight_feedback (
  tenant_id bigint not null,
  feedback_id bigint generated always as identity,
  group_id bigint,
  insight_id bigint,
  user_id bigint not null references users (user_id) on delete cascade,
  ishelpful boolean,
  comment text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, feedback_id),
  check ((group_id is null) <> (insight_id is null)),
  foreign key (tenant_id, group_id) references insight_groups (tenant_id, group_id) on delete cascade,
  foreign key (tenant_id, insight_id) references insights (tenant_id, insight_id) on delete cascade
);
create unique index insight_feedback_one_per_user on insight_feedback
  (tenant_id, coalesce(group_id, 0), coalesce(insight_id, 0), user_id);

-- Funnels and categories metrics are filed under (spec 3 §3, Metric option lists).
create table metric_groups (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  metric_group_id bigint generated always as identity,
  kind text not null check (kind in ('funnel', 'category')),
  name text not null,
  primary key (tenant_id, metric_group_id),
  unique (tenant_id, kind, name)
);
alter table metrics
  add column funnel_id bigint,
  add column category_id bigint,
  add foreign key (tenant_id, funnel_id) references metric_groups (tenant_id, metric_group_id) on delete set null (funnel_id),
  add foreign key (tenant_id, category_id) references metric_groups (tenant_id, metric_group_id) on delete set null (category_id);

create table pipeline_runs (
  tenant_id bigint not null,
  kpi_id bigint not null,
  grain char(1) not null,
  status text not null check (status in ('success', 'failure')),
  last_run timestamptz not null,
  reason text,
  series_count int not null default 0,
  insight_count int not null default 0,
  duration_ms int not null default 0,
  -- Of which the engine's own work in the CPU pool: the rest is reading and writing.
  analysis_ms int not null default 0,
  primary key (tenant_id, kpi_id, grain),
  foreign key (tenant_id, kpi_id) references metrics (tenant_id, kpi_id) on delete cascade
);
`;
