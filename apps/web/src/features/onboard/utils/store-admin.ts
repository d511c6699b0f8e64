/** The Tidemark app's handle on the store platform: its pricing page lives under it in each store's admin. */
export const STORE_APP_HANDLE = 'tidemark';

/** 'tidal-threads.myshopify.com' (or the bare handle) → 'tidal-threads'; null when it is not a store address. */
export function storeHandle(shop: string | null | undefined): string | null {
  const value = (shop ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const handle = value.replace(/\.myshopify\.com$/, '');
  return /^[a-z0-9][a-z0-9-]{0,62}$/.test(handle) ? handle : null;
}

/** The store admin's pricing page of our app, where Select Plan sends the merchant (spec 1 §2 start_trial). */
export function storeAdminPricingUrl(shop: string | null | undefined): string | null {
  const handle = storeHandle(shop);
  return handle
    ? `https://admin.shopify.com/store/${handle}/charges/${STORE_APP_HANDLE}/pricing_plans`
    : null;
}
