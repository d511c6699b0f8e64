export { HomeDigest, type HomeDigestProps } from './components/home-digest';
export { homeDigestQueryOptions, type DigestScope } from './api/get-home-digest';
export { digestEventsHref } from './utils/events-link';
