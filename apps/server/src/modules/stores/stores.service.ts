import {
  STORE_MESSAGES,
  TIMEZONES,
  currencyByCode,
  type StorePreferences,
  type UpdateStorePreferencesBody,
} from '@tidemark/contract';

import { AppError } from '../../errors';

import type { TenantContext } from '../../plugins/context';

import { requestPipelineRun } from '../../jobs/stages';

import { setStoreProviders, storeProviders, unknownProviderIds } from '../providers';

import { requestSeriesUpdate } from '../../jobs/stages';

import { getWorkspaceOrThrow, updateStoreSettings, type TenantRow } from '../tenants';
import { markAllSeriesForRebuild } from '../warehouse';

const ZONES = new Set(TIMEZONES.map(([zone]) => zone));

async function toPreferences(ctx: TenantContext, tenant: TenantRow): Promise<StorePreferences> {
  return {
    org_uuid: tenant.tenant_uuid,
    display_name: tenant.display_name,
    preferences: {
      currency: tenant.currency,
      currency_symbol: tenant.currency_symbol,
      timezone: tenant.timezone,
      is_forecast_enabled: tenant.is_forecast_enabled,
      events: { providers: await storeProviders({ ctx }) },
    },
  };
}

/** GET orgs/{org}/preferences: a store is a workspace, named by its tenant_uuid. */
export async function getStorePreferences({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { orgUuid: string };
}): Promise<StorePreferences> {
  return toPreferences(ctx, await getWorkspaceOrThrow({ ctx, id: input.orgUuid }));
}

/**
 * PUT orgs/{org}/preferences: currency and time zone from the spec's lists (the symbol follows the code),
 * the forecast switch, and the providers the store watches. A new time zone rebuilds every series in it
 * (buckets are days and hours of that zone) and re-runs the pipelines, which update each insight in place
 * (pipelines/insight-match.ts); a new currency re-runs the analyses so insight texts carry it.
 */
export async function updateStorePreferences({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { orgUuid: string; body: UpdateStorePreferencesBody };
}): Promise<StorePreferences> {
  const tenant = await getWorkspaceOrThrow({ ctx, id: input.orgUuid });
  const wanted = input.body.preferences;
  const currency = currencyByCode(wanted.currency.trim().toUpperCase());
  if (!currency) throw new AppError('bad_request', STORE_MESSAGES.unknownCurrency);
  if (!ZONES.has(wanted.timezone)) throw new AppError('bad_request', STORE_MESSAGES.unknownTimezone);
  const changes = (wanted.events?.providers ?? []).map((p) => ({ id: p.id, is_active: p.is_active }));
  if ((await unknownProviderIds({ ctx, input: { ids: changes.map((c) => c.id) } })).length) {
    throw new AppError('bad_request', STORE_MESSAGES.unknownProvider);
  }

  const updated = await ctx.db.transaction(async (tx) => {
    const txCtx = { db: tx, tenantId: ctx.tenantId, user: ctx.user };
    const row = await updateStoreSettings({
      ctx: txCtx,
      input: {
        currency: currency.code,
        currency_symbol: currency.symbol,
        timezone: wanted.timezone,
        is_forecast_enabled: wanted.is_forecast_enabled,
      },
    });
    await setStoreProviders({ ctx: txCtx, input: { changes } });
    if (row.timezone !== tenant.timezone) await markAllSeriesForRebuild({ ctx: txCtx });
    return row;
  });

  if (updated.timezone !== tenant.timezone) await requestSeriesUpdate(ctx, ctx.tenantId);
  else if (updated.currency_symbol !== tenant.currency_symbol) await requestPipelineRun(ctx, ctx.tenantId);
  return toPreferences(ctx, updated);
}
