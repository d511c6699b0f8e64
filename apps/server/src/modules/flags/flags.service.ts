import { DEFAULT_FLAGS, FEATURE_FLAGS, type FeatureFlag, type FlagsResponse } from '@tidemark/contract';
import type { AuthUser, DbContext, TenantContext } from '../../plugins/context';
import * as repo from './flags.repository';

/** The workspace whose flags are read or set; the command line has a database and a workspace only. */
type FlagsContext = DbContext & { tenantId: number };

/** Defaults, overridden by what an operator stored for the tenant. Unknown stored names are ignored. */
export async function getFlags({ ctx }: { ctx: FlagsContext }): Promise<FlagsResponse> {
  const flags = { ...DEFAULT_FLAGS };
  for (const row of await repo.listOverrides(ctx.db, ctx.tenantId)) {
    if ((FEATURE_FLAGS as readonly string[]).includes(row.flag)) flags[row.flag as FeatureFlag] = row.enabled;
  }
  return { tenant_id: ctx.tenantId, flags };
}

/** Sets one flag; an operator's change is logged under their name, the command line's under none. */
export async function setFlag({
  ctx,
  input,
}: {
  ctx: FlagsContext & { user?: AuthUser; log?: TenantContext['log'] };
  input: { flag: FeatureFlag; enabled: boolean };
}): Promise<FlagsResponse> {
  await repo.upsertFlag(ctx.db, ctx.tenantId, input.flag, input.enabled, ctx.user?.userId ?? null);
  ctx.log?.info({ tenantId: ctx.tenantId, flag: input.flag, enabled: input.enabled }, 'feature flag changed');
  return getFlags({ ctx });
}
