/**
 * Notifications (issue 13): the outbox written in the same transaction as the insight or event group it is
 * about, every delivery attempt, the per-item alert level (the repeat rule), snoozes, each user's quiet hours
 * and alert scope, one row per digest period sent, and the local outbox's HTML.
 */
export default /* sql */ `
create table notification_outbox (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  notification_id bigint generated always as identity,
  user_id bigint not null references users (user_id) on delete cascade,
  channel text not null check (channel in ('email', 'slack', 'sms')),
  kind text not null check (kind in ('insight_group', 'event_group', 'daily', 'weekly', 'monthly', 'quarterly')),
  item_id text,
  -- What makes a send unique for this user and channel: the item and its alert level, or the digest period.
  dedupe_key text not null,
  content jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer not null default 0,
  -- Quiet hours hold an alert until they end.
  send_after timestamptz not null default now(),
  dispatched_at timestamptz,
  provider_message_id text,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (tenant_id, notification_id),
  unique (tenant_id, user_id, channel, dedupe_key)
);
create index notification_outbox_due on notification_outbox (send_after) where status = 'pending';
create index notification_outbox_by_id on notification_outbox (notification_id);

create table notification_attempts (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  attempt_id bigint generated always as identity,
  notification_id bigint not null,
  channel text not null,
  recipient text not null,
  status text not null check (status in ('sent', 'failed')),
  provider_message_id text,
  error text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, attempt_id),
  foreign key (tenant_id, notification_id) references notification_outbox (tenant_id, notification_id)
    on delete cascade
);
create index notification_attempts_of on notification_attempts (tenant_id, notification_id);

-- The highest severity an item was alerted at: a live item alerts again only when it goes higher.
create table notification_items (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  kind text not null check (kind in ('insight_group', 'event_group')),
  item_id text not null,
  severity_rank smallint not null,
  alerted_at timestamptz not null default now(),
  primary key (tenant_id, kind, item_id)
);

create table notification_snoozes (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  snooze_id bigint generated always as identity,
  user_id bigint not null references users (user_id) on delete cascade,
  target_type text not null check (target_type in ('insight_group', 'event_group', 'metric')),
  target_id text not null,
  until timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, snooze_id),
  unique (tenant_id, user_id, target_type, target_id)
);

-- Per user and workspace; no row means no quiet hours, every alert kind on and the whole workspace.
create table notification_settings (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  user_id bigint not null references users (user_id) on delete cascade,
  quiet_hours_active boolean not null default false,
  quiet_start text not null default '22:00' check (quiet_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  quiet_end text not null default '07:00' check (quiet_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  scope_filter_id bigint,
  -- Unsubscribed kinds per channel, e.g. {"email": ["alerts", "weekly"]}.
  unsubscribed jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);

-- One row per user, kind and period sent: a digest is never sent twice for one period.
create table digest_runs (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  user_id bigint not null references users (user_id) on delete cascade,
  kind text not null check (kind in ('daily', 'weekly', 'monthly', 'quarterly')),
  period_key text not null,
  sent_at timestamptz not null default now(),
  primary key (tenant_id, user_id, kind, period_key)
);
create index digest_runs_latest on digest_runs (tenant_id, kind, sent_at desc);

alter table dev_outbox add column body_html text;
`;
