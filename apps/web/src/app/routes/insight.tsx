import { useLocation, useNavigate, useParams } from 'react-router';
import { CardNotFound, InsightCollaboratePage, InsightPage } from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';
import { paths, withQuery } from '@/config/paths';
import { overlayState } from '@/lib/overlay';
import { DetailOverlay, goBack } from './detail-overlay';
import { useInsightsLinkQuery } from './detail-links';

/**
 * /insights/{id} and /insights/{id}/collaborate: as pages on a direct load, or as overlays over the page
 * a link came from (spec 3 §2). Back returns to the previous view (reopening its modal, kept in its URL).
 */
export function Component() {
  const params = useParams();
  const id = params.insightId ?? '';
  const suffix = params['*'];
  const info = useTenantInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const linkQuery = useInsightsLinkQuery();
  if (!suffix)
    return (
      <DetailOverlay label="Insight">
        <InsightPage key={id} insightId={id} tz={info.data?.timezone} />
      </DetailOverlay>
    );
  if (suffix === 'collaborate')
    return (
      <DetailOverlay label="Analyse insight">
        <InsightCollaboratePage
          key={id}
          insightId={id}
          tz={info.data?.timezone}
          forecastEnabled={info.data?.is_forecast_enabled ?? false}
          onBack={() => goBack(navigate, paths.feed.getHref())}
          onOpenGroup={(groupId) =>
            void navigate(withQuery(paths.groupDetail.getHref(groupId, 'collaborate'), linkQuery), {
              state: overlayState(location),
            })
          }
        />
      </DetailOverlay>
    );
  return <CardNotFound resource="Insight" />;
}
