import { lazy, Suspense, type ComponentProps } from 'react';
import { ChartSkeleton } from './chart-frame';

/**
 * ECharts is the largest script of the app: the charts ask for it once the page has loaded and the browser is
 * idle, so the feed's first render (banner figures, cards) neither waits for it nor competes with its parsing.
 */
function afterFirstLoad(): Promise<void> {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') {
    return Promise.resolve();
  }
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 1500 })),
  );
}

// The charts load ECharts with them, on first use: the feed's list renders before the chart code arrives.
const Timeline = lazy(() =>
  afterFirstLoad()
    .then(() => import('./timeline-chart'))
    .then((m) => ({ default: m.TimelineChart })),
);
const Overlay = lazy(() =>
  afterFirstLoad()
    .then(() => import('./overlay-chart'))
    .then((m) => ({ default: m.OverlayChart })),
);
const RootCause = lazy(() =>
  afterFirstLoad()
    .then(() => import('./rootcause-chart'))
    .then((m) => ({ default: m.RootCauseChart })),
);
const HistogramImpl = lazy(() =>
  afterFirstLoad()
    .then(() => import('./histogram-chart'))
    .then((m) => ({ default: m.HistogramChart })),
);

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
