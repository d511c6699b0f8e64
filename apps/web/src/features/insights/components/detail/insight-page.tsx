import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Insight } from '@tidemark/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '@/components/page-header';
import { ErrorState } from '@/components/error-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useInsight } from '../../api/get-insight';
import { DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { CardNotFound } from '../card-states';
import { InsightOverlays } from '../insight-overlays';
import { InsightRootCause } from '../insight-rootcause';
import { InsightTimeline } from '../insight-timeline';
import { SCHEDULE_LABEL } from '../severity';
import { AnnotationEditor } from './annotation-editor';
import { BackToFeed, DetailMeta, DetailNotFound, isEntityId } from './detail-header';
import { LiftPopover } from './lift-popover';
import { useFormatMoney } from '@/lib/currency';
import { liftText } from '../../utils/lift';

export interface InsightPageProps {
  insightId: string;
  tz?: string | null | undefined;
}

/** /insights/{id}: one insight with its chart, figures, root cause and overlays (spec 3 §2). */
export function InsightPage({ insightId, tz }: InsightPageProps) {
  // An id that cannot exist is not found without asking the server (it would answer 400).
  const valid = isEntityId(insightId);
  const insight = useInsight(insightId, valid);
  if (!valid) return <DetailNotFound resource="Insight" />;
  if (insight.isPending) return <InsightPageSkeleton />;
  if (insight.isError)
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <DocumentTitle title={DETAIL_COPY.insightPageTitle} />
        <BackToFeed />
        {isApiError(insight.error) && insight.error.status === 404 ? (
          <CardNotFound resource="Insight" />
        ) : (
          <ErrorState
            title={INSIGHTS_COPY.cardError}
            message={insight.error.message}
            onRetry={() => void insight.refetch()}
          />
        )}
      </Box>
    );
  return <InsightView insight={insight.data} tz={tz} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `insight-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Figure({
  label,
  value,
  extra,
  tone,
}: {
  label: string;
  value: string;
  extra?: ReactNode;
  tone?: string;
}) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center' }}>
        {label}
        {extra}
      </Typography>
      <Typography
        variant="h3"
        component="p"
        sx={{ fontVariantNumeric: 'tabular-nums', color: tone ?? 'text.primary', fontSize: 22 }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function InsightView({ insight, tz }: { insight: Insight; tz?: string | null | undefined }) {
  const money = useFormatMoney();
  const positive = insight.accent === 'positive';
  const tone = positive ? 'success.main' : 'error.main';
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="insight-page">
      <DocumentTitle title={insight.insight_title} />
      <BackToFeed />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <DetailMeta
          severity={insight.insight_severity}
          positive={positive}
          up={insight.pattern_direction === 'up'}
          kind={`${insight.pattern_type === 'Trend Change' ? 'Trend change' : 'Spike'} · ${SCHEDULE_LABEL[insight.pipeline_schedule]}`}
          ts={insight.insight_id_ts}
          tz={tz}
        >
          <Chip
            size="small"
            variant="outlined"
            label={insight.kpi_display_name}
            component={RouterLink}
            to={paths.metric.getHref(insight.kpi_id)}
            clickable
          />
          {insight.dim_name && insight.dim_val && (
            <Chip size="small" variant="outlined" label={`${insight.dim_name}: ${insight.dim_val}`} />
          )}
        </DetailMeta>
        <AnnotationEditor
          kind="insight"
          id={insight.insight_id}
          value={{ title: insight.insight_title, summary: insight.insight_summary }}
        />
        <Stack
          direction="row"
          spacing={4}
          sx={{ mt: 3, flexWrap: 'wrap', rowGap: 2 }}
          component="dl"
          aria-label={DETAIL_COPY.figures}
        >
          <Figure label={DETAIL_COPY.current} value={insight.formatted_current_value} />
          <Figure label={DETAIL_COPY.expectedValue} value={insight.formatted_expected_value} />
          <Figure label={DETAIL_COPY.difference} value={insight.formatted_difference_value} tone={tone} />
          <Figure
            label={DETAIL_COPY.lift}
            value={liftText(insight)}
            tone={tone}
            extra={<LiftPopover insight={insight} />}
          />
          {insight.dollar_impact !== null && (
            <Figure label="Impact" value={money(insight.dollar_impact, { signed: true })} tone={tone} />
          )}
        </Stack>
        {insight.group_id && (
          <Button
            component={RouterLink}
            to={paths.group.getHref(insight.group_id)}
            endIcon={<ArrowForwardIcon />}
            sx={{ mt: 2, ml: -1 }}
          >
            {DETAIL_COPY.openGroup}
          </Button>
        )}
      </Paper>
      <Stack spacing={3}>
        <Section title={DETAIL_COPY.chart}>
          <InsightTimeline insight={insight} insights={[insight]} tz={tz} height={320} />
        </Section>
        {insight.has_rootcause && (
          <Section title={DETAIL_COPY.rootCause}>
            <InsightRootCause insight={insight} height={300} />
          </Section>
        )}
        <Section title={DETAIL_COPY.overlays}>
          <InsightOverlays insight={insight} tz={tz} />
        </Section>
      </Stack>
    </Box>
  );
}

function InsightPageSkeleton() {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} aria-busy="true" aria-label="Loading the insight">
      <Skeleton width={120} height={32} sx={{ mb: 1.5 }} />
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Skeleton width={260} />
        <Skeleton width="60%" height={36} />
        <Skeleton width="90%" />
        <Stack direction="row" spacing={4} sx={{ mt: 3 }}>
          {[0, 1, 2, 3].map((i) => (
            <Box key={i}>
              <Skeleton width={60} />
              <Skeleton width={90} height={32} />
            </Box>
          ))}
        </Stack>
      </Paper>
      <Skeleton variant="rounded" height={360} />
    </Box>
  );
}
