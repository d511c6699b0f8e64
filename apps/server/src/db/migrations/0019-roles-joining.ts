/**
 * Owners and members, joining by company domain, invitations and the operator log (issue 25): sharing a
 * mail domain no longer grants access by itself, and what operators change in a customer's workspace is kept.
 */
export default /* sql */ `
alter table tenants add column join_by_domain boolean not null default false;
-- Workspaces founded by a domain kept letting its people in; public providers are refused in code.
update tenants set join_by_domain = true
 where email_domain is not null and not is_demo and not is_all_customers;

alter table memberships add column joined_via text not null default 'domain'
  check (joined_via in ('founder', 'domain', 'invitation'));
-- Every workspace has an owner: its earliest member where none was marked.
update memberships m set role = 'owner'
  from (select distinct on (tenant_id) tenant_id, user_id from memberships
         order by tenant_id, created_at, user_id) first
 where m.tenant_id = first.tenant_id and m.user_id = first.user_id
   and not exists (select 1 from memberships o where o.tenant_id = m.tenant_id and o.role = 'owner');
update memberships set joined_via = 'founder' where role = 'owner';

-- An owner invites an address; it joins when that address next signs up or signs in (proven by the link).
create table invitations (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  invitation_id bigint generated always as identity,
  email text not null check (email = lower(email)),
  invited_by bigint references users (user_id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  primary key (tenant_id, invitation_id),
  unique (tenant_id, email)
);
create index invitations_email on invitations (email) where accepted_at is null;

-- Writes an operator made inside a customer's workspace: the customer's owners read them.
create table operator_audit (
  tenant_id bigint not null references tenants (tenant_id) on delete cascade,
  audit_id bigint generated always as identity,
  user_id bigint references users (user_id) on delete set null,
  operator_email text not null,
  method text not null,
  route text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, audit_id)
);
create index operator_audit_tenant on operator_audit (tenant_id, created_at desc);
`;
