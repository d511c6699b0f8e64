import { useSearchParams } from 'react-router';
import { MetricsHub, parseTableState, writeTableState } from '@/features/metrics';
import { useTenantInfo } from '@/features/tenants';
import { SHELL_COPY } from '../messages';
import { NeedsDataGate } from './connect-data';

/** /metrics: paging, sorting and filters live in the URL, so a reload or a shared link keeps them. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const info = useTenantInfo();
  return (
    <NeedsDataGate title={SHELL_COPY.tabs.metrics}>
      <MetricsHub
        state={parseTableState(params)}
        timezone={info.data?.timezone}
        onStateChange={(next) => setParams((p) => writeTableState(p, next))}
      />
    </NeedsDataGate>
  );
}
