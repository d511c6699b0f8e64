import { useSearchParams } from 'react-router';
import { FeedPage, parseTimeWindow } from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';

/** /feed: the time window and an opened group live in the URL, so a reload or a shared link keeps them. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const info = useTenantInfo();
  return (
    <FeedPage
      timeWindow={parseTimeWindow(params.get('window'))}
      openGroupId={params.get('group')}
      tz={info.data?.timezone}
      onTimeWindowChange={(next) =>
        setParams((p) => {
          p.set('window', next);
          p.delete('group');
          return p;
        })
      }
    />
  );
}
