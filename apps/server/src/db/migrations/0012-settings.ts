/**
 * Personal settings (issue 10, settings part A): the user's phone, alert subscriptions, named preferences and
 * the workspace's Slack connection. Workspace-wide event settings (sampling, sensitivity) stay in
 * event_settings, the one place the collector and the events pipeline read them.
 */
export default /* sql */ `
alter table users add column phone_number text check (phone_number ~ '^\\+[1-9][0-9]{7,14}$');

-- One row per user and workspace, no row meaning the defaults (e-mail on, every severity, no threshold).
create table user_subscriptions (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  user_id bigint not null references users (user_id) on delete cascade,
  email_active boolean not null default true,
  sms_active boolean not null default false,
  slack_active boolean not null default false,
  severities text[] not null default '{High,Medium,Low}'
    check (severities <@ '{High,Medium,Low}'::text[]),
  monetary_impact_threshold bigint not null default 0 check (monetary_impact_threshold >= 0),
  -- Event-mapping overrides, {"<provider>": {"is_active": bool, "categories": {"<category>": bool}}},
  -- where a provider or category missing is on.
  event_mapping jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
create index user_subscriptions_user on user_subscriptions (user_id);

-- NOTIFICATION_SCHEDULE_PREFERENCE and MY_METRICS_PREFERENCE per user and workspace (spec 1 §3).
create table user_preferences (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  user_id bigint not null references users (user_id) on delete cascade,
  preference_name text not null
    check (preference_name in ('NOTIFICATION_SCHEDULE_PREFERENCE', 'MY_METRICS_PREFERENCE')),
  preference_value jsonb not null,
  is_active boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id, preference_name)
);
create index user_preferences_user on user_preferences (user_id);

-- EVENTS_FILTERING_PREFERENCE beside the sampling preference: both belong to the workspace, not to one user.
alter table event_settings add column filtering jsonb;

-- The Slack app installation of a workspace, the bot token sealed (crypto/sealer.ts).
create table slack_installations (
  tenant_id bigint primary key references tenants (tenant_id) on delete cascade,
  team_id text not null,
  team_name text,
  bot_user_id text,
  bot_token bytea not null,
  scope text,
  installed_by bigint references users (user_id) on delete set null,
  installed_at timestamptz not null default now()
);
`;
