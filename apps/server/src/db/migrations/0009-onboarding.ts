/**
 * Workspace onboarding (spec 1 §2, §3): a user's persona and objectives, and when a member confirmed joining
 * their workspace. Numbered 0009 because 0008 is taken by another branch's migration.
 */
export default /* sql */ `
alter table users add column persona_role text;
alter table users add column persona_objectives jsonb not null default '[]'::jsonb;
alter table memberships add column joined_at timestamptz;
`;
