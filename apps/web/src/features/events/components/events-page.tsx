import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventGroup } from '@tidemark/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { groupByDay } from '@/lib/day-groups';
import { isApiError } from '@/lib/api-client';
import { useEventFilters } from '../api/get-event-filters';
import { useEventGroups } from '../api/get-event-groups';
import { useEventSummary } from '../api/get-event-summary';
import {
  periodChanged,
  steppedRange,
  useFeedState,
  withFilter,
  withRange,
  withoutFilters,
} from '../hooks/use-feed-state';
import { EVENTS_COPY } from '../messages';
import { SEVERITIES, autoSeverity } from '../utils/group-view';
import { ErrorTimelineChart } from './error-timeline-chart';
import { EventCard, EventCardSkeleton } from './event-card';
import { SummaryHeader, type FilterKey, type FilterOption } from './summary-header';
import { TimePickerModal } from './time-picker-modal';

const TYPE_OPTIONS: FilterOption[] = [
  { value: 'outage', label: 'Outage' },
  { value: 'error', label: 'All errors' },
  { value: 'error:js', label: 'JS error' },
  { value: 'error:beacon', label: 'Beacon error' },
  { value: 'error:network', label: 'Network error' },
  { value: 'error:asset', label: 'Asset error' },
  { value: 'error:experience', label: 'Experience' },
];

export interface EventsPageProps {
  search: URLSearchParams;
  /** Replace the page's query (filters, range); `replace` for automatic changes. */
  onSearchChange: (next: URLSearchParams, options?: { replace?: boolean }) => void;
  onOpenGroup: (groupId: string) => void;
  tz?: string | null;
  flags: { filtering: boolean; eventSummary: boolean };
  /** Shown under the title: an empty workspace's next step. */
  notice?: React.ReactNode;
}

function EmptyFeed({ title, note }: { title: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="events-empty">
      <NotificationsActiveOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h4" component="p" sx={{ mt: 1.5 }}>
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary', maxWidth: 440, mx: 'auto' }}>
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** /events (spec 2 §2.1): the fixed summary header, the error timeline and the feed of group cards. */
export function EventsPage({ search, onSearchChange, onOpenGroup, tz, flags, notice }: EventsPageProps) {
  const state = useFeedState(search, tz);
  const [picking, setPicking] = useState(false);
  const summary = useEventSummary(state.summaryQuery);
  const filterOptions = useEventFilters();

  // First load without a severity: the highest level with events (High, Medium, Low), else High. Only from
  // the summary of the range shown, never one kept on screen from another range while it loads.
  const needsSeverity = !state.hasSeverity;
  useEffect(() => {
    if (!needsSeverity || summary.isPending || summary.isPlaceholderData) return;
    const pick = autoSeverity(summary.data?.data.severity) ?? 'High';
    onSearchChange(withFilter(search, 'severity', [pick]), { replace: true });
  }, [needsSeverity, summary.isPending, summary.isPlaceholderData, summary.data, search, onSearchChange]);

  const groups = useEventGroups(state.query, !needsSeverity);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = groups;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const all = useMemo(() => groups.data?.pages.flatMap((p) => p.event_groups) ?? [], [groups.data]);
  // Sections by the group's end date (spec 2 §2.1).
  const sections = useMemo(
    () =>
      groupByDay<EventGroup>(all, (g) => g.event_group_ts_end, {
        tz,
        today: EVENTS_COPY.today,
        yesterday: EVENTS_COPY.yesterday,
      }),
    [all, tz],
  );

  const options = useMemo<Record<FilterKey, FilterOption[]>>(() => {
    const data = filterOptions.data?.data;
    return {
      severity: SEVERITIES.map((s) => ({ value: s, label: s })),
      status: [
        { value: 'Live', label: 'Live' },
        { value: 'Closed', label: 'Closed' },
      ],
      type: TYPE_OPTIONS,
      provider: (data?.providers ?? []).map((p) => ({
        value: p.provider_uuid,
        label: p.provider_display_name,
      })),
      category: (data?.provider_types ?? []).map((t) => ({
        value: t.provider_type_name,
        label: t.provider_type_display_name,
      })),
    };
  }, [filterOptions.data]);

  const outageOnly = state.selection.type.length > 0 && state.selection.type.every((t) => t === 'outage');
  const noProviders = outageOnly && filterOptions.isSuccess && filterOptions.data.data.providers.length === 0;
  const periodEmpty = summary.isSuccess && summary.data.data.total_events.count === 0;

  let list;
  if (needsSeverity || groups.isPending) {
    list = (
      <Stack spacing={2} aria-busy="true" aria-label={EVENTS_COPY.loadingEvents}>
        {[0, 1, 2].map((i) => (
          <EventCardSkeleton key={i} />
        ))}
      </Stack>
    );
  } else if (groups.isError && all.length === 0) {
    list = (
      <ErrorState
        title={EVENTS_COPY.feedFailed}
        message={
          isApiError(groups.error) && groups.error.serverMessage
            ? groups.error.serverMessage
            : EVENTS_COPY.errors.generic
        }
        onRetry={() => void groups.refetch()}
        retryLabel={EVENTS_COPY.retry}
      />
    );
  } else if (all.length === 0) {
    list = noProviders ? (
      <EmptyFeed title={EVENTS_COPY.empty.noProviders} />
    ) : periodEmpty ? (
      <EmptyFeed title={EVENTS_COPY.empty.noErrors} note={EVENTS_COPY.empty.observing} />
    ) : (
      <EmptyFeed
        title={state.filtered ? EVENTS_COPY.empty.noEventsFiltered : EVENTS_COPY.empty.noEvents}
        note={EVENTS_COPY.empty.observing}
      />
    );
  } else {
    list = (
      <Stack spacing={3}>
        {sections.map((section) => (
          <Box
            component="section"
            key={section.day}
            aria-label={section.label}
            sx={{ position: 'relative', pl: 3, borderLeft: 2, borderColor: 'divider', ml: 0.75 }}
          >
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: -7,
                top: 4,
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: 'primary.main',
              }}
            />
            <Typography
              variant="overline"
              component="h2"
              sx={{ color: 'text.secondary', display: 'block', mb: 1, letterSpacing: 0.6, lineHeight: 1.6 }}
            >
              {section.label}
            </Typography>
            <Stack spacing={1.5}>
              {section.items.map((group) => (
                <EventCard
                  key={group.event_group_id}
                  group={group}
                  onOpen={(g) => onOpenGroup(g.event_group_id)}
                />
              ))}
            </Stack>
          </Box>
        ))}
        <Box ref={sentinel} sx={{ py: 2, textAlign: 'center' }}>
          {isFetchingNextPage ? (
            <CircularProgress size={24} aria-label={EVENTS_COPY.loadingMore} />
          ) : groups.isFetchNextPageError ? (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="error">
                {isApiError(groups.error) && groups.error.serverMessage
                  ? groups.error.serverMessage
                  : EVENTS_COPY.errors.generic}
              </Typography>
              <Button variant="outlined" size="small" onClick={() => void fetchNextPage()}>
                {EVENTS_COPY.retry}
              </Button>
            </Stack>
          ) : hasNextPage ? (
            <Button variant="text" size="small" onClick={() => void fetchNextPage()}>
              {EVENTS_COPY.loadMore}
            </Button>
          ) : (
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}
            >
              <TaskAltIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{EVENTS_COPY.caughtUp}</Typography>
            </Stack>
          )}
        </Box>
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 1180, mx: 'auto' }}>
      <PageHeader title={EVENTS_COPY.title} subtitle={EVENTS_COPY.subtitle} />
      {notice}
      <SummaryHeader
        selection={state.selection}
        options={options}
        onSelectionChange={(key, values) => onSearchChange(withFilter(search, key, values))}
        onClearAll={() => onSearchChange(withoutFilters(search))}
        period={state.period}
        range={state.range}
        canNext={state.canNext}
        onPeriodChange={(period) =>
          onSearchChange(withRange(search, periodChanged(state, period, tz), period))
        }
        onStep={(direction) => onSearchChange(withRange(search, steppedRange(state, direction, tz)))}
        onPickRange={() => setPicking(true)}
        summary={summary.data?.data}
        summaryLoading={summary.isPending}
        showSummary={flags.eventSummary}
        showFilters={flags.filtering}
        tz={tz}
      />
      <ErrorTimelineChart range={state.range} tz={tz} onOpenGroup={onOpenGroup} />
      {list}
      <TimePickerModal
        open={picking}
        value={state.range}
        onClose={() => setPicking(false)}
        onSubmit={(range) => {
          setPicking(false);
          onSearchChange(withRange(search, range));
        }}
      />
    </Box>
  );
}
