import { useSearchParams } from 'react-router';
import { HomeDigest } from '@/features/home';
import { useTenantInfo } from '@/features/tenants';
import { FILTER_PARAMS, useDataScope } from '@/session';
import { SHELL_COPY } from '../messages';
import { NeedsDataGate } from './connect-data';

/** The home page (/): the workspace's digest, with its currency, time zone and last digest times. */
export function HomePage() {
  const scope = useDataScope();
  const info = useTenantInfo();
  const [params] = useSearchParams();
  return (
    <NeedsDataGate title={SHELL_COPY.tabs.home}>
      <HomeDigest
        scope={scope}
        info={info.data}
        linkQuery={{
          tenant_id: params.get('tenant_id') ?? undefined,
          [FILTER_PARAMS.name]: params.get(FILTER_PARAMS.name) ?? undefined,
          [FILTER_PARAMS.value]: params.get(FILTER_PARAMS.value) ?? undefined,
        }}
      />
    </NeedsDataGate>
  );
}
