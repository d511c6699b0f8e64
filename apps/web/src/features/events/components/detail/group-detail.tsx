import { useDataScope } from '@/session';
import CloseIcon from '@mui/icons-material/Close';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EventGroup } from '@tidemark/contract';
import { DocumentTitle } from '@/components/page-header';
import { isApiError } from '@/lib/api-client';
import { useEventGroup } from '../../api/get-event-group';
import { useEventFeedback } from '../../api/get-feedback';
import { usePostEventFeedback } from '../../api/post-feedback';
import { EVENTS_COPY } from '../../messages';
import { pageTypeOf } from '../../utils/chart-rules';
import { BROWSER_SUB_TYPES, MAX_COMPONENTS } from '../../utils/group-view';
import { DesktopBanner } from '../desktop-banner';
import { CardError, GroupNotFound } from '../error-views';
import { clamp } from '../event-card';
import { FeedbackWidget } from '../feedback-widget';
import { ShareLink } from '../share-link';
import { DetailsPanel } from './details-panel';
import { ErrorLogsCard } from './error-logs-card';
import { ImpactCard } from './impact-card';
import { RootCauseCard } from './rootcause-card';
import { ExperienceCard } from './experience-card';
import { RelatedOutageBanner, RelatedSignalsCard } from './related-outages';
import { TimelineCard } from './timeline-card';

export interface EventGroupDetailProps {
  groupId: string;
  /** Back one step (the breadcrumb's Events). */
  onBack: () => void;
  /** Shown in an overlay: a close button, and the feedback reason selector is hidden (modal rule). */
  modal?: boolean;
  tz?: string | null;
  flags: { rca: boolean; eventFunnel: boolean };
}

const help = (group: EventGroup): string | null => {
  if (group.sub_type === 'js') return EVENTS_COPY.help.js;
  if (group.sub_type === 'network' || group.sub_type === 'beacon') {
    const http = group.events.some((e) => (e.status_code ?? 0) >= 400);
    return http ? EVENTS_COPY.help.http : EVENTS_COPY.help.network;
  }
  return null;
};

function Feedback({ groupId, modal }: { groupId: string; modal: boolean }) {
  const feedback = useEventFeedback(groupId);
  const post = usePostEventFeedback(groupId);
  return (
    <FeedbackWidget
      groupId={groupId}
      modal={modal}
      helpful={feedback.data?.feedback_ishelpful ?? null}
      comment={feedback.data?.feedback_comment ?? null}
      disabled={feedback.isPending}
      onSend={(body) => post.mutateAsync(body)}
    />
  );
}

/** The event group detail screen (spec 2 §2.3), as a page or inside the overlay over the feed. */
export function EventGroupDetail({ groupId, onBack, modal = false, tz, flags }: EventGroupDetailProps) {
  const query = useEventGroup(groupId);
  const scope = useDataScope();

  if (query.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading event group">
        <Skeleton width={220} />
        <Skeleton variant="rounded" height={120} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Skeleton variant="rounded" height={360} sx={{ flex: 77 }} />
          <Skeleton variant="rounded" height={360} sx={{ flex: 23 }} />
        </Stack>
      </Stack>
    );
  }
  if (query.isError) {
    // 404 (also an id that is not a number) is the not-found page; anything else the card error.
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <GroupNotFound />;
    return <CardError onRetry={() => void query.refetch()} />;
  }

  const group = query.data;
  const pageType = pageTypeOf(group);
  const browser = (BROWSER_SUB_TYPES as readonly string[]).includes(group.sub_type);
  const showTimeline = group.sub_type !== 'cdp' && !!group.kpi_id;
  // Spec: root cause for experience events; error groups of the browser have the same by-dimension breakdown.
  const showRootCause =
    flags.rca &&
    (group.sub_type === 'experience' || browser) &&
    group.events.length > 0 &&
    group.dimensions.length > 0;
  const showImpact = group.type === 'error' && browser && !!group.percentage_extent_distribution;
  const kindHelp = help(group);

  return (
    <Box data-testid="event-group-detail">
      <DocumentTitle title={`${group.formatted_event_group_sequence_id} · ${group.title}`} />
      <DesktopBanner />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Breadcrumbs aria-label="breadcrumb">
          <Link component="button" variant="body2" underline="hover" onClick={onBack}>
            {EVENTS_COPY.detail.breadcrumb}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600 }}>
            {group.formatted_event_group_sequence_id}
          </Typography>
        </Breadcrumbs>
        <Stack direction="row" spacing={1}>
          <ShareLink groupId={group.event_group_id} variant="button" />
          {modal && (
            <Tooltip title={EVENTS_COPY.detail.close}>
              <IconButton aria-label={EVENTS_COPY.detail.close} onClick={onBack} size="small">
                <CloseIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {group.provider_logo_url && (
            <Avatar src={group.provider_logo_url} alt={group.provider_display_name ?? ''} variant="rounded" />
          )}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography variant="h2" component="h1" sx={clamp(1)} title={group.title}>
                {group.title}
              </Typography>
              {group.status === 'Active' && (
                <Chip size="small" color="error" label={EVENTS_COPY.counts.active} sx={{ flexShrink: 0 }} />
              )}
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, ...clamp(4) }}>
              {group.summary}
            </Typography>
            {kindHelp && (
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
                {kindHelp}
              </Typography>
            )}
            {group.affected_components.length > 0 && (
              <Stack useFlexGap direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
                {group.affected_components.slice(0, MAX_COMPONENTS).map((c) => (
                  <Chip key={c} size="small" variant="outlined" label={c} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      </Paper>
      {group.type !== 'outage' && <RelatedOutageBanner links={group.related_outages ?? []} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ width: { xs: '100%', md: '77%' }, minWidth: 0 }}>
          {showTimeline && (
            <TimelineCard
              group={group}
              pageType={pageType}
              eventFunnel={flags.eventFunnel}
              appliedDimension={scope.dimName}
              tz={tz}
            />
          )}
          {group.type === 'outage' && <RelatedSignalsCard links={group.related_signals ?? []} tz={tz} />}
          {group.sub_type === 'experience' && group.events.length > 0 && (
            <ExperienceCard group={group} tz={tz} />
          )}
          {showRootCause && <RootCauseCard group={group} appliedDimension={scope.dimName} />}
          {showImpact && <ImpactCard group={group} />}
          <ErrorLogsCard group={group} tz={tz} />
        </Stack>
        <Box
          sx={{
            width: { xs: '100%', md: '23%' },
            minWidth: { md: 260 },
            position: { md: 'sticky' },
            top: { md: 16 },
          }}
        >
          <DetailsPanel
            group={group}
            tz={tz}
            feedback={<Feedback groupId={group.event_group_id} modal={modal} />}
          />
        </Box>
      </Stack>
    </Box>
  );
}
