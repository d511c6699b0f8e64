import {
  AUTH_MESSAGES,
  DEFAULT_PLAN,
  MAGIC_LINK_TTL_MINUTES,
  isReservedEmailDomain,
  isSafeInternalPath,
  type MagicLoginBody,
  type SuccessMessage,
  type User,
  type VerifyResponse,
} from '@tidemark/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { AuthUser, BaseContext, SessionContext } from '../../plugins/context';
import { identify } from '../analytics';
import {
  addMember,
  findOrCreateWorkspaceForUser,
  findTenantRow,
  hasLiveInvitation,
  isSpecialTenantDomain,
  joinInvitedWorkspaces,
  listVisibleTenants,
  mailDomainKind,
} from '../tenants';
import * as repo from './auth.repository';
import { clientOf } from './client';
import { hashToken, newToken } from './tokens';

const ADDRESS_WINDOW_MINUTES = 15;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Loads the user behind a session cookie; an unknown or expired session is simply no user. */
export async function resolveSession(
  ctx: BaseContext,
  rawToken: string | undefined,
  /** The workspace the request names: its membership is read in the same round trip. */
  tenantId?: number,
): Promise<AuthUser | null> {
  if (!rawToken || rawToken.length > 200) return null;
  const sessionHash = hashToken(rawToken);
  const row = await repo.findSessionUser(ctx.db, sessionHash, tenantId);
  if (!row) return null;
  // Refresh at most hourly so reads do not turn into a write per request.
  if (Date.now() - row.last_seen_at.getTime() > 3_600_000) {
    await repo.touchSession(ctx.db, sessionHash, ctx.config.sessionTtlDays);
  }
  return {
    userId: row.user_id,
    userUuid: row.user_uuid,
    email: row.email,
    tenantId: row.tenant_id,
    isOperator: row.is_operator,
    sessionHash,
    ...(row.member_tenant_id !== undefined && row.is_member !== undefined
      ? { membership: { tenantId: row.member_tenant_id, member: row.is_member } }
      : {}),
  };
}

export async function startSession(ctx: BaseContext, userId: number): Promise<string> {
  const token = newToken();
  await repo.insertSession(ctx.db, hashToken(token), userId, ctx.config.sessionTtlDays);
  identify({ ctx, input: { userId } });
  return token;
}

export async function endSession(ctx: BaseContext, user: AuthUser | null): Promise<void> {
  if (user) await repo.deleteSession(ctx.db, user.sessionHash);
}

export interface RequestMagicLinkInput {
  body: MagicLoginBody;
  redirectTo: string | undefined;
  ip: string;
}

export async function requestMagicLink({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: RequestMagicLinkInput;
}): Promise<SuccessMessage> {
  const email = normaliseEmail(input.body.destination);
  const existing = await repo.findUserByEmail(ctx.db, email);
  if (!existing) await assertCanSignUp(ctx, email);
  // Counted per address and client together, so a stranger's requests cannot lock the owner of an address
  // out; the looser cap over all clients stops a distributed flood of one inbox.
  const client = clientOf(input.ip);
  const recent = await repo.countRecentTokens(ctx.db, { email, client, minutes: ADDRESS_WINDOW_MINUTES });
  if (
    recent.fromClient >= ctx.config.magicLinkLimitPerAddress ||
    recent.total >= ctx.config.magicLinkCapPerAddress
  ) {
    throw new AppError('rate_limited', AUTH_MESSAGES.tooManyRequests);
  }
  const token = newToken();
  await repo.insertLoginToken(ctx.db, {
    token_hash: hashToken(token),
    email,
    redirect_to: input.redirectTo ?? null,
    plan: input.body.plan ?? null,
    is_demo: input.body.is_demo ?? false,
    shopify_data: input.body.shopify_data ?? null,
    requested_ip: client,
    ttl_minutes: MAGIC_LINK_TTL_MINUTES,
  });
  const link = `${ctx.config.publicUrl}/v1/auth/magic-login/callback?token=${encodeURIComponent(token)}`;
  const verb = existing ? 'Sign in to' : 'Finish signing up for';
  await ctx.mailer.send({
    to: email,
    subject: `${verb} Tidemark`,
    text: [
      `${verb} Tidemark with this link:`,
      '',
      link,
      '',
      `It works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes.`,
      'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
    ].join('\n'),
    html: `<p>${verb} Tidemark with this link:</p><p><a href="${link}">${verb} Tidemark</a></p><p>It works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.</p>`,
    links: [link],
  });
  return { success: true, message: AUTH_MESSAGES.magicLinkSent };
}

export interface SignInResult {
  sessionToken: string;
  redirect: string;
}

/**
 * Where a signed-in user lands: the remembered target, or /; demo sign-ups keep demo mode on.
 * The target is judged again here, at use time, so a row stored under older rules cannot redirect off-site.
 */
export function landingFor(redirectTo: string | null | undefined, isDemo: boolean): string {
  const target = isSafeInternalPath(redirectTo) ? redirectTo : '/';
  if (!isDemo) return target;
  return `${target}${target.includes('?') ? '&' : '?'}mode=demo`;
}

export async function consumeMagicLink({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { token: string };
}): Promise<SignInResult> {
  const { token } = input;
  const row = await repo.consumeLoginToken(ctx.db, hashToken(token));
  if (!row) throw new AppError('unauthorized', AUTH_MESSAGES.linkExpired);
  const userId = await signInByEmail(ctx, {
    email: row.email,
    plan: row.plan ?? DEFAULT_PLAN,
    shopifyData: row.shopify_data,
  });
  return {
    sessionToken: await startSession(ctx, userId),
    redirect: landingFor(row.redirect_to, row.is_demo),
  };
}

export interface SignInIdentity {
  email: string;
  plan: string;
  shopifyData: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

/**
 * A new account needs a work address of a real domain (spec 1 §8, invalid_domain): not a public mail provider
 * or ISP, not a name reserved for examples, and not the domain of the demo or operator workspace (which would
 * found a look-alike of it). An owner's invitation vouches for any address.
 */
async function assertCanSignUp(ctx: BaseContext, email: string): Promise<void> {
  const domain = email.split('@')[1] ?? '';
  if (isReservedEmailDomain(email) || (await isSpecialTenantDomain({ ctx, input: { domain } }))) {
    throw new AppError('invalid_domain', AUTH_MESSAGES.invalidDomain);
  }
  if (mailDomainKind(domain) === 'public' && !(await hasLiveInvitation({ ctx, input: { email } }))) {
    throw new AppError('invalid_domain', AUTH_MESSAGES.invalidDomain);
  }
}

/**
 * Finds the user of an address or signs them up: into a workspace that invited them or that lets everyone at
 * their company domain join, else a new one of their own. An existing user joins the workspaces that invited them.
 */
export async function signInByEmail(ctx: BaseContext, identity: SignInIdentity): Promise<number> {
  const email = normaliseEmail(identity.email);
  const existing = await repo.findUserByEmail(ctx.db, email);
  if (existing) {
    await ctx.db.transaction((tx: Queryable) =>
      joinInvitedWorkspaces({ ctx: { db: tx }, input: { email, userId: existing.user_id } }),
    );
    return existing.user_id;
  }
  await assertCanSignUp(ctx, email);
  const domain = email.split('@')[1]!;
  return ctx.db.transaction(async (tx: Queryable) => {
    const placed = await findOrCreateWorkspaceForUser({
      ctx: { db: tx },
      input: { email, domain, plan: identity.plan },
    });
    const { tenant } = placed;
    const user = await repo.insertUser(tx, {
      email,
      login_id: email,
      tenant_id: tenant.tenant_id,
      given_name: identity.givenName ?? null,
      family_name: identity.familyName ?? null,
      shopify_shop_name: shopNameFrom(identity.shopifyData),
    });
    await addMember({
      ctx: { db: tx },
      input: {
        tenantId: tenant.tenant_id,
        userId: user.user_id,
        role: placed.role,
        joinedVia: placed.joinedVia,
      },
    });
    for (const other of placed.alsoInvitedTo) {
      await addMember({
        ctx: { db: tx },
        input: { tenantId: other, userId: user.user_id, role: 'member', joinedVia: 'invitation' },
      });
    }
    return user.user_id;
  });
}

/** shopify_data arrives from the store platform's install flow as JSON carrying the shop's domain. */
function shopNameFrom(data: string | null): string | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed && typeof parsed === 'object' && 'shop' in parsed && typeof parsed.shop === 'string') {
      return parsed.shop.slice(0, 255);
    }
  } catch {
    // Not JSON: a bare shop name.
  }
  return data.slice(0, 255);
}

export async function verify({ ctx }: { ctx: SessionContext }): Promise<VerifyResponse> {
  const row = await repo.findUserWithRole(ctx.db, ctx.user.userId);
  if (!row) throw new AppError('unauthorized', AUTH_MESSAGES.notLoggedIn);
  const tenant = await findTenantRow({ ctx, input: { tenantId: row.tenant_id } });
  const user: User = {
    user_uuid: row.user_uuid,
    tenant_id: row.tenant_id,
    tenant_uuid: tenant?.tenant_uuid ?? row.user_uuid,
    given_name: row.given_name,
    family_name: row.family_name,
    email: row.email,
    login_id: row.login_id,
    show_onboarding: row.show_onboarding,
    is_design_partner: row.is_design_partner,
    is_north_star_enabled: row.is_north_star_enabled,
    shopify_shop_name: row.shopify_shop_name,
    user_status: row.user_status,
    tenant_status: tenant?.tenant_status ?? 'active',
    is_operator: row.is_operator,
  };
  return { user, tenants: await listVisibleTenants({ ctx }) };
}
