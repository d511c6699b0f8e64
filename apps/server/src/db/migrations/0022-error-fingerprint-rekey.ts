/**
 * Stored site errors re-keyed with the current fingerprint (issue 27 items 10–11 changed it, so one bug kept an
 * old and a new group after an upgrade). The fingerprint is TypeScript (stack parsing), so SQL cannot recompute
 * it here: the events.rekey-fingerprints job does, once per workspace, and records the version it applied.
 */
export default /* sql */ `
create table error_fingerprint_versions (
  tenant_id bigint primary key references tenants (tenant_id) on delete cascade,
  version integer not null,
  groups_merged integer not null default 0,
  rekeyed_at timestamptz not null default now()
);
`;
