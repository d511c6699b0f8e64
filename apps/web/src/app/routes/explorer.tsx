import { useSearchParams } from 'react-router';
import { ExplorerFrame } from '@/features/explorer';
import { useAppliedFilter, useTenantScope } from '@/session';

/** /explorer (spec 1 §2): the explorer page at its signed URL; `view` opens a saved exploration. */
export function Component() {
  const scope = useTenantScope();
  const filter = useAppliedFilter();
  const [params] = useSearchParams();
  const view = params.get('view');
  return (
    <ExplorerFrame scope={scope} filter={filter} viewId={view && /^\d{1,18}$/.test(view) ? view : null} />
  );
}
