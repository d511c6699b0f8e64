import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { TEAM_STATES, type TeamState } from '@tidemark/contract';
import { formatShownDate } from '@tidemark/format';
import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-client';
import { useGroups } from '../api/get-groups';
import { INSIGHTS_COPY } from '../messages';
import { groupByDay } from '@/lib/day-groups';
import { timeWindowLabel, windowRange, type TimeWindowId } from '../utils/time-window';
import { GroupCard, GroupCardById, GroupCardSkeleton } from './group-card';
import { SummaryBanner } from './summary-banner';
import { TimeFilterChip } from './time-filter-chip';

export interface FeedPageProps {
  timeWindow: TimeWindowId;
  onTimeWindowChange: (next: TimeWindowId) => void;
  /** The group named in the URL (?group=): its card starts expanded. */
  openGroupId?: string | null;
  tz?: string | null | undefined;
  /** Which team feed is listed: Open (the default), or the groups the team resolved or flagged. */
  teamState?: TeamState;
  onTeamStateChange?: (next: TeamState) => void;
  /** Start of the workspace's newest day of data (tenant info): a window past it opens on the data instead. */
  lastDataTs?: string | null | undefined;
}

/**
 * Cards already loaded keep their props (TanStack Query shares unchanged pages), so loading the next page
 * renders only the new cards.
 */
const FeedCard = memo(GroupCard);
/** Cards rendered with the data; the rest of a page follows in the background. */
const FIRST_CARDS = 3;

/**
 * A long feed stays smooth: the browser skips layout and paint of cards off screen (content-visibility),
 * sizing each by its last rendered height, so hundreds of loaded cards cost about what the visible ones do.
 * Cards stay in the document, so an expanded card keeps its state, find-in-page and the Tab order see them all.
 */
const OFFSCREEN_SKIPPED = { contentVisibility: 'auto', containIntrinsicSize: 'auto 190px' } as const;

/** The insight feed (spec 3 §2, §4): banner, time filter, then group cards by day, loaded as you scroll. */
export function FeedPage({
  timeWindow,
  onTimeWindowChange,
  openGroupId,
  tz,
  teamState = 'Open',
  onTeamStateChange,
  lastDataTs,
}: FeedPageProps) {
  // The window is fixed per choice (not per render), so the list keeps its key while you scroll.
  const range = useMemo(() => windowRange(timeWindow, undefined, lastDataTs), [timeWindow, lastDataTs]);
  const summaryWindow = useMemo(
    () => ({ start_time: range.start_time, end_time: range.end_time }),
    [range.start_time, range.end_time],
  );
  const groups = useGroups({ ...summaryWindow, team_state: teamState });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = groups;

  const all = useMemo(() => groups.data?.pages.flatMap((p) => p.groups) ?? [], [groups.data]);
  // The first cards render at once; the rest in the background, in slices the browser interleaves with
  // input: rendering a page of cards in one go held the main thread for 100–200 ms (Lighthouse's total
  // blocking time on /feed).
  const deferred = useDeferredValue(all);
  const settled = deferred === all;
  const shown = useMemo(() => {
    if (settled) return all;
    // Pages append, so a lagging list is the new one's prefix; another window's list is not mixed in.
    const samePrefix = deferred[0] !== undefined && deferred[0].group_id === all[0]?.group_id;
    return samePrefix
      ? [...all.slice(0, FIRST_CARDS), ...deferred.slice(FIRST_CARDS)]
      : all.slice(0, FIRST_CARDS);
  }, [all, deferred, settled]);

  useEffect(() => {
    const el = sentinel.current;
    // Only once the cards have caught up with the pages: a lagging list keeps the sentinel in view, which
    // would fetch page after page that nobody has seen yet.
    if (!el || !hasNextPage || !settled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, settled]);

  const sections = useMemo(
    () =>
      groupByDay(shown, (g) => g.group_ts_start, {
        tz,
        today: INSIGHTS_COPY.today,
        yesterday: INSIGHTS_COPY.yesterday,
      }),
    [shown, tz],
  );

  let list;
  if (groups.isPending) {
    list = (
      <Stack spacing={2} aria-busy="true" aria-label="Loading insights">
        {[0, 1, 2].map((i) => (
          <GroupCardSkeleton key={i} />
        ))}
      </Stack>
    );
  } else if (groups.isError && all.length === 0) {
    list = (
      <ErrorState
        title={INSIGHTS_COPY.feedFailedTitle}
        message={
          isApiError(groups.error) && groups.error.serverMessage
            ? groups.error.serverMessage
            : INSIGHTS_COPY.genericError
        }
        onRetry={() => void groups.refetch()}
        retryLabel={INSIGHTS_COPY.retry}
      />
    );
  } else if (all.length === 0) {
    list = (
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <InsightsOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h4" component="p" sx={{ mt: 1.5 }}>
          {teamState === 'Open' ? INSIGHTS_COPY.emptyTitle : INSIGHTS_COPY.emptyTeamFeed(teamState)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary', maxWidth: 440, mx: 'auto' }}>
          {teamState === 'Open' ? INSIGHTS_COPY.emptyBody : INSIGHTS_COPY.emptyTeamFeedBody(teamState)}
        </Typography>
      </Paper>
    );
  } else {
    list = (
      <Stack spacing={3}>
        {sections.map((section) => (
          <Box component="section" key={section.day} aria-label={section.label}>
            <Typography
              variant="overline"
              component="h2"
              sx={{ color: 'text.secondary', display: 'block', mb: 1, letterSpacing: 0.6 }}
            >
              {section.label}
            </Typography>
            <Stack spacing={1.5}>
              {section.items.map((group) => (
                <Box key={group.group_id} sx={OFFSCREEN_SKIPPED}>
                  <FeedCard group={group} tz={tz} defaultExpanded={group.group_id === openGroupId} />
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
        <Box ref={sentinel} sx={{ py: 2, textAlign: 'center' }}>
          {isFetchingNextPage ? (
            <CircularProgress size={24} aria-label="Loading more insights" />
          ) : groups.isFetchNextPageError ? (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="error">
                {isApiError(groups.error) && groups.error.serverMessage
                  ? groups.error.serverMessage
                  : INSIGHTS_COPY.genericError}
              </Typography>
              <Button variant="outlined" size="small" onClick={() => void fetchNextPage()}>
                {INSIGHTS_COPY.retry}
              </Button>
            </Stack>
          ) : hasNextPage ? (
            // Reached by keyboard or when the observer is unavailable.
            <Button variant="text" size="small" onClick={() => void fetchNextPage()}>
              {INSIGHTS_COPY.loadMore}
            </Button>
          ) : (
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}
            >
              <TaskAltIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{INSIGHTS_COPY.caughtUp}</Typography>
            </Stack>
          )}
        </Box>
      </Stack>
    );
  }

  // A linked group outside the loaded pages (older, or another window) is shown on top, expanded.
  const pinned =
    openGroupId &&
    /^\d{1,18}$/.test(openGroupId) &&
    !groups.isPending &&
    !all.some((g) => g.group_id === openGroupId)
      ? openGroupId
      : null;

  return (
    <Box sx={{ maxWidth: 1080, mx: 'auto' }}>
      <PageHeader
        title={INSIGHTS_COPY.feedTitle}
        subtitle={INSIGHTS_COPY.feedSubtitle}
        actions={<TimeFilterChip value={timeWindow} onChange={onTimeWindowChange} />}
      />
      {range.data_ends && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="feed-data-ends">
          {INSIGHTS_COPY.dataEnds(formatShownDate(range.data_ends, { tz: tz ?? null }))}{' '}
          {INSIGHTS_COPY.dataEndsWindow(timeWindowLabel(timeWindow))}
        </Alert>
      )}
      <SummaryBanner window={summaryWindow} tz={tz} />
      {onTeamStateChange && (
        <Tabs
          value={teamState}
          onChange={(_, next: TeamState) => onTeamStateChange(next)}
          aria-label={INSIGHTS_COPY.teamFeeds}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {TEAM_STATES.map((state) => (
            <Tab key={state} value={state} label={INSIGHTS_COPY.teamFeedTab(state)} />
          ))}
        </Tabs>
      )}
      {pinned && (
        <Box component="section" aria-label={INSIGHTS_COPY.openedFromLink} sx={{ mb: 3 }}>
          <Typography
            variant="overline"
            component="h2"
            sx={{ color: 'text.secondary', display: 'block', mb: 1, letterSpacing: 0.6 }}
          >
            {INSIGHTS_COPY.openedFromLink}
          </Typography>
          <GroupCardById groupId={pinned} tz={tz} />
        </Box>
      )}
      {list}
    </Box>
  );
}
