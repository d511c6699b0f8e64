import { lazy, Suspense, type ComponentProps } from 'react';
import { ChartSkeleton } from './chart-frame';

// The charts load ECharts with them, on first use: the feed's list renders before the chart code arrives.
const Timeline = lazy(() => import('./timeline-chart').then((m) => ({ default: m.TimelineChart })));
const Overlay = lazy(() => import('./overlay-chart').then((m) => ({ default: m.OverlayChart })));
const RootCause = lazy(() => import('./rootcause-chart').then((m) => ({ default: m.RootCauseChart })));
const HistogramImpl = lazy(() => import('./histogram-chart').then((m) => ({ default: m.HistogramChart })));

export function TimelineChart(props: ComponentProps<typeof Timeline>) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height ?? 280} label="Loading the chart" />}>
      <Timeline {...props} />
    </Suspense>
  );
}

export function OverlayChart(props: ComponentProps<typeof Overlay>) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height ?? 280} label="Loading the chart" />}>
      <Overlay {...props} />
    </Suspense>
  );
}

export function RootCauseChart(props: ComponentProps<typeof RootCause>) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height ?? 260} label="Loading the chart" />}>
      <RootCause {...props} />
    </Suspense>
  );
}

export function HistogramChart(props: ComponentProps<typeof HistogramImpl>) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height ?? 96} label="Loading the histogram" />}>
      <HistogramImpl {...props} />
    </Suspense>
  );
}
