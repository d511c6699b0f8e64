import { useParams, useSearchParams } from 'react-router';
import { GroupPage, CardNotFound } from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';
import { DetailOverlay, GroupCollaborateRoutePage } from './detail-overlay';

/**
 * /groups/{id} and /groups/{id}/collaborate: as pages on a direct load, or as overlays over the page a
 * link came from (spec 3 §2). Other suffixes are not known.
 */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.groupId ?? '';
  const suffix = params['*'];
  const info = useTenantInfo();
  if (!suffix)
    return (
      <DetailOverlay label="Group">
        <GroupPage key={id} groupId={id} tz={info.data?.timezone} />
      </DetailOverlay>
    );
  if (suffix === 'collaborate')
    return (
      <DetailOverlay label="Analyse group">
        <GroupCollaborateRoutePage key={id} groupId={id} search={search} />
      </DetailOverlay>
    );
  return <CardNotFound resource="Group" />;
}
