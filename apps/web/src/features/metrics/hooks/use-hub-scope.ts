import { useSearchParams } from 'react-router';
import { useTenantScope } from '@/session';
import type { HubScope } from '../utils/hub-scope';

/** The workspace plus the global filter the URL carries (dim_name, dim_val), read by every hub call. */
export function useHubScope(): HubScope {
  const scope = useTenantScope();
  const [params] = useSearchParams();
  const dimName = params.get('dim_name') ?? undefined;
  const dimVal = params.get('dim_val') ?? undefined;
  return { ...scope, dimName, dimVal: dimName ? dimVal : undefined };
}
