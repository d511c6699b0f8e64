import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  FILTER_PARAMS,
  getStoredFilter,
  sameFilter,
  storeFilter,
  useDemoMode,
  useTenantScope,
  withAppliedFilter,
} from '@/session';
import { useGlobalFilters } from '../api/get-global-filters';
import { useApplyFilter } from '../hooks/use-apply-filter';
import { filterOnLoad } from '../utils/rules';

export interface GlobalFilterSyncProps {
  /** The global-filter feature: on, off, or not known yet (flags still loading). */
  feature: 'on' | 'off' | 'pending';
}

/**
 * Keeps the applied filter in the URL. Once per workspace on load it applies the URL's filter or the default
 * (spec 1 §4); after that, a page reached by a link without dim_name/dim_val gets the applied one back. With
 * the feature off no filter may segment anything, so the URL's is dropped. Renders nothing.
 */
export function GlobalFilterSync({ feature }: GlobalFilterSyncProps) {
  const [search, setSearch] = useSearchParams();
  const [demoMode] = useDemoMode();
  const { tenantId } = useTenantScope();
  const active = feature === 'on' && !demoMode && tenantId !== null;
  const filters = useGlobalFilters({ enabled: active });
  const apply = useApplyFilter();
  const settledFor = useRef<number | null>(null);
  const dimName = search.get(FILTER_PARAMS.name);
  const dimVal = search.get(FILTER_PARAMS.value);

  useEffect(() => {
    const urlFilter = dimName && dimVal ? { dim_name: dimName, dim_val: dimVal } : null;
    if (feature === 'off' && urlFilter) {
      setSearch((current) => withAppliedFilter(current, null), { replace: true });
      return;
    }
    if (!active) return;
    if (settledFor.current !== tenantId) {
      // An operator who switched customer starts without the previous customer's filter (spec 1 §4, Login).
      const fromUrl = settledFor.current === null ? urlFilter : null;
      // The default is only known once the list answers; a failed list means no default.
      if (!fromUrl && filters.isPending) return;
      settledFor.current = tenantId;
      const chosen = filterOnLoad(fromUrl, filters.data ?? []);
      if (sameFilter(chosen, urlFilter)) storeFilter(chosen ? { ...chosen, tenant_id: tenantId } : null);
      else apply(chosen, { replace: true });
      return;
    }
    const stored = getStoredFilter();
    const storedHere = stored && stored.tenant_id === tenantId ? stored : null;
    if (urlFilter) {
      if (!sameFilter(urlFilter, storedHere)) storeFilter({ ...urlFilter, tenant_id: tenantId });
    } else if (storedHere) {
      setSearch((current) => withAppliedFilter(current, storedHere), { replace: true });
    }
  }, [active, feature, tenantId, dimName, dimVal, filters.isPending, filters.data, apply, setSearch]);

  return null;
}
