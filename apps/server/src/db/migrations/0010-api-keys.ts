/**
 * API keys (spec 1 §3 API token): stored only as a SHA-256 hash with a short prefix to tell keys apart;
 * a key reads its workspace, or only one dimension value of it. Revoked keys stay listed for audit but
 * never authenticate.
 */
export default /* sql */ `
create table api_keys (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  key_id bigint generated always as identity,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  scope_dim_name text,
  scope_dim_val text,
  created_by bigint references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  primary key (tenant_id, key_id),
  check ((scope_dim_name is null) = (scope_dim_val is null))
);
`;
