import type { Provider, StoreProvider } from '@tidemark/contract';
import type { Queryable } from '../../db/client';
import type { SessionContext } from '../../plugins/context';
import { PROVIDER_CATALOGUE } from './catalogue';
import * as repo from './providers.repository';

/** Brings the providers table in line with the catalogue; run at every start, after the migrations. */
export async function syncProviderCatalogue(db: Queryable): Promise<void> {
  await repo.syncCatalogue(db, PROVIDER_CATALOGUE);
}

function toProvider(row: repo.ProviderRow): Provider {
  return {
    provider_uuid: row.provider_uuid,
    provider_name: row.provider_name,
    provider_display_name: row.display_name,
    provider_logo_url: row.logo_url,
    provider_home_page_url: row.home_page_url,
    provider_status_page_url: row.status_page_url,
    feed_url: row.feed_url,
    feed_format: row.feed_format,
    categories: row.categories,
  };
}

/** GET /v1/providers: the catalogue, in its order. */
export async function listProviders({ ctx }: { ctx: SessionContext }): Promise<{ providers: Provider[] }> {
  return { providers: (await repo.listListed(ctx.db)).map(toProvider) };
}

/** A store's providers as its preferences carry them (spec 1 §3 events.providers). */
export async function storeProviders({
  ctx,
}: {
  ctx: { db: Queryable; tenantId: number };
}): Promise<StoreProvider[]> {
  return (await repo.listForStore(ctx.db, ctx.tenantId)).map((r) => ({
    id: r.provider_uuid,
    display_name: r.display_name,
    logo_url: r.logo_url,
    is_active: r.is_active,
    categories: r.categories,
    status_page_url: r.status_page_url,
  }));
}

/** Ids that are not listed providers; the caller refuses the request when there are any. */
export async function unknownProviderIds({
  ctx,
  input,
}: {
  ctx: { db: Queryable };
  input: { ids: string[] };
}): Promise<string[]> {
  const known = await repo.listedIds(ctx.db, input.ids);
  return input.ids.filter((id) => !known.has(id.toLowerCase()));
}

export async function setStoreProviders({
  ctx,
  input,
}: {
  ctx: { db: Queryable; tenantId: number; user: { userId: number } };
  input: { changes: Array<{ id: string; is_active: boolean }> };
}): Promise<void> {
  await repo.setForStore(ctx.db, { tenantId: ctx.tenantId, userId: ctx.user.userId, changes: input.changes });
}
