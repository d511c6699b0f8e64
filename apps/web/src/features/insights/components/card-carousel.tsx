import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import type { Insight } from '@tidemark/contract';
import { useState } from 'react';
import { INSIGHTS_COPY } from '../messages';
import { InsightOverlays } from './insight-overlays';
import { InsightRootCause } from './insight-rootcause';
import { InsightTimeline } from './insight-timeline';

export type PaneId = 'main' | 'rootcause' | 'overlays';

/** The panes of a card: the main chart, the root cause when the insight has one, then the overlays. */
export function carouselPanes(insight: Pick<Insight, 'has_rootcause'>): PaneId[] {
  return insight.has_rootcause ? ['main', 'rootcause', 'overlays'] : ['main', 'overlays'];
}

export interface CardCarouselProps {
  insight: Insight;
  insights: Insight[];
  tz?: string | null | undefined;
}

/** Moves only when asked (no autoplay); the arrows carry the spec's labels. */
export function CardCarousel({ insight, insights, tz }: CardCarouselProps) {
  const panes = carouselPanes(insight);
  const [index, setIndex] = useState(0);
  const at = Math.min(index, panes.length - 1);
  const pane = panes[at]!;
  const id = `carousel-${insight.insight_id}`;
  return (
    <Box aria-roledescription="carousel" aria-label={`${insight.kpi_display_name} charts`}>
      <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tooltip title={INSIGHTS_COPY.previousView}>
          <span>
            <IconButton
              size="small"
              aria-label={INSIGHTS_COPY.previousView}
              disabled={at === 0}
              onClick={() => setIndex(at - 1)}
            >
              <ChevronLeftIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tabs
          value={at}
          onChange={(_, next: number) => setIndex(next)}
          aria-label="Chart views"
          sx={{ flex: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 } }}
        >
          {panes.map((p, i) => (
            <Tab key={p} label={INSIGHTS_COPY.panes[p]} id={`${id}-tab-${i}`} aria-controls={`${id}-pane`} />
          ))}
        </Tabs>
        <Tooltip title={INSIGHTS_COPY.nextView}>
          <span>
            <IconButton
              size="small"
              aria-label={INSIGHTS_COPY.nextView}
              disabled={at === panes.length - 1}
              onClick={() => setIndex(at + 1)}
            >
              <ChevronRightIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box
        id={`${id}-pane`}
        role="tabpanel"
        aria-roledescription="slide"
        aria-labelledby={`${id}-tab-${at}`}
        aria-label={`${at + 1} of ${panes.length}`}
      >
        {pane === 'main' && <InsightTimeline insight={insight} insights={insights} tz={tz} />}
        {pane === 'rootcause' && <InsightRootCause insight={insight} />}
        {pane === 'overlays' && <InsightOverlays insight={insight} tz={tz} />}
      </Box>
    </Box>
  );
}
