import {
  ROLE_MESSAGES,
  STATUS_CATALOGUE,
  WORKSPACE_MESSAGES,
  WORKSPACE_NAME_MAX,
  workspaceFormError,
  cleanWorkspaceName,
  type JoinedVia,
  type JoinWorkspaceBody,
  type MemberRole,
  type TeamDetails,
  type TenantInfo,
  type TenantSummary,
  type UpdateWorkspaceBody,
  type WorkspaceAnswer,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import type { AuthUser, DbContext, SessionContext, TenantContext } from '../../plugins/context';
import type { Queryable } from '../../db/client';
import { track } from '../analytics';
import { lastDigestTimes } from '../notifications';
import * as repo from './tenants.repository';
import { defaultJoinByDomain, joinedVia, recordOperatorWrite, workspaceToJoin } from './members.service';

const forbidden = () =>
  new AppError('forbidden', `${STATUS_CATALOGUE[403].title}: ${STATUS_CATALOGUE[403].message}`);

export interface TenantAccessInput {
  user: AuthUser;
  /** The tenant_id the caller asked for; their own workspace when absent. */
  requestedTenantId: number | undefined;
  isDemo: boolean;
  /** Demo data is shared by everyone, so it may be read but never changed. */
  readOnly: boolean;
  /** The route being called; a write an operator may make in a customer's workspace is logged under it. */
  route?: { method: string; path: string; operatorSupport: boolean };
}

/**
 * Operators view customers; they change one only through the few support actions the auth plugin lists,
 * and each of those is written to the customer's operator log before it runs. Their own workspaces are theirs.
 */
async function guardOperatorWrite(db: Queryable, input: TenantAccessInput, tenantId: number): Promise<void> {
  if (input.readOnly || (await repo.isMember(db, tenantId, input.user.userId))) return;
  if (!input.route?.operatorSupport) throw new AppError('forbidden', ROLE_MESSAGES.operatorReadOnly);
  await recordOperatorWrite({
    ctx: { db },
    input: { tenantId, user: input.user, method: input.route.method, route: input.route.path },
  });
}

/**
 * Decides which tenant a call acts on. An unknown tenant and another customer's tenant answer alike (403),
 * so ids cannot be probed.
 */
export async function authorizeTenant({
  ctx: { db },
  input,
}: {
  ctx: DbContext;
  input: TenantAccessInput;
}): Promise<number> {
  const { user } = input;
  if (input.isDemo) {
    if (!input.readOnly) throw forbidden();
    const demo = await repo.findDemoTenant(db);
    if (!demo) throw forbidden();
    return demo.tenant_id;
  }
  const tenantId = input.requestedTenantId ?? user.tenantId;
  if (user.isOperator) {
    if (!(await repo.findTenant(db, tenantId))) throw forbidden();
    await guardOperatorWrite(db, input, tenantId);
    return tenantId;
  }
  const known = user.membership?.tenantId === tenantId ? user.membership.member : undefined;
  if (!(known ?? (await repo.isMember(db, tenantId, user.userId)))) throw forbidden();
  return tenantId;
}

/** Operators may act on any existing customer; everyone else on nothing. */
export async function authorizeOperator({
  ctx: { db },
  input,
}: {
  ctx: DbContext;
  input: TenantAccessInput;
}): Promise<number> {
  // Operator routes act on real customers; demo mode would aim them at the shared demo workspace.
  if (!input.user.isOperator || input.isDemo) throw forbidden();
  const tenantId = input.requestedTenantId ?? input.user.tenantId;
  if (!(await repo.findTenant(db, tenantId))) {
    throw new AppError('not_found', STATUS_CATALOGUE[404].message.replace('{resource}', 'workspace'));
  }
  // Operator tools (feature flags) are meant for customers, and so are logged like support actions.
  await guardOperatorWrite(
    db,
    { ...input, route: input.route && { ...input.route, operatorSupport: true } },
    tenantId,
  );
  return tenantId;
}

export function toSummary(t: repo.TenantRow): TenantSummary {
  return {
    tenant_id: t.tenant_id,
    tenant_uuid: t.tenant_uuid,
    display_name: t.is_all_customers ? 'All' : t.display_name,
    is_all_customers: t.is_all_customers,
    is_demo: t.is_demo,
  };
}

/** Operators see every customer (the all-customers tenant first); others see their memberships. */
export async function listVisibleTenants({ ctx }: { ctx: SessionContext }): Promise<TenantSummary[]> {
  const rows = ctx.user.isOperator
    ? await repo.listAllTenants(ctx.db)
    : await repo.listMemberTenants(ctx.db, ctx.user.userId);
  return rows.map(toSummary);
}

export async function getTenantInfo({ ctx }: { ctx: TenantContext }): Promise<TenantInfo> {
  const t = await repo.findTenant(ctx.db, ctx.tenantId);
  if (!t) throw forbidden();
  const lastInsight = await repo.lastInsightTs(ctx.db, ctx.tenantId);
  const lastData = await repo.lastDataTs(ctx.db, ctx.tenantId);
  // The demo and all-customers workspaces get no data of their own: nothing to connect there.
  const ownData = !t.is_demo && !t.is_all_customers;
  return {
    tenant_id: t.tenant_id,
    last_digest_ts: await lastDigestTimes(ctx, ctx.tenantId),
    is_forecast_enabled: t.is_forecast_enabled,
    currency: t.currency,
    currency_symbol: t.currency_symbol,
    timezone: t.timezone,
    last_insight_ts: lastInsight ? lastInsight.toISOString() : null,
    last_data_ts: lastData ? lastData.toISOString() : null,
    needs_data: ownData && !(await repo.hasMetrics(ctx.db, ctx.tenantId)),
  };
}

/**
 * Loads the workspace a tenants/{uuid} path names. The tenant was already authorised from tenant_id (or the
 * caller's own); a path naming any other workspace is refused alike whether it exists or not, so ids cannot
 * be probed. Text that is not an id at all names nothing: 404.
 */
/** The caller's workspace by its uuid: 404 for no uuid at all, 403 for another workspace's. */
export async function getWorkspaceOrThrow({
  ctx,
  id,
}: {
  ctx: TenantContext;
  id: string;
}): Promise<repo.TenantRow> {
  const tenantUuid = id;
  if (!UUID.test(tenantUuid)) {
    throw new AppError('not_found', STATUS_CATALOGUE[404].message.replace('{resource}', 'workspace'));
  }
  const tenant = await repo.findTenant(ctx.db, ctx.tenantId);
  if (!tenant || tenant.tenant_uuid !== tenantUuid.toLowerCase()) throw forbidden();
  return tenant;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function toTeamDetails(db: Queryable, t: repo.TenantRow, userId: number): Promise<TeamDetails> {
  return {
    tenant_uuid: t.tenant_uuid,
    display_name: t.display_name,
    logo_path: t.logo_path,
    member_count: await repo.countMembers(db, t.tenant_id),
    store_url: t.store_url,
    joined_via: await joinedVia(db, t.tenant_id, userId),
    email_domain: t.email_domain,
  };
}

/** GET tenants/{uuid}: what the join step shows of the team. */
export async function getTeamDetails({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { tenantUuid: string };
}): Promise<TeamDetails> {
  return toTeamDetails(ctx.db, await getWorkspaceOrThrow({ ctx, id: input.tenantUuid }), ctx.user.userId);
}

/**
 * PATCH tenants/{uuid}, the create_tenant step: sign-up provisioned the workspace under a name taken from the
 * e-mail domain; here its owner names it and records the store, which marks it set up.
 */
export async function updateWorkspace({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { tenantUuid: string; body: UpdateWorkspaceBody };
}): Promise<WorkspaceAnswer> {
  const tenant = await getWorkspaceOrThrow({ ctx, id: input.tenantUuid });
  if (tenant.is_demo || tenant.is_all_customers) throw forbidden();
  const invalid = workspaceFormError(input.body);
  if (invalid) throw new AppError('bad_request', invalid);
  let updated: repo.TenantRow | null;
  try {
    updated = await repo.updateWorkspace(ctx.db, tenant.tenant_id, {
      // Cleaned before the unique check, so look-alike spellings of a taken name collide with it.
      display_name: cleanWorkspaceName(input.body.display_name),
      store_url: input.body.store_url.trim(),
    });
  } catch (error) {
    // Two workspaces renamed to one name at the same moment: the unique index decides.
    if ((error as { code?: string }).code !== '23505') throw error;
    updated = null;
  }
  if (!updated) throw new AppError('conflict', WORKSPACE_MESSAGES.nameTaken);
  if (tenant.tenant_status === 'new') {
    await track({
      ctx,
      input: {
        tenantId: tenant.tenant_id,
        userId: ctx.user.userId,
        distinctId: ctx.user.userUuid,
        event: 'workspace_created',
        properties: { workspace_name: updated.display_name },
      },
    });
  }
  return {
    success: true,
    message: WORKSPACE_MESSAGES.created,
    data: await toTeamDetails(ctx.db, updated, ctx.user.userId),
  };
}

/**
 * POST tenants/{uuid}/join: a member confirms joining their team. Only the caller can join, under their own
 * address; joining again is harmless.
 */
export async function joinWorkspace({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { tenantUuid: string; body: JoinWorkspaceBody };
}): Promise<{ success: boolean; message: string }> {
  const tenant = await getWorkspaceOrThrow({ ctx, id: input.tenantUuid });
  if (input.body.user_email.trim().toLowerCase() !== ctx.user.email) {
    throw new AppError('forbidden', WORKSPACE_MESSAGES.joinOtherUser);
  }
  // Operators may read any customer but belong to none: there is no membership to confirm.
  const joined = await repo.markJoined(ctx.db, tenant.tenant_id, ctx.user.userId);
  if (!joined) throw forbidden();
  if (joined.first) {
    await track({
      ctx,
      input: {
        tenantId: tenant.tenant_id,
        userId: ctx.user.userId,
        distinctId: ctx.user.userUuid,
        event: 'workspace_joined',
        properties: { workspace_name: tenant.display_name },
      },
    });
  }
  return { success: true, message: WORKSPACE_MESSAGES.joined };
}

/**
 * A new user's workspace. Sharing a mail domain grants nothing by itself: they join a workspace that invited
 * them, or the one of their company domain that lets its people join; otherwise they found their own.
 */
export async function findOrCreateWorkspaceForUser({
  ctx: { db: tx },
  input,
}: {
  ctx: DbContext;
  input: { email: string; domain: string; plan: string };
}): Promise<{ tenant: repo.TenantRow; role: MemberRole; joinedVia: JoinedVia; alsoInvitedTo: number[] }> {
  await repo.lockWorkspaceCreation(tx);
  const join = await workspaceToJoin(tx, input);
  const joined = join && (await repo.findTenant(tx, join.tenantId));
  if (join && joined) {
    return {
      tenant: joined,
      role: 'member',
      joinedVia: join.joinedVia,
      alsoInvitedTo: join.invitedTo.slice(1),
    };
  }
  const tenant = await repo.insertTenant(tx, {
    display_name: await freeWorkspaceName(tx, input.domain),
    email_domain: input.domain,
    plan: input.plan,
    tenant_status: 'new',
    join_by_domain: await defaultJoinByDomain(tx, input.domain),
  });
  return { tenant, role: 'owner', joinedVia: 'founder', alsoInvitedTo: [] };
}

/**
 * Two workspaces never share a name (operators pick customers by it): 'Acme Store', else
 * 'Acme Store (acme-store.co.uk)', else a number.
 */
async function freeWorkspaceName(tx: Queryable, domain: string): Promise<string> {
  const base = cleanWorkspaceName(workspaceNameFromDomain(domain)) || domain;
  const candidates = [base, `${base} (${domain})`.slice(0, WORKSPACE_NAME_MAX)];
  for (let n = 2; n < 100; n++) candidates.push(`${base.slice(0, WORKSPACE_NAME_MAX - 4)} ${n}`);
  const taken = await repo.takenDisplayNames(tx, candidates);
  return candidates.find((c) => !taken.has(c.toLowerCase())) ?? `${base.slice(0, 27)} ${Date.now()}`;
}

export async function isSpecialTenantDomain({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { domain: string };
}): Promise<boolean> {
  return repo.isSpecialTenantDomain(ctx.db, input.domain);
}

/** 'acme-store.co.uk' → 'Acme Store': a starting name the owner renames during onboarding. */
export function workspaceNameFromDomain(domain: string): string {
  const label = domain.split('.')[0] ?? domain;
  return (
    label
      .split(/[-_]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ') || domain
  ).slice(0, WORKSPACE_NAME_MAX);
}

/** The workspace's store settings: currency (with its symbol), time zone and the forecast switch. */
export async function updateStoreSettings({
  ctx,
  input,
}: {
  ctx: { db: Queryable; tenantId: number };
  input: { currency: string; currency_symbol: string; timezone: string; is_forecast_enabled: boolean };
}): Promise<repo.TenantRow> {
  const row = await repo.updateStoreSettings(ctx.db, ctx.tenantId, input);
  if (!row) throw forbidden();
  return row;
}

/** Adds a person to a workspace (the seed, sign-up and tests; the team page invites instead). */
export async function addMember({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { tenantId: number; userId: number; role: MemberRole; joinedVia?: JoinedVia };
}): Promise<void> {
  await repo.insertMembership(ctx.db, input.tenantId, input.userId, input.role, input.joinedVia);
}

/** A new workspace as it is given (the seed and tests; people get theirs from `findOrCreateWorkspaceForUser`). */
export async function createTenant({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: repo.NewTenant;
}): Promise<repo.TenantRow> {
  return repo.insertTenant(ctx.db, input);
}

/** A workspace's row, whoever asks; undefined when there is none. */
export async function findTenantRow({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { tenantId: number };
}): Promise<repo.TenantRow | undefined> {
  return repo.findTenant(ctx.db, input.tenantId);
}

/** Workspaces whose id is the text, or whose name is it in any case (the command line's `<tenant>`). */
export async function findTenantsByIdOrName({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { idOrName: string };
}): Promise<repo.TenantRow[]> {
  return repo.findTenantsByIdOrName(ctx.db, input.idOrName);
}

export async function findAllCustomersTenant({
  ctx,
}: {
  ctx: DbContext;
}): Promise<repo.TenantRow | undefined> {
  return repo.findAllCustomersTenant(ctx.db);
}

export async function findDemoTenant({ ctx }: { ctx: DbContext }): Promise<repo.TenantRow | undefined> {
  return repo.findDemoTenant(ctx.db);
}
