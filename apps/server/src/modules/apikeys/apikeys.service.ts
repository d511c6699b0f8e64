import {
  API_KEY_PREFIX,
  ROLE_MESSAGES,
  TOKEN_MESSAGES,
  type ApiToken,
  type CreateApiTokenBody,
} from '@tidemark/contract';

import { AppError } from '../../errors';

import type { AuthUser, BaseContext, TenantContext } from '../../plugins/context';

import { hashToken, newToken } from '../auth';

import { listDimensions } from '../metrics';
import { requireOwner } from '../tenants';

import * as repo from './apikeys.repository';

const toToken = (row: repo.ApiKeyRow): ApiToken => ({
  id: String(row.key_id),
  name: row.name,
  scope: row.scope_dim_name === null ? 'all' : `${row.scope_dim_name}:${row.scope_dim_val}`,
  created_by: row.created_by_email,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  prefix: row.prefix,
});

/** 'all', or 'dimension:value' of a dimension this workspace has (the value may hold colons). */
async function parseScope(
  ctx: TenantContext,
  scope: string,
): Promise<{ dimName: string; dimVal: string } | null> {
  if (scope === 'all') return null;
  const at = scope.indexOf(':');
  const dimName = at > 0 ? scope.slice(0, at) : '';
  const dimVal = at > 0 ? scope.slice(at + 1) : '';
  const dims = (await listDimensions({ ctx })).data;
  if (!dimName || !dimVal || !dims.some((d) => d.name === dimName))
    throw new AppError('bad_request', TOKEN_MESSAGES.badScope);
  return { dimName, dimVal };
}

export async function createApiToken({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: CreateApiTokenBody;
}): Promise<{ data: ApiToken & { token: string } }> {
  if (input.tenant_id !== undefined && input.tenant_id !== ctx.tenantId)
    throw new AppError('forbidden', TOKEN_MESSAGES.otherWorkspace);
  const scope = await parseScope(ctx, input.scope);
  const token = `${API_KEY_PREFIX}${newToken()}`;
  const row = await repo.insertKey(ctx.db, {
    tenantId: ctx.tenantId,
    name: input.name,
    prefix: token.slice(0, API_KEY_PREFIX.length + 6),
    keyHash: hashToken(token),
    dimName: scope?.dimName ?? null,
    dimVal: scope?.dimVal ?? null,
    userId: ctx.user.userId,
  });
  return { data: { ...toToken(row), token } };
}

export async function listApiTokens({ ctx }: { ctx: TenantContext }): Promise<{ tokens: ApiToken[] }> {
  return { tokens: (await repo.listKeys(ctx.db, ctx.tenantId)).map(toToken) };
}

/** Anyone revokes a key they made; only owners revoke other people's. */
export async function revokeApiToken({ ctx, input }: { ctx: TenantContext; input: { id: string } }) {
  const { id } = input;
  const key = await repo.findLiveKeyMaker(ctx.db, ctx.tenantId, Number(id));
  if (!key) throw new AppError('not_found', TOKEN_MESSAGES.notFound);
  if (key.created_by !== ctx.user.userId) {
    await requireOwner({ ctx, input: { refusal: ROLE_MESSAGES.revokeKey } });
  }
  if (!(await repo.revokeKey(ctx.db, ctx.tenantId, Number(id))))
    throw new AppError('not_found', TOKEN_MESSAGES.notFound);
  return { success: true as const, message: TOKEN_MESSAGES.revoked };
}

export interface KeyCaller {
  user: AuthUser;
  tenantId: number;
  scope: { dimName: string; dimVal: string } | null;
}

/** The workspace and scope behind a bearer key; an unknown or revoked key is nobody. */
export async function resolveApiKey(ctx: BaseContext, raw: string): Promise<KeyCaller | null> {
  if (!raw.startsWith(API_KEY_PREFIX) || raw.length > 200) return null;
  const row = await repo.findLiveKey(ctx.db, hashToken(raw));
  if (!row) return null;
  const scope = scopeOf(row);
  return {
    tenantId: row.tenant_id,
    scope,
    // The key acts for its workspace with the rights of a member; it names its maker for the logs.
    user: {
      userId: row.created_by ?? 0,
      userUuid: row.user_uuid ?? '',
      email: row.email ?? '',
      tenantId: row.tenant_id,
      isOperator: false,
      sessionHash: '',
      membership: { tenantId: row.tenant_id, member: true },
      apiKey: { keyId: row.key_id, scope },
    },
  };
}

const scopeOf = (row: { scope_dim_name: string | null; scope_dim_val: string | null }) =>
  row.scope_dim_name !== null ? { dimName: row.scope_dim_name, dimVal: row.scope_dim_val! } : null;

/**
 * The scope of a key that is still live in this workspace, or null when it was revoked: links made with a
 * key (explorer URLs) die with it.
 */
export async function liveApiKeyScope({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { tenantId: number; keyId: number };
}): Promise<{ scope: { dimName: string; dimVal: string } | null } | null> {
  const row = await repo.findLiveKeyById(ctx.db, input.tenantId, input.keyId);
  return row ? { scope: scopeOf(row) } : null;
}
