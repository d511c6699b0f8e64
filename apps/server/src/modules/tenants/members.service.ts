import {
  INVITATION_TTL_DAYS,
  MEMBER_MESSAGES,
  OPERATOR_LOG_LIMIT,
  ROLE_MESSAGES,
  STATUS_CATALOGUE,
  type CreateInvitationBody,
  type Invitation,
  type JoinedVia,
  type JoiningRule,
  type MemberRole,
  type MembersResponse,
  type OperatorLogEntry,
  type UpdateJoiningBody,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import type { AuthUser, DbContext, TenantContext } from '../../plugins/context';
import type { Queryable } from '../../db/client';
import { mailDomainKind } from './mail-domains';
import * as repo from './members.repository';
import * as tenants from './tenants.repository';

type Answer = { success: true; message: string };

const notFound = () =>
  new AppError('not_found', STATUS_CATALOGUE[404].message.replace('{resource}', 'workspace'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's role in the workspace of the call; none for an operator viewing a customer. */
export async function roleInWorkspace({ ctx }: { ctx: TenantContext }): Promise<MemberRole | null> {
  return (await repo.findMembership(ctx.db, ctx.tenantId, ctx.user.userId))?.role ?? null;
}

/** Refuses (403, with what only owners may do) anyone who is not an owner of the workspace of the call. */
export async function requireOwner({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { refusal: string };
}): Promise<void> {
  if ((await roleInWorkspace({ ctx })) !== 'owner') throw new AppError('forbidden', input.refusal);
}

/** Owner-only reads: owners, and operators who view every customer. */
async function requireOwnerOrViewingOperator(ctx: TenantContext, refusal: string): Promise<void> {
  const role = await roleInWorkspace({ ctx });
  if (role === 'owner' || (role === null && ctx.user.isOperator)) return;
  throw new AppError('forbidden', refusal);
}

function joiningRuleOf(t: tenants.TenantRow): JoiningRule {
  const can = t.email_domain !== null && mailDomainKind(t.email_domain) === 'company';
  return { domain: t.email_domain, join_by_domain: can && t.join_by_domain, can_join_by_domain: can };
}

async function tenantOrThrow(ctx: TenantContext): Promise<tenants.TenantRow> {
  const t = await tenants.findTenant(ctx.db, ctx.tenantId);
  if (!t) throw notFound();
  return t;
}

export async function listMembers({ ctx }: { ctx: TenantContext }): Promise<MembersResponse> {
  const rows = await repo.listMembers(ctx.db, ctx.tenantId);
  return {
    members: rows.map((r) => ({
      user_uuid: r.user_uuid,
      email: r.email,
      given_name: r.given_name,
      family_name: r.family_name,
      role: r.role,
      joined_via: r.joined_via,
      created_at: r.created_at.toISOString(),
      is_you: r.user_id === ctx.user.userId,
    })),
    your_role: rows.find((r) => r.user_id === ctx.user.userId)?.role ?? null,
    joining: joiningRuleOf(await tenantOrThrow(ctx)),
  };
}

async function memberOrThrow(ctx: TenantContext, userUuid: string): Promise<repo.MemberRow> {
  const member = UUID.test(userUuid)
    ? await repo.findMemberByUuid(ctx.db, ctx.tenantId, userUuid.toLowerCase())
    : undefined;
  if (!member) throw new AppError('not_found', MEMBER_MESSAGES.notFound);
  return member;
}

/** Runs a change to owners under a lock, refusing one that would leave the workspace without an owner. */
async function changeKeepingAnOwner(
  ctx: TenantContext,
  member: repo.MemberRow,
  change: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction(async (tx: Queryable) => {
    const owners = await repo.lockOwners(tx, ctx.tenantId);
    if (owners.length === 1 && owners[0] === member.user_id) {
      throw new AppError('conflict', ROLE_MESSAGES.lastOwner);
    }
    await change(tx);
  });
}

/** Owners make owners (or members again); the last owner stays one. */
export async function updateMember({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { userUuid: string; role: MemberRole };
}): Promise<Answer> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.members } });
  const member = await memberOrThrow(ctx, input.userUuid);
  if (member.role !== input.role) {
    const set = (tx: Queryable) => repo.setRole(tx, ctx.tenantId, member.user_id, input.role);
    if (input.role === 'owner') await set(ctx.db);
    else await changeKeepingAnOwner(ctx, member, set);
  }
  return { success: true, message: MEMBER_MESSAGES.roleChanged(member.email, input.role) };
}

/** Owners remove people (themselves too, unless they are the last owner); their API keys stop working. */
export async function removeMember({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { userUuid: string };
}): Promise<Answer> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.members } });
  const member = await memberOrThrow(ctx, input.userUuid);
  await changeKeepingAnOwner(ctx, member, (tx) => repo.deleteMembership(tx, ctx.tenantId, member.user_id));
  return { success: true, message: MEMBER_MESSAGES.removed(member.email) };
}

export async function listInvitations({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<{ invitations: Invitation[] }> {
  const rows = await repo.listPendingInvitations(ctx.db, ctx.tenantId);
  return {
    invitations: rows.map((r) => ({
      id: String(r.invitation_id),
      email: r.email,
      invited_by: r.invited_by_email,
      created_at: r.created_at.toISOString(),
      expires_at: r.expires_at.toISOString(),
    })),
  };
}

/**
 * Invites an address: it joins on its next sign-up or sign-in, whatever its domain, because signing in proves
 * the address. Stored by address with an expiry; nothing secret is mailed.
 */
export async function createInvitation({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: CreateInvitationBody;
}): Promise<Answer> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.invitations } });
  const t = await tenantOrThrow(ctx);
  if (t.is_demo || t.is_all_customers) throw new AppError('forbidden', ROLE_MESSAGES.invitations);
  const email = input.email.trim().toLowerCase();
  const members = await repo.listMembers(ctx.db, ctx.tenantId);
  if (members.some((m) => m.email === email)) throw new AppError('conflict', MEMBER_MESSAGES.alreadyMember);
  await repo.upsertInvitation(ctx.db, {
    tenantId: ctx.tenantId,
    email,
    invitedBy: ctx.user.userId,
    ttlDays: INVITATION_TTL_DAYS,
  });
  return { success: true, message: MEMBER_MESSAGES.invited(email) };
}

export async function revokeInvitation({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { invitationId: string };
}): Promise<Answer> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.invitations } });
  if (!(await repo.deleteInvitation(ctx.db, ctx.tenantId, Number(input.invitationId)))) {
    throw new AppError('not_found', MEMBER_MESSAGES.invitationNotFound);
  }
  return { success: true, message: MEMBER_MESSAGES.invitationRevoked };
}

/** Owners decide whether everyone at the founding company domain may join; never for a public provider. */
export async function updateJoining({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: UpdateJoiningBody;
}): Promise<Answer & { joining: JoiningRule }> {
  await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.joining } });
  const t = await tenantOrThrow(ctx);
  if (input.join_by_domain) {
    if (t.email_domain === null || t.is_demo || t.is_all_customers) {
      throw new AppError('bad_request', MEMBER_MESSAGES.joiningNoDomain);
    }
    if (mailDomainKind(t.email_domain) !== 'company') {
      throw new AppError('bad_request', MEMBER_MESSAGES.joiningPublicDomain(t.email_domain));
    }
  }
  await repo.setJoinByDomain(ctx.db, ctx.tenantId, input.join_by_domain);
  return {
    success: true,
    message: input.join_by_domain ? MEMBER_MESSAGES.joiningOn(t.email_domain!) : MEMBER_MESSAGES.joiningOff,
    joining: joiningRuleOf({ ...t, join_by_domain: input.join_by_domain }),
  };
}

export async function listOperatorLog({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<{ entries: OperatorLogEntry[] }> {
  await requireOwnerOrViewingOperator(ctx, ROLE_MESSAGES.operatorLog);
  const rows = await repo.listOperatorLog(ctx.db, ctx.tenantId, OPERATOR_LOG_LIMIT);
  return {
    entries: rows.map((r) => ({
      id: String(r.audit_id),
      at: r.created_at.toISOString(),
      operator_email: r.operator_email,
      method: r.method,
      route: r.route,
    })),
  };
}

/** Records a write an operator makes in a customer's workspace, before it runs: no record, no write. */
export async function recordOperatorWrite({
  ctx,
  input,
}: {
  ctx: { db: Queryable };
  input: { tenantId: number; user: AuthUser; method: string; route: string };
}): Promise<void> {
  await repo.insertOperatorLog(ctx.db, {
    tenantId: input.tenantId,
    userId: input.user.userId,
    email: input.user.email,
    method: input.method,
    route: input.route,
  });
}

/**
 * Where a new user lands (the caller holds the workspace-creation lock): a workspace that invited the address,
 * else the oldest workspace of their company domain that lets its people join, else none (they found one).
 */
export async function workspaceToJoin(
  tx: Queryable,
  input: { email: string; domain: string },
): Promise<{ tenantId: number; joinedVia: JoinedVia; invitedTo: number[] } | null> {
  const invitedTo = await repo.acceptInvitations(tx, input.email);
  if (invitedTo.length > 0) return { tenantId: invitedTo[0]!, joinedVia: 'invitation', invitedTo };
  if (mailDomainKind(input.domain) !== 'company') return null;
  const joinable = await tenants.findJoinableTenantByDomain(tx, input.domain);
  return joinable ? { tenantId: joinable.tenant_id, joinedVia: 'domain', invitedTo: [] } : null;
}

/** An existing user who was invited somewhere joins it when they next sign in. */
export async function joinInvitedWorkspaces({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { email: string; userId: number };
}): Promise<void> {
  for (const tenantId of await repo.acceptInvitations(ctx.db, input.email)) {
    await tenants.insertMembership(ctx.db, tenantId, input.userId, 'member', 'invitation');
  }
}

/** Whether an invitation to this address is still open somewhere (a public-mail sign-up needs one). */
export async function hasLiveInvitation({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { email: string };
}): Promise<boolean> {
  return repo.hasLiveInvitation(ctx.db, input.email);
}

/** The joining rule a new workspace starts with: on for the first workspace of a company domain. */
export async function defaultJoinByDomain(tx: Queryable, domain: string): Promise<boolean> {
  return mailDomainKind(domain) === 'company' && !(await tenants.domainHasWorkspace(tx, domain));
}

/** How the caller is a member of this workspace, for the join step; null for an operator viewing it. */
export async function joinedVia(db: Queryable, tenantId: number, userId: number): Promise<JoinedVia | null> {
  return (await repo.findMembership(db, tenantId, userId))?.joined_via ?? null;
}
