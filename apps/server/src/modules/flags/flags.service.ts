import { DEFAULT_FLAGS, FEATURE_FLAGS, type FeatureFlag, type FlagsResponse } from '@tidemark/contract';
import type { Queryable } from '../../db/client';
import type { TenantContext } from '../../plugins/context';
import * as repo from './flags.repository';

/** Defaults, overridden by what an operator stored for the tenant. Unknown stored names are ignored. */
export async function flagsOf(db: Queryable, tenantId: number): Promise<FlagsResponse> {
  const flags = { ...DEFAULT_FLAGS };
  for (const row of await repo.listOverrides(db, tenantId)) {
    if ((FEATURE_FLAGS as readonly string[]).includes(row.flag)) flags[row.flag as FeatureFlag] = row.enabled;
  }
  return { tenant_id: tenantId, flags };
}

export const getFlags = ({ ctx }: { ctx: TenantContext }) => flagsOf(ctx.db, ctx.tenantId);

export async function setFlag({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { flag: FeatureFlag; enabled: boolean };
}): Promise<FlagsResponse> {
  await repo.upsertFlag(ctx.db, ctx.tenantId, input.flag, input.enabled, ctx.user.userId);
  ctx.log.info({ tenantId: ctx.tenantId, flag: input.flag, enabled: input.enabled }, 'feature flag changed');
  return flagsOf(ctx.db, ctx.tenantId);
}

/** For the command line, where no request or session exists. */
export async function setFlagDirect(db: Queryable, tenantId: number, flag: FeatureFlag, enabled: boolean) {
  await repo.upsertFlag(db, tenantId, flag, enabled, null);
  return flagsOf(db, tenantId);
}
