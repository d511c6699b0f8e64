import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { storeFilter, useTenantScope, withAppliedFilter, type AppliedFilter } from '@/session';

/**
 * Applies a filter (or none): it goes into the URL, which every screen's calls read through
 * useAppliedFilter, and into the stored copy that follows the user from page to page.
 */
export function useApplyFilter(): (filter: AppliedFilter | null, options?: { replace?: boolean }) => void {
  const [, setSearch] = useSearchParams();
  const { tenantId } = useTenantScope();
  return useCallback(
    (filter, options = {}) => {
      storeFilter(filter && tenantId !== null ? { ...filter, tenant_id: tenantId } : null);
      setSearch((current) => withAppliedFilter(current, filter), { replace: options.replace ?? false });
    },
    [setSearch, tenantId],
  );
}
