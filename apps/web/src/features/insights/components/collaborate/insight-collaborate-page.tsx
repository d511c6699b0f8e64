import { useDataScope } from '@/session';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Insight } from '@tidemark/contract';
import { useState, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/page-header';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useInsight } from '../../api/get-insight';
import { COLLABORATE_COPY, DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { CardNotFound } from '../card-states';
import { InsightOverlays } from '../insight-overlays';
import { InsightRootCause } from '../insight-rootcause';
import { InsightTimeline } from '../insight-timeline';
import { SCHEDULE_LABEL } from '../severity';
import { businessHealth } from '../detail/annotation';
import { AnnotationEditor } from '../detail/annotation-editor';
import { DetailMeta, isEntityId } from '../detail/detail-header';
import { LiftPopover } from '../detail/lift-popover';
import { ActivityTimeline } from './activity-timeline';
import { CommentBox } from './comment-box';
import { FilterBar } from './filter-bar';
import { DEFAULT_FILTERS, type ChartFilters } from './filters';
import { BackButton, CollaborateSkeleton, HealthChip } from './shared';
import { liftText } from '../../utils/lift';

const C = COLLABORATE_COPY;

export interface InsightCollaboratePageProps {
  insightId: string;
  tz?: string | null | undefined;
  forecastEnabled: boolean;
  onBack: () => void;
  /** Opens the insight's group analyse page. */
  onOpenGroup: (groupId: string) => void;
}

/** /insights/{id}/collaborate: the insight analyse page (spec 3 §2). */
export function InsightCollaboratePage(props: InsightCollaboratePageProps) {
  const { insightId, onBack } = props;
  const valid = isEntityId(insightId);
  const insight = useInsight(insightId, valid);
  if (!valid || (insight.isError && isApiError(insight.error) && insight.error.status === 404))
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <DocumentTitle title={INSIGHTS_COPY.notFound('Insight')} />
        <BackButton onBack={onBack} />
        <CardNotFound resource="Insight" />
      </Box>
    );
  if (insight.isPending) return <CollaborateSkeleton label="Loading the insight" />;
  if (insight.isError)
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <DocumentTitle title={C.insightTitle} />
        <BackButton onBack={onBack} />
        <ErrorState
          title={INSIGHTS_COPY.cardError}
          message={insight.error.message}
          onRetry={() => void insight.refetch()}
        />
      </Box>
    );
  return <InsightCollaborate {...props} insight={insight.data} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `collab-insight-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function InsightCollaborate({
  insight,
  tz,
  forecastEnabled,
  onBack,
  onOpenGroup,
}: InsightCollaboratePageProps & { insight: Insight }) {
  const scope = useDataScope();
  // An insight's own grain is where its chart starts; the filter can read another.
  const [filters, setFilters] = useState<ChartFilters>(DEFAULT_FILTERS);
  const positive = insight.accent === 'positive';
  const tone = positive ? 'success.main' : 'error.main';
  const figures: Array<[string, string, string | undefined, ReactNode?]> = [
    [DETAIL_COPY.current, insight.formatted_current_value, undefined],
    [DETAIL_COPY.expectedValue, insight.formatted_expected_value, undefined],
    [DETAIL_COPY.difference, insight.formatted_difference_value, tone],
    [DETAIL_COPY.lift, liftText(insight), tone, <LiftPopover key="lift" insight={insight} />],
  ];
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="insight-collaborate">
      <DocumentTitle title={`${C.insightTitle}: ${insight.insight_title}`} />
      <BackButton onBack={onBack} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <DetailMeta
          severity={insight.insight_severity}
          positive={positive}
          up={insight.pattern_direction === 'up'}
          kind={`${insight.pattern_type === 'Trend Change' ? 'Trend change' : 'Spike'} · ${SCHEDULE_LABEL[insight.pipeline_schedule]}`}
          ts={insight.insight_id_ts}
          tz={tz}
        >
          <Chip size="small" variant="outlined" label={insight.kpi_display_name} />
          <HealthChip health={businessHealth(insight.accent, insight.insight_severity)} />
        </DetailMeta>
        <AnnotationEditor
          kind="insight"
          id={insight.insight_id}
          value={{ title: insight.insight_title, summary: insight.insight_summary }}
        />
        <Stack direction="row" spacing={4} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1.5 }}>
          {figures.map(([label, value, color, extra]) => (
            <Box key={label}>
              <Typography
                variant="caption"
                sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center' }}
              >
                {label}
                {extra}
              </Typography>
              <Typography sx={{ fontSize: 20, fontWeight: 600, color: color ?? 'text.primary' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          {insight.group_id && <ActivityTimeline groupId={insight.group_id} tz={tz} />}
          {insight.group_id && (
            <Button endIcon={<ArrowForwardIcon />} onClick={() => onOpenGroup(insight.group_id!)}>
              {DETAIL_COPY.openGroup}
            </Button>
          )}
          <CommentBox kind="insight" id={insight.insight_id} readOnly={scope.isDemo} />
        </Stack>
      </Paper>
      <FilterBar value={filters} onChange={setFilters} forecastEnabled={forecastEnabled} />
      <Stack spacing={3}>
        <Section title={DETAIL_COPY.chart}>
          <InsightTimeline
            key={`${filters.schedule}-${filters.forecast}`}
            insight={insight}
            insights={[insight]}
            tz={tz}
            height={320}
            schedule={filters.schedule}
            logScale={filters.logScale}
            chartType={filters.chartType}
            forecast={forecastEnabled && filters.forecast}
          />
        </Section>
        {insight.has_rootcause && (
          <Section title={DETAIL_COPY.rootCause}>
            <InsightRootCause insight={insight} height={300} />
          </Section>
        )}
        <Section title={DETAIL_COPY.overlays}>
          <InsightOverlays insight={insight} tz={tz} table />
        </Section>
      </Stack>
    </Box>
  );
}
