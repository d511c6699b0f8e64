/**
 * The job queue's own bookkeeping beside pg-boss (which keeps its tables in a schema of its own):
 * a heartbeat per running job, so the work of a process that died is retried quickly, and schedules
 * per entity with their time zone.
 */
export default /* sql */ `
create table job_runs (
  job_id uuid primary key,
  queue text not null,
  process_id text not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  cancel_requested boolean not null default false,
  progress jsonb
);
create index job_runs_heartbeat on job_runs (heartbeat_at);

create table job_schedules (
  schedule_key text primary key,
  queue text not null,
  cron text not null,
  timezone text not null,
  data jsonb not null default '{}',
  next_run_at timestamptz not null,
  last_run_at timestamptz
);
create index job_schedules_due on job_schedules (next_run_at);
`;
