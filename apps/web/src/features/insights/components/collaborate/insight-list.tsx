import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Insight } from '@tidemark/contract';
import { DATE_FORMATS, formatShownDate } from '@tidemark/format';
import { useId, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { useInsights, type InsightsFilter } from '../../api/get-insights';
import { COLLABORATE_COPY, DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { SEVERITY_KEY } from '../severity';
import { shortLift } from '../../utils/lift';

const C = COLLABORATE_COPY;

export interface TimelinePanelProps {
  filter: InsightsFilter;
  tz?: string | null | undefined;
  onView: (insightId: string) => void;
  analyseHref: (insightId: string) => string;
  onAnalyse: (insightId: string) => void;
}

/**
 * The collapsible timeline panel (spec 3 §2): the insights under the filters, four a page with See More,
 * ending with "You're all caught up here!".
 */
export function TimelinePanel(props: TimelinePanelProps) {
  const [open, setOpen] = useState(true);
  const headingId = useId();
  const bodyId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.25 }}>
        <Typography variant="h4" component="h2" id={headingId} sx={{ flex: 1 }}>
          {C.timeline}
        </Typography>
        <IconButton
          aria-label={open ? C.hideTimeline : C.showTimeline}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          size="small"
        >
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
      </Stack>
      <Collapse in={open} id={bodyId}>
        <InsightList {...props} />
      </Collapse>
    </Paper>
  );
}

function InsightList({ filter, tz, onView, analyseHref, onAnalyse }: TimelinePanelProps) {
  const list = useInsights(filter);
  if (list.isPending)
    return (
      <Box aria-busy="true" aria-label="Loading insights" sx={{ px: 2, pb: 2 }}>
        {[0, 1, 2].map((i) => (
          <Box key={i} sx={{ py: 1.25 }}>
            <Skeleton width="30%" />
            <Skeleton width="70%" height={24} />
            <Skeleton width="90%" />
          </Box>
        ))}
      </Box>
    );
  if (list.isError && !list.data)
    return (
      <Box sx={{ p: 2 }}>
        <ErrorState
          title={C.insightsFailed}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retryLabel={INSIGHTS_COPY.retry}
        />
      </Box>
    );
  const insights = list.data.pages.flatMap((p) => p.insights);
  if (insights.length === 0)
    return (
      <Typography sx={{ px: 2, pb: 3, pt: 1, color: 'text.secondary', textAlign: 'center' }}>
        {C.noInsights}
      </Typography>
    );
  return (
    <Box>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="collaborate-insights">
        {insights.map((insight) => (
          <InsightRow
            key={insight.insight_id}
            insight={insight}
            tz={tz}
            onView={() => onView(insight.insight_id)}
            href={analyseHref(insight.insight_id)}
            onAnalyse={() => onAnalyse(insight.insight_id)}
          />
        ))}
      </Box>
      <Box sx={{ p: 2, textAlign: 'center' }}>
        {list.isFetchNextPageError && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', mb: 1 }}>
            {INSIGHTS_COPY.genericError}
          </Typography>
        )}
        {list.hasNextPage ? (
          <Button
            variant="outlined"
            size="small"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {DETAIL_COPY.seeMore}
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
    </Box>
  );
}

function InsightRow({
  insight,
  tz,
  onView,
  href,
  onAnalyse,
}: {
  insight: Insight;
  tz?: string | null | undefined;
  onView: () => void;
  href: string;
  onAnalyse: () => void;
}) {
  const positive = insight.accent === 'positive';
  return (
    <Box
      component="li"
      sx={{
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        borderLeft: 3,
        borderLeftColor: positive ? 'success.main' : 'error.main',
      }}
      data-testid="collaborate-insight"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip
          size="small"
          label={insight.insight_severity}
          sx={(t) => ({
            bgcolor: t.palette.severity[SEVERITY_KEY[insight.insight_severity]],
            color: '#fff',
            fontWeight: 600,
          })}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {insight.kpi_display_name} ·{' '}
          <time dateTime={insight.insight_id_ts}>
            {formatShownDate(insight.insight_id_ts, { tz, format: DATE_FORMATS.dateTime })}
          </time>
        </Typography>
        <Typography
          variant="body2"
          sx={{ ml: 'auto !important', fontWeight: 600, color: positive ? 'success.main' : 'error.main' }}
        >
          {shortLift(insight)}
        </Typography>
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 0.5, fontWeight: 600 }}>
        {insight.insight_title}
      </Typography>
      {/* A summary is clamped to 4 lines (spec 3 §9). */}
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
        {insight.insight_summary}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" onClick={onView}>
          {C.view}
        </Button>
        <Button
          size="small"
          href={href}
          onClick={(e) => {
            // A plain click stays in the app (keeping the page behind); a modified one opens a tab.
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            onAnalyse();
          }}
        >
          {C.analyse}
        </Button>
      </Stack>
    </Box>
  );
}
