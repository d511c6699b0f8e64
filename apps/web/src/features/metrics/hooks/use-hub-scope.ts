import { useAppliedFilter, useTenantScope } from '@/session';
import type { HubScope } from '../utils/hub-scope';

/** The workspace plus the applied global filter (dim_name, dim_val), read by every hub call. */
export function useHubScope(): HubScope {
  const scope = useTenantScope();
  const filter = useAppliedFilter();
  return { ...scope, dimName: filter?.dim_name, dimVal: filter?.dim_val };
}
