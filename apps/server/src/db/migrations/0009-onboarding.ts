/**
 * Workspace onboarding (spec 1 §2, §3): a user's persona and objectives, when a member confirmed joining
 * their workspace, and the product-analytics events it tracks (spec 1 §7: workspace_created, workspace_joined),
 * kept here and forwarded to a PostHog-compatible endpoint when one is configured.
 * Numbered 0009 because 0008 is taken by another branch's migration.
 */
export default /* sql */ `
alter table users add column persona_role text;
alter table users add column persona_objectives jsonb not null default '[]'::jsonb;
alter table memberships add column joined_at timestamptz;
create table analytics_events (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  event_id bigint generated always as identity,
  user_id bigint references users (user_id) on delete set null,
  event text not null,
  properties jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  forwarded_at timestamptz,
  primary key (tenant_id, event_id)
);
`;
