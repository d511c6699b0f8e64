import type { Queryable } from '../../db/client';
import type { CatalogueProvider } from './catalogue';

export interface ProviderRow {
  provider_uuid: string;
  provider_name: string;
  display_name: string;
  home_page_url: string;
  status_page_url: string;
  feed_url: string;
  feed_format: CatalogueProvider['feed_format'];
  categories: string[];
  logo_url: string;
  sort_order: number;
  is_listed: boolean;
}

/**
 * Makes the table match the catalogue in one statement: rows upserted by name (the uuid is derived from the
 * name, so it is the same on every server), and rows no longer listed kept but marked unlisted.
 */
export async function syncCatalogue(db: Queryable, providers: readonly CatalogueProvider[]): Promise<void> {
  await db.query(
    `with listed as (
       select * from jsonb_to_recordset($1::jsonb) as p(
         name text, display_name text, home_page_url text, status_page_url text, feed_url text,
         feed_format text, categories text[], sort_order int)
     ), upserted as (
       insert into providers (provider_uuid, provider_name, display_name, home_page_url, status_page_url,
                              feed_url, feed_format, categories, logo_url, sort_order, is_listed)
       select md5('provider:' || name)::uuid, name, display_name, home_page_url, status_page_url, feed_url,
              feed_format, categories, '/providers/' || name || '.svg', sort_order, true
       from listed
       on conflict (provider_name) do update set
         display_name = excluded.display_name, home_page_url = excluded.home_page_url,
         status_page_url = excluded.status_page_url, feed_url = excluded.feed_url,
         feed_format = excluded.feed_format, categories = excluded.categories, logo_url = excluded.logo_url,
         sort_order = excluded.sort_order, is_listed = true
       returning provider_name
     )
     update providers set is_listed = false
     where provider_name not in (select name from listed) and is_listed`,
    [JSON.stringify(providers.map((p, i) => ({ ...p, sort_order: i + 1 })))],
  );
}

export async function listListed(db: Queryable): Promise<ProviderRow[]> {
  return db.query<ProviderRow>('select * from providers where is_listed order by sort_order');
}

export interface StoreProviderRow extends ProviderRow {
  is_active: boolean;
}

/** Every listed provider with whether this store watches it (never turned on: off). */
export async function listForStore(db: Queryable, tenantId: number): Promise<StoreProviderRow[]> {
  return db.query<StoreProviderRow>(
    `select p.*, coalesce(s.is_active, false) as is_active
     from providers p
     left join store_providers s on s.provider_uuid = p.provider_uuid and s.tenant_id = $1
     where p.is_listed
     order by p.sort_order`,
    [tenantId],
  );
}

/** Sets the given providers on or off for a store; ids that are not listed providers are skipped. */
export async function setForStore(
  db: Queryable,
  input: { tenantId: number; userId: number; changes: Array<{ id: string; is_active: boolean }> },
): Promise<void> {
  if (!input.changes.length) return;
  await db.query(
    `insert into store_providers (tenant_id, provider_uuid, is_active, updated_by)
     select $1, p.provider_uuid, c.is_active, $2
     from jsonb_to_recordset($3::jsonb) as c(id text, is_active boolean)
     join providers p on p.provider_uuid::text = lower(c.id) and p.is_listed
     on conflict (tenant_id, provider_uuid) do update
       set is_active = excluded.is_active, updated_at = excluded.updated_at, updated_by = excluded.updated_by
       where store_providers.is_active is distinct from excluded.is_active`,
    [input.tenantId, input.userId, JSON.stringify(input.changes)],
  );
}

/** Which of these ids are listed providers. */
export async function listedIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(
    'select provider_uuid::text as id from providers where is_listed and provider_uuid::text = any($1::text[])',
    [ids.map((i) => i.toLowerCase())],
  );
  return new Set(rows.map((r) => r.id));
}
