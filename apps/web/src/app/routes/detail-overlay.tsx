import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import { backgroundOf, overlayState, type BackgroundLocation } from '@/lib/overlay';
import {
  FeedPage,
  GroupCollaboratePage,
  GroupPage,
  InsightPage,
  parseTeamState,
  parseTimeWindow,
} from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';
import { useInsightsLinkQuery } from './detail-links';

/**
 * A group or insight page (or its collaborate page), drawn either as the page itself (a direct load) or,
 * when the link carried the page behind it, as a dialog over that page (spec 3 §2). Closing goes back.
 */
export function DetailOverlay({ label, children }: { label: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const background = backgroundOf(location.state);
  if (!background) return <>{children}</>;
  return (
    <>
      <Box aria-hidden inert>
        <BackgroundPage at={background} />
      </Box>
      <Dialog
        open
        onClose={() => void navigate(-1)}
        fullWidth
        maxWidth="lg"
        scroll="body"
        aria-label={label}
        data-testid="detail-overlay"
        slotProps={{ paper: { sx: { bgcolor: 'background.default' } } }}
      >
        <IconButton
          aria-label="Close"
          onClick={() => void navigate(-1)}
          sx={{ position: 'absolute', right: 12, top: 12, zIndex: 1 }}
        >
          <CloseIcon />
        </IconButton>
        <Box sx={{ p: { xs: 2, md: 3 }, pt: { xs: 5, md: 5 } }}>{children}</Box>
      </Dialog>
    </>
  );
}

/** The page an overlay covers, drawn from its path (the pages a detail can open from). */
function BackgroundPage({ at }: { at: BackgroundLocation }) {
  const info = useTenantInfo();
  const navigate = useNavigate();
  const tz = info.data?.timezone;
  const search = new URLSearchParams(at.search);
  if (matchPath(paths.feed.path, at.pathname))
    return (
      <FeedPage
        timeWindow={parseTimeWindow(search.get('window'))}
        openGroupId={search.get('group')}
        tz={tz}
        lastDataTs={info.data?.last_data_ts}
        teamState={parseTeamState(search.get('state'))}
        onTimeWindowChange={(next) => void navigate(withQuery(paths.feed.path, { window: next }))}
      />
    );
  const groupCollab = matchPath(`${paths.group.path}/collaborate`, at.pathname);
  if (groupCollab?.params.groupId)
    return <GroupCollaborateRoutePage groupId={groupCollab.params.groupId} search={search} />;
  const group = matchPath(paths.group.path, at.pathname);
  if (group?.params.groupId) return <GroupPage groupId={group.params.groupId} tz={tz} />;
  const insight = matchPath(paths.insight.path, at.pathname);
  if (insight?.params.insightId) return <InsightPage insightId={insight.params.insightId} tz={tz} />;
  return null;
}

/** The group analyse page with its navigation: Back, the insight modal in ?insight=, Analyse over it. */
export function GroupCollaborateRoutePage({ groupId, search }: { groupId: string; search: URLSearchParams }) {
  const info = useTenantInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const linkQuery = useInsightsLinkQuery();
  const analyseHref = (insightId: string) =>
    withQuery(paths.insightDetail.getHref(insightId, 'collaborate'), linkQuery);
  return (
    <GroupCollaboratePage
      groupId={groupId}
      tz={info.data?.timezone}
      forecastEnabled={info.data?.is_forecast_enabled ?? false}
      viewInsightId={search.get('insight')}
      onViewInsight={(insightId) => {
        const next = new URLSearchParams(location.search);
        if (insightId) next.set('insight', insightId);
        else next.delete('insight');
        const qs = next.toString();
        // The modal lives in this entry's URL (kept with the page behind), so Back reopens it.
        void navigate(
          { pathname: location.pathname, search: qs ? `?${qs}` : '' },
          { replace: true, state: location.state, preventScrollReset: true },
        );
      }}
      onBack={() => goBack(navigate, paths.feed.getHref())}
      analyseHref={analyseHref}
      onAnalyse={(insightId) =>
        void navigate(analyseHref(insightId), { state: overlayState(location), preventScrollReset: true })
      }
    />
  );
}

/** Back: the previous entry when there is one in this tab, else `fallback`. */
export function goBack(navigate: ReturnType<typeof useNavigate>, fallback: string) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(fallback);
}
