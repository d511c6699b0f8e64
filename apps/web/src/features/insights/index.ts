export { FeedPage, type FeedPageProps } from './components/feed-page';
export { GroupCard, GroupCardById, GroupCardSkeleton, type GroupCardProps } from './components/group-card';
export { CardNotFound } from './components/card-states';
export { CardCarousel, carouselPanes } from './components/card-carousel';
export { TimelineChart, OverlayChart, RootCauseChart, HistogramChart } from './components/charts/lazy';
export { InsightTimeline } from './components/insight-timeline';
export { InsightOverlays } from './components/insight-overlays';
export { InsightRootCause } from './components/insight-rootcause';
export { ChartMessage, ChartSkeleton, ChartErrorBoundary, ControlBar } from './components/charts/chart-frame';
export { parseTeamState, parseTimeWindow, type TimeWindowId } from './utils/time-window';
export { INSIGHTS_COPY } from './messages';
export { GroupPage, type GroupPageProps } from './components/detail/group-page';
export { InsightPage, type InsightPageProps } from './components/detail/insight-page';
export { DETAIL_COPY } from './messages';
export {
  GroupCollaboratePage,
  type GroupCollaboratePageProps,
} from './components/collaborate/group-collaborate-page';
export {
  InsightCollaboratePage,
  type InsightCollaboratePageProps,
} from './components/collaborate/insight-collaborate-page';
