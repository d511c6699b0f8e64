import { useSearchParams } from 'react-router';
import { FeedPage, parseTeamState, parseTimeWindow } from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';
import { SHELL_COPY } from '../messages';
import { NeedsDataGate } from './connect-data';

/**
 * /feed: the time window, the team feed (?state=Resolved or Flagged) and an opened group live in the URL, so a
 * reload or a shared link keeps them.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const info = useTenantInfo();
  return (
    <NeedsDataGate title={SHELL_COPY.tabs.insights}>
      <FeedPage
        timeWindow={parseTimeWindow(params.get('window'))}
        openGroupId={params.get('group')}
        tz={info.data?.timezone}
        lastDataTs={info.data?.last_data_ts}
        teamState={parseTeamState(params.get('state'))}
        onTimeWindowChange={(next) =>
          setParams((p) => {
            p.set('window', next);
            p.delete('group');
            return p;
          })
        }
        onTeamStateChange={(next) =>
          setParams((p) => {
            if (next === 'Open') p.delete('state');
            else p.set('state', next);
            p.delete('group');
            return p;
          })
        }
      />
    </NeedsDataGate>
  );
}
