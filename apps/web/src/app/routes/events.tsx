import { useCallback } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import { EventsPage } from '@/features/events';
import { useFlags } from '@/features/flags';
import { useTenantInfo } from '@/features/tenants';
import { FILTER_PARAMS } from '@/session';
import { CONNECT_DATA_COPY } from '../messages';
import { ConnectDataPrompt, useNeedsData } from './connect-data';

/** /events: filters and range live in the URL; a card opens its group as an overlay above the feed. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const info = useTenantInfo();
  const { flags } = useFlags();
  const leaving = useNavigation().state !== 'idle';
  const { needsData } = useNeedsData();
  const onSearchChange = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      // The page's own replace (the auto-picked severity) must not pull back a user already on the way elsewhere.
      if (options?.replace && leaving) return;
      setParams(next, { replace: options?.replace });
    },
    [setParams, leaving],
  );
  return (
    <EventsPage
      search={params}
      onSearchChange={onSearchChange}
      tz={info.data?.timezone}
      flags={{ filtering: flags.filtering, eventSummary: flags['event-summary'] }}
      // Provider outages need no data of the workspace's own, so the feed stays below the prompt.
      notice={needsData ? <ConnectDataPrompt message={CONNECT_DATA_COPY.events} /> : undefined}
      onOpenGroup={(groupId) =>
        void navigate(
          withQuery(paths.eventGroup.getHref(groupId), {
            [FILTER_PARAMS.name]: params.get(FILTER_PARAMS.name),
            [FILTER_PARAMS.value]: params.get(FILTER_PARAMS.value),
            tenant_id: params.get('tenant_id'),
          }),
          // The feed stays underneath: the group route draws it from this location.
          { state: { background: { pathname: location.pathname, search: location.search } } },
        )
      }
    />
  );
}
