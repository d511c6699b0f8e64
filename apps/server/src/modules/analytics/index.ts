export { track, type AnalyticsEvent, type TrackInput } from './analytics.service';
