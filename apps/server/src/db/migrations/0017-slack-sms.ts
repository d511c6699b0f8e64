/**
 * Slack alerts with buttons and SMS alerts to verified numbers (issue 13, items 3 and 4): where a workspace's
 * Slack alerts go, the message of each alerted item (edited later, followed up in its thread), Slack users matched
 * to members, and phone verification codes.
 */
export default /* sql */ `
-- The channel picked on Slack's consent screen (incoming-webhook scope): alerts are posted there.
alter table slack_installations add column channel_id text, add column channel_name text;

-- Why Slack stopped working (a revoked token ends the installation); shown in settings until reconnected.
create table slack_notes (
  tenant_id bigint primary key references tenants (tenant_id) on delete cascade,
  reason text not null,
  created_at timestamptz not null default now()
);

-- One Slack message per alerted item and workspace, whoever's subscription sent it.
create table slack_messages (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  item_kind text not null check (item_kind in ('insight_group', 'event_group')),
  item_id bigint not null,
  channel_id text not null,
  ts text not null,
  -- The alert as first posted, so an edit can redraw it with the item's new state.
  alert jsonb not null,
  state text not null default 'Open' check (state in ('Open', 'Resolved', 'Flagged')),
  -- Follow-ups about the item wait until then (the Snooze button).
  snoozed_until timestamptz,
  -- Who last changed it from Slack, as the message says.
  changed_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, item_kind, item_id)
);
create unique index slack_messages_by_ts on slack_messages (channel_id, ts);

-- A Slack user known to be this member (matched by e-mail through users.info the first time).
create table slack_user_links (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  slack_user_id text not null,
  user_id bigint not null references users (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (tenant_id, slack_user_id)
);

-- The number the user last proved to own: SMS is verified only while it equals users.phone_number.
alter table users add column phone_verified_number text;

-- The one pending code per user, hashed; a new code replaces it.
create table phone_verifications (
  user_id bigint primary key references users (user_id) on delete cascade,
  phone_number text not null,
  code_hash text not null,
  attempts int not null default 0,
  expires_at timestamptz not null,
  sent_at timestamptz not null default now(),
  -- Codes texted since sends_since (a rolling day), against text-bombing a number through us.
  sends int not null default 1,
  sends_since timestamptz not null default now()
);
`;
