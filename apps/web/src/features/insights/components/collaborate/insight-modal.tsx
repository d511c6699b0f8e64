import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useInsight } from '../../api/get-insight';
import { COLLABORATE_COPY, DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { CardNotFound } from '../card-states';
import { InsightTimeline } from '../insight-timeline';
import { SCHEDULE_LABEL } from '../severity';
import { DetailMeta } from '../detail/detail-header';
import type { ChartFilters } from './filters';
import { liftText } from '../../utils/lift';

export interface InsightModalProps {
  insightId: string | null;
  onClose: () => void;
  /** Opens the insight's own analyse page (its Back returns here with this modal open again). */
  onAnalyse: (insightId: string) => void;
  filters: ChartFilters;
  forecastEnabled: boolean;
  tz?: string | null | undefined;
}

/** The View individual insight modal (spec 3 §2): one insight's figures and chart over the page. */
export function InsightModal({
  insightId,
  onClose,
  onAnalyse,
  filters,
  forecastEnabled,
  tz,
}: InsightModalProps) {
  const titleId = useId();
  return (
    <Dialog
      open={insightId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      data-testid="insight-modal"
    >
      <DialogTitle id={titleId}>{COLLABORATE_COPY.viewInsight}</DialogTitle>
      <DialogContent dividers>
        {insightId && (
          <ModalBody insightId={insightId} filters={filters} forecastEnabled={forecastEnabled} tz={tz} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{COLLABORATE_COPY.close}</Button>
        {insightId && (
          <Button variant="contained" onClick={() => onAnalyse(insightId)}>
            {COLLABORATE_COPY.openAnalyse}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ModalBody({
  insightId,
  filters,
  forecastEnabled,
  tz,
}: {
  insightId: string;
  filters: ChartFilters;
  forecastEnabled: boolean;
  tz?: string | null | undefined;
}) {
  const insight = useInsight(insightId, /^\d{1,18}$/.test(insightId));
  if (!/^\d{1,18}$/.test(insightId)) return <CardNotFound resource="Insight" />;
  if (insight.isPending)
    return (
      <Box aria-busy="true" aria-label="Loading the insight">
        <Skeleton width="40%" />
        <Skeleton width="70%" height={32} />
        <Skeleton variant="rounded" height={260} sx={{ mt: 2 }} />
      </Box>
    );
  if (insight.isError)
    return isApiError(insight.error) && insight.error.status === 404 ? (
      <CardNotFound resource="Insight" />
    ) : (
      <ErrorState
        title={INSIGHTS_COPY.cardError}
        message={insight.error.message}
        onRetry={() => void insight.refetch()}
      />
    );
  const i = insight.data;
  const tone = i.accent === 'positive' ? 'success.main' : 'error.main';
  return (
    <Box>
      <DetailMeta
        severity={i.insight_severity}
        positive={i.accent === 'positive'}
        up={i.pattern_direction === 'up'}
        kind={`${i.pattern_type === 'Trend Change' ? 'Trend change' : 'Spike'} · ${SCHEDULE_LABEL[i.pipeline_schedule]}`}
        ts={i.insight_id_ts}
        tz={tz}
      />
      <Typography variant="h3" component="p" sx={{ fontSize: 20, fontWeight: 600 }}>
        {i.insight_title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {i.insight_summary}
      </Typography>
      <Stack direction="row" spacing={4} sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {[
          [DETAIL_COPY.current, i.formatted_current_value, undefined],
          [DETAIL_COPY.expectedValue, i.formatted_expected_value, undefined],
          [DETAIL_COPY.difference, i.formatted_difference_value, tone],
          [DETAIL_COPY.lift, liftText(i), tone],
        ].map(([label, value, color]) => (
          <Box key={label}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography sx={{ fontSize: 18, fontWeight: 600, color: color ?? 'text.primary' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Stack>
      <InsightTimeline
        insight={i}
        insights={[i]}
        tz={tz}
        height={260}
        logScale={filters.logScale}
        chartType={filters.chartType}
        forecast={forecastEnabled && filters.forecast}
      />
    </Box>
  );
}
