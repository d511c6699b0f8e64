import { useDataScope } from '@/session';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Group } from '@tidemark/contract';
import { useMemo, useState } from 'react';
import { DocumentTitle } from '@/components/page-header';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useGroup } from '../../api/get-group';
import { useGroupMetrics } from '../../api/get-group-metrics';
import { COLLABORATE_COPY, INSIGHTS_COPY } from '../../messages';
import { CardNotFound } from '../card-states';
import { InsightTimeline } from '../insight-timeline';
import { SCHEDULE_LABEL } from '../severity';
import { businessHealth, teamStateOf } from '../detail/annotation';
import { AnnotationEditor } from '../detail/annotation-editor';
import { DetailMeta, isEntityId } from '../detail/detail-header';
import { GroupImpactChips } from '../detail/group-impact';
import { TeamActions } from '../detail/team-actions';
import { ActivityTimeline } from './activity-timeline';
import { CommentBox } from './comment-box';
import { FilterBar } from './filter-bar';
import { DEFAULT_FILTERS, chartedKpis, type ChartFilters } from './filters';
import { TimelinePanel } from './insight-list';
import { InsightModal } from './insight-modal';
import { BackButton, CollaborateSkeleton, HealthChip, type CollaborateNav } from './shared';
import { useFormatMoney } from '@/lib/currency';

const C = COLLABORATE_COPY;

export interface GroupCollaboratePageProps extends CollaborateNav {
  groupId: string;
  tz?: string | null | undefined;
  forecastEnabled: boolean;
  /** The insight open in the View individual insight modal (kept in the URL, so Back reopens it). */
  viewInsightId: string | null;
  onViewInsight: (insightId: string | null) => void;
}

/** /groups/{id}/collaborate: the group analyse page (spec 3 §2). */
export function GroupCollaboratePage(props: GroupCollaboratePageProps) {
  const { groupId, onBack } = props;
  const valid = isEntityId(groupId);
  const group = useGroup(groupId, valid);
  if (!valid || (group.isError && isApiError(group.error) && group.error.status === 404))
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <DocumentTitle title={INSIGHTS_COPY.notFound('Group')} />
        <BackButton onBack={onBack} />
        <CardNotFound resource="Group" />
      </Box>
    );
  if (group.isPending) return <CollaborateSkeleton label="Loading the group" />;
  if (group.isError)
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <DocumentTitle title={C.groupTitle} />
        <BackButton onBack={onBack} />
        <ErrorState
          title={INSIGHTS_COPY.cardError}
          message={group.error.message}
          onRetry={() => void group.refetch()}
        />
      </Box>
    );
  return <GroupCollaborate {...props} group={group.data} />;
}

function GroupCollaborate({
  group,
  tz,
  forecastEnabled,
  viewInsightId,
  onViewInsight,
  onBack,
  analyseHref,
  onAnalyse,
}: GroupCollaboratePageProps & { group: Group }) {
  const money = useFormatMoney();
  const scope = useDataScope();
  const [filters, setFilters] = useState<ChartFilters>(DEFAULT_FILTERS);
  const metrics = useGroupMetrics(group.group_id, true);
  const state = teamStateOf(group.group_status);
  const kpis = useMemo(() => metrics.data?.kpis ?? [], [metrics.data]);
  const allInsights = useMemo(() => kpis.flatMap((k) => k.insights), [kpis]);
  const charted = chartedKpis(kpis, filters.kpis);
  const shown = filters.summary ? charted.slice(0, 1) : charted;

  let charts;
  if (metrics.isPending) charts = <Skeleton variant="rounded" height={300} aria-label="Loading metrics" />;
  else if (metrics.isError)
    charts = (
      <ErrorState
        title={INSIGHTS_COPY.metricsFailed}
        message={metrics.error.message}
        onRetry={() => void metrics.refetch()}
      />
    );
  else if (shown.length === 0)
    charts = <Typography sx={{ color: 'text.secondary' }}>{INSIGHTS_COPY.chartNoData}</Typography>;
  else
    charts = (
      <Stack spacing={3} data-testid="collaborate-charts">
        {shown.map((k) => (
          <InsightTimeline
            // A new grain or forecast is a new chart (its own window and legend state).
            key={`${k.kpi_id}-${filters.schedule}-${filters.forecast}`}
            insight={k.insights[0]!}
            insights={allInsights}
            tz={tz}
            height={filters.summary ? 320 : 240}
            schedule={filters.schedule}
            logScale={filters.logScale}
            chartType={filters.chartType}
            forecast={forecastEnabled && filters.forecast}
          />
        ))}
      </Stack>
    );

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="group-collaborate">
      <DocumentTitle title={`${C.groupTitle}: ${group.group_title}`} />
      <BackButton onBack={onBack} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <DetailMeta
          severity={group.group_severity}
          positive={group.group_accent === 'positive'}
          up={group.group_direction === 'up'}
          kind={`${group.group_pattern_type === 'Trend Change' ? 'Trend change' : 'Spike'} · ${SCHEDULE_LABEL[group.pipeline_schedule]}`}
          ts={group.group_ts_start}
          tz={tz}
        >
          <Chip
            size="small"
            variant="outlined"
            color={state === 'Open' ? 'primary' : 'default'}
            label={C.teamFeed(state)}
            data-testid="team-state"
          />
          <HealthChip health={businessHealth(group.group_accent, group.group_severity)} />
        </DetailMeta>
        <AnnotationEditor
          kind="group"
          id={group.group_id}
          value={{ title: group.group_title, summary: group.group_summary }}
        />
        <Stack direction="row" spacing={0.75} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 0.75 }}>
          <Chip size="small" variant="outlined" label={group.chart_title} />
          {group.dollar_impact !== null && (
            <Chip
              size="small"
              label={INSIGHTS_COPY.dollarImpact(money(group.dollar_impact, { signed: true }))}
            />
          )}
          <GroupImpactChips key={state} groupId={group.group_id} />
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TeamActions key={state} group={group} />
          <ActivityTimeline groupId={group.group_id} tz={tz} />
          <CommentBox kind="group" id={group.group_id} readOnly={scope.isDemo} />
        </Stack>
      </Paper>

      <FilterBar
        value={filters}
        onChange={setFilters}
        kpis={kpis}
        listFilters
        forecastEnabled={forecastEnabled}
      />

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="collab-summary-chart"
        sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h4" component="h2" id="collab-summary-chart" sx={{ flex: 1 }}>
            {C.summaryChart}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filters.summary ? 'summary' : 'detailed'}
            aria-label={C.summaryChart}
            onChange={(_, v: 'summary' | 'detailed' | null) =>
              v && setFilters((f) => ({ ...f, summary: v === 'summary' }))
            }
          >
            <ToggleButton value="summary" sx={{ px: 1.5, py: 0.25 }}>
              {C.summary}
            </ToggleButton>
            <ToggleButton value="detailed" sx={{ px: 1.5, py: 0.25 }}>
              {C.detailed}
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {charts}
      </Paper>

      <TimelinePanel
        filter={{
          groupId: group.group_id,
          kpis: filters.kpis,
          severity: filters.severity,
          patternType: filters.patternType,
        }}
        tz={tz}
        onView={onViewInsight}
        analyseHref={analyseHref}
        onAnalyse={onAnalyse}
      />

      <InsightModal
        insightId={viewInsightId}
        onClose={() => onViewInsight(null)}
        onAnalyse={onAnalyse}
        filters={filters}
        forecastEnabled={forecastEnabled}
        tz={tz}
      />
    </Box>
  );
}
