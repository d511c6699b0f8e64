export { HomeDigest, type HomeDigestProps } from './components/home-digest';
export { homeDigestQueryOptions } from './api/get-home-digest';
export { digestEventsHref } from './utils/events-link';
