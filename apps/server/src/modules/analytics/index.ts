export { identify, track, type AnalyticsEvent, type TrackInput } from './analytics.service';
export { analyticsRoutes } from './analytics.routes';
