import { useDataScope } from '@/session';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Group } from '@tidemark/contract';
import { DATE_FORMATS, formatShownDate } from '@tidemark/format';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { overlayState } from '@/lib/overlay';
import { ErrorState } from '@/components/error-state';
import { paths, withQuery } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { NoticeChip } from '@/components/notice-chip';
import { useGroup } from '../api/get-group';
import { useGroupMetrics, type GroupMetric } from '../api/get-group-metrics';
import { INSIGHTS_COPY } from '../messages';
import { DownloadAction, FeedbackActions, ShareActions } from './card-actions';
import { CardNotFound } from './card-states';
import { SCHEDULE_LABEL, SEVERITY_KEY } from './severity';
import { useFormatMoney } from '@/lib/currency';
import { shortLift } from '../utils/lift';

// The carousel (tabs, charts, overlays, root cause) shows only in an expanded card: its code loads then,
// out of the feed's first load.
const CardCarousel = lazy(() => import('./card-carousel').then((m) => ({ default: m.CardCarousel })));

export interface GroupCardProps {
  group: Group;
  /** A card opened from a link starts expanded (spec 3 §2). */
  defaultExpanded?: boolean;
  tz?: string | null | undefined;
}

/** A group of insights: collapsed it reads as a headline; expanded it shows its metrics' charts. */
export function GroupCard({ group, defaultExpanded = false, tz }: GroupCardProps) {
  const money = useFormatMoney();
  const [expanded, setExpanded] = useState(defaultExpanded);
  // Metrics load when the card is first expanded and stay loaded after it collapses.
  const [opened, setOpened] = useState(defaultExpanded);
  const scope = useDataScope();
  const positive = group.group_accent === 'positive';
  const Trend = group.group_direction === 'up' ? TrendingUpIcon : TrendingDownIcon;
  const headerId = `group-${group.group_id}-header`;
  const toggle = () => {
    setExpanded((e) => !e);
    setOpened(true);
  };
  const location = useLocation();
  const analyseHref = withQuery(paths.groupDetail.getHref(group.group_id, 'collaborate'), {
    tenant_id: scope.tenantId,
    dim_name: scope.dimName,
    dim_val: scope.dimName ? scope.dimVal : null,
  });

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headerId}
      data-testid="group-card"
      data-group-id={group.group_id}
      sx={{ overflow: 'hidden' }}
    >
      {/* The whole header toggles on click; the title's button is the keyboard's way in. */}
      <Box
        onClick={toggle}
        sx={{ p: 2.5, pb: 1.5, cursor: 'pointer', '&:hover h3': { color: 'primary.main' } }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Chip
            size="small"
            label={group.group_severity}
            sx={(t) => ({
              bgcolor: t.palette.severity[SEVERITY_KEY[group.group_severity]],
              color: '#fff',
              fontWeight: 600,
            })}
          />
          <Box
            component="span"
            role="img"
            sx={{ display: 'inline-flex', color: positive ? 'success.main' : 'error.main' }}
            aria-label={positive ? 'Positive' : 'Negative'}
          >
            <Trend fontSize="small" />
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {group.group_pattern_type === 'Trend Change' ? 'Trend change' : 'Spike'} ·{' '}
            {SCHEDULE_LABEL[group.pipeline_schedule]} ·{' '}
            {formatShownDate(group.group_ts_start, { tz, format: DATE_FORMATS.dateTime })}
          </Typography>
          {group.group_status === 'ACTIVE' && (
            <Chip
              size="small"
              variant="outlined"
              color="primary"
              label={INSIGHTS_COPY.live}
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
          <Box sx={{ flex: 1 }} />
          <ExpandMoreIcon
            aria-hidden
            sx={{
              color: 'text.secondary',
              transition: 'transform 150ms',
              transform: expanded ? 'rotate(180deg)' : 'none',
            }}
          />
        </Stack>
        <Typography variant="h4" component="h3" sx={{ mb: 0.5, transition: 'color 120ms' }}>
          <ButtonBase
            id={headerId}
            aria-expanded={expanded}
            aria-controls={`group-${group.group_id}-body`}
            disableRipple
            sx={{
              font: 'inherit',
              color: 'inherit',
              textAlign: 'left',
              justifyContent: 'flex-start',
              borderRadius: 0.5,
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {group.group_title}
          </ButtonBase>
        </Typography>
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {group.group_summary}
        </Typography>
      </Box>
      <Stack direction="row" spacing={0.75} sx={{ px: 2.5, pb: 1.5, flexWrap: 'wrap', rowGap: 0.75 }}>
        <Chip size="small" variant="outlined" label={group.chart_title} />
        {group.dollar_impact !== null && (
          <Chip
            size="small"
            label={INSIGHTS_COPY.dollarImpact(money(group.dollar_impact, { signed: true }))}
            sx={(t) => ({
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              // The darker shade keeps the small text readable on its tint (4.5:1).
              color: positive ? t.palette.success.dark : t.palette.error.dark,
              bgcolor: alpha(positive ? t.palette.success.main : t.palette.error.main, 0.08),
            })}
          />
        )}
        {group.insights.length > 1 && (
          <Chip size="small" variant="outlined" label={INSIGHTS_COPY.insightsOn(group.insights.length)} />
        )}
        {group.dim_display_name && group.dim_val && (
          <Chip size="small" variant="outlined" label={`${group.dim_display_name}: ${group.dim_val}`} />
        )}
        {group.funnels.map((f) => (
          <Chip key={f} size="small" variant="outlined" label={f} />
        ))}
        {/* Issue 12: the provider outage this move is likely related to; the group page links to it. */}
        {group.related_outages?.slice(0, 1).map((l) => (
          <NoticeChip key={l.id} label={l.label} testId="card-related-outage" />
        ))}
      </Stack>
      <Divider />
      <Stack direction="row" spacing={0.5} sx={{ px: 1.5, py: 0.75, alignItems: 'center' }}>
        {/* The analyse page opens over the feed, which stays underneath (spec 3 §2). */}
        <Button
          size="small"
          component={RouterLink}
          to={analyseHref}
          state={overlayState(location)}
          preventScrollReset
        >
          {INSIGHTS_COPY.analyse}
        </Button>
        <Box sx={{ flex: 1 }} />
        <FeedbackActions group={group} />
        <ShareActions group={group} />
        <DownloadAction group={group} />
      </Stack>
      <Collapse in={expanded} timeout={180} unmountOnExit={!opened} id={`group-${group.group_id}-body`}>
        {opened && (
          <>
            <Divider />
            <Box sx={{ p: 2.5 }}>
              <GroupCardBody group={group} tz={tz} />
            </Box>
          </>
        )}
      </Collapse>
    </Paper>
  );
}

/** The expanded part: metric chips to pick a metric, then its carousel (also the group page's body). */
export function GroupCardBody({ group, tz }: { group: Group; tz?: string | null | undefined }) {
  const metrics = useGroupMetrics(group.group_id, true);
  const [selected, setSelected] = useState<string | null>(null);
  if (metrics.isPending)
    return (
      <Box aria-busy="true" aria-label="Loading metrics">
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          {[90, 120, 80].map((w) => (
            <Skeleton key={w} variant="rounded" width={w} height={24} />
          ))}
        </Stack>
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  if (metrics.isError) {
    if (isApiError(metrics.error) && metrics.error.status === 404) return <CardNotFound resource="Group" />;
    return (
      <ErrorState
        title={INSIGHTS_COPY.metricsFailed}
        message={metrics.error.message}
        onRetry={() => void metrics.refetch()}
      />
    );
  }
  const kpis = metrics.data.kpis;
  if (kpis.length === 0) return <Typography color="text.secondary">{INSIGHTS_COPY.chartNoData}</Typography>;
  const kpi: GroupMetric = kpis.find((k) => k.kpi_id === selected) ?? kpis[0]!;
  const insight = kpi.insights[0];
  return (
    <Box>
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ mb: 2, flexWrap: 'wrap', rowGap: 0.75 }}
        role="group"
        aria-label="Metrics"
      >
        {kpis.map((k) => {
          const first = k.insights[0];
          const lift = first ? shortLift(first) : null;
          const active = k.kpi_id === kpi.kpi_id;
          return (
            <Chip
              key={k.kpi_id}
              label={lift ? `${k.kpi_display_name} ${lift}` : k.kpi_display_name}
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              aria-pressed={active}
              onClick={() => setSelected(k.kpi_id)}
            />
          );
        })}
      </Stack>
      {insight ? (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {insight.insight_summary}
          </Typography>
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <CardCarousel key={insight.insight_id} insight={insight} insights={kpi.insights} tz={tz} />
          </Suspense>
        </>
      ) : (
        <Typography color="text.secondary">{INSIGHTS_COPY.chartNoData}</Typography>
      )}
    </Box>
  );
}

/** A card by id (the link page's card): loads the group, then shows the card expanded or its error view. */
export function GroupCardById({
  groupId,
  defaultExpanded = true,
  tz,
}: {
  groupId: string;
  defaultExpanded?: boolean;
  tz?: string | null | undefined;
}) {
  const group = useGroup(groupId);
  if (group.isPending) return <GroupCardSkeleton />;
  if (group.isError) {
    if (isApiError(group.error) && group.error.status === 404) return <CardNotFound resource="Group" />;
    return (
      <ErrorState
        title={INSIGHTS_COPY.cardError}
        message={group.error.message}
        onRetry={() => void group.refetch()}
      />
    );
  }
  return <GroupCard group={group.data} defaultExpanded={defaultExpanded} tz={tz} />;
}

export function GroupCardSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} aria-hidden>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
        <Skeleton variant="rounded" width={48} height={22} />
        <Skeleton width={220} />
      </Stack>
      <Skeleton width="70%" height={28} />
      <Skeleton width="95%" />
      <Skeleton width="60%" />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Skeleton variant="rounded" width={90} height={24} />
        <Skeleton variant="rounded" width={70} height={24} />
      </Stack>
    </Paper>
  );
}
