import type { JoinedVia, MemberRole } from '@tidemark/contract';
import type { Queryable } from '../../db/client';

export interface MemberRow {
  user_id: number;
  user_uuid: string;
  email: string;
  given_name: string | null;
  family_name: string | null;
  role: MemberRole;
  joined_via: JoinedVia;
  created_at: Date;
}

export async function listMembers(db: Queryable, tenantId: number): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select u.user_id::int, u.user_uuid, u.email, u.given_name, u.family_name, m.role, m.joined_via, m.created_at
       from memberships m join users u on u.user_id = m.user_id
      where m.tenant_id = $1
      order by m.role = 'owner' desc, m.created_at, u.user_id`,
    [tenantId],
  );
}

export async function findMemberByUuid(
  db: Queryable,
  tenantId: number,
  userUuid: string,
): Promise<MemberRow | undefined> {
  const rows = await db.query<MemberRow>(
    `select u.user_id::int, u.user_uuid, u.email, u.given_name, u.family_name, m.role, m.joined_via, m.created_at
       from memberships m join users u on u.user_id = m.user_id
      where m.tenant_id = $1 and u.user_uuid = $2`,
    [tenantId, userUuid],
  );
  return rows[0];
}

export async function findMembership(
  db: Queryable,
  tenantId: number,
  userId: number,
): Promise<{ role: MemberRole; joined_via: JoinedVia } | undefined> {
  const rows = await db.query<{ role: MemberRole; joined_via: JoinedVia }>(
    'select role, joined_via from memberships where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  return rows[0];
}

/** Locks the workspace's owner rows, so two owners cannot demote or remove each other at the same moment. */
export async function lockOwners(tx: Queryable, tenantId: number): Promise<number[]> {
  const rows = await tx.query<{ user_id: number }>(
    `select user_id::int from memberships where tenant_id = $1 and role = 'owner' order by user_id for update`,
    [tenantId],
  );
  return rows.map((r) => r.user_id);
}

export async function setRole(
  db: Queryable,
  tenantId: number,
  userId: number,
  role: MemberRole,
): Promise<void> {
  await db.query('update memberships set role = $3 where tenant_id = $1 and user_id = $2', [
    tenantId,
    userId,
    role,
  ]);
}

/**
 * Removes a membership. A user whose home workspace this was moves to another of theirs, if any; one left
 * without a workspace sees the logged-in-as page.
 */
export async function deleteMembership(db: Queryable, tenantId: number, userId: number): Promise<void> {
  await db.query('delete from memberships where tenant_id = $1 and user_id = $2', [tenantId, userId]);
  await db.query(
    `update users u set tenant_id = m.tenant_id
       from (select tenant_id from memberships where user_id = $2 order by created_at limit 1) m
      where u.user_id = $2 and u.tenant_id = $1`,
    [tenantId, userId],
  );
}

export async function setJoinByDomain(db: Queryable, tenantId: number, on: boolean): Promise<void> {
  await db.query('update tenants set join_by_domain = $2 where tenant_id = $1', [tenantId, on]);
}

export interface InvitationRow {
  invitation_id: number;
  tenant_id: number;
  email: string;
  invited_by_email: string | null;
  created_at: Date;
  expires_at: Date;
}

/** Invites an address, or renews its invitation (a fresh expiry; an accepted one is invited again). */
export async function upsertInvitation(
  db: Queryable,
  input: { tenantId: number; email: string; invitedBy: number; ttlDays: number },
): Promise<void> {
  await db.query(
    `insert into invitations (tenant_id, email, invited_by, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4::int))
     on conflict (tenant_id, email) do update
       set invited_by = excluded.invited_by, created_at = excluded.created_at, expires_at = excluded.expires_at,
           accepted_at = null`,
    [input.tenantId, input.email, input.invitedBy, input.ttlDays],
  );
}

export async function listPendingInvitations(db: Queryable, tenantId: number): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `select i.invitation_id::int, i.tenant_id::int, i.email, u.email as invited_by_email, i.created_at, i.expires_at
       from invitations i left join users u on u.user_id = i.invited_by
      where i.tenant_id = $1 and i.accepted_at is null and i.expires_at > now()
      order by i.created_at desc`,
    [tenantId],
  );
}

export async function deleteInvitation(
  db: Queryable,
  tenantId: number,
  invitationId: number,
): Promise<boolean> {
  const rows = await db.query(
    `delete from invitations where tenant_id = $1 and invitation_id = $2 and accepted_at is null
     returning invitation_id`,
    [tenantId, invitationId],
  );
  return rows.length > 0;
}

/**
 * Marks every live invitation of an address accepted and returns their workspaces, oldest invitation first.
 * Demo and operator workspaces are never joined this way.
 */
export async function acceptInvitations(db: Queryable, email: string): Promise<number[]> {
  const rows = await db.query<{ tenant_id: number; created_at: Date }>(
    `update invitations i set accepted_at = now()
       from tenants t
      where i.email = $1 and i.accepted_at is null and i.expires_at > now()
        and t.tenant_id = i.tenant_id and not t.is_demo and not t.is_all_customers
     returning i.tenant_id::int, i.created_at`,
    [email],
  );
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map((r) => r.tenant_id);
}

export async function hasLiveInvitation(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from invitations i join tenants t on t.tenant_id = i.tenant_id
      where i.email = $1 and i.accepted_at is null and i.expires_at > now()
        and not t.is_demo and not t.is_all_customers limit 1`,
    [email],
  );
  return rows.length > 0;
}

export interface OperatorLogRow {
  audit_id: number;
  operator_email: string;
  method: string;
  route: string;
  created_at: Date;
}

export async function insertOperatorLog(
  db: Queryable,
  entry: { tenantId: number; userId: number; email: string; method: string; route: string },
): Promise<void> {
  await db.query(
    `insert into operator_audit (tenant_id, user_id, operator_email, method, route) values ($1, $2, $3, $4, $5)`,
    [entry.tenantId, entry.userId, entry.email, entry.method, entry.route],
  );
}

export async function listOperatorLog(
  db: Queryable,
  tenantId: number,
  limit: number,
): Promise<OperatorLogRow[]> {
  return db.query<OperatorLogRow>(
    `select audit_id::int, operator_email, method, route, created_at from operator_audit
      where tenant_id = $1 order by created_at desc, audit_id desc limit $2`,
    [tenantId, limit],
  );
}
