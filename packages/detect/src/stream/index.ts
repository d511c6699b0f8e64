export { createStreamingDetector, restoreStreamingDetector } from './detector';
export type { StreamingDetector } from './detector';
export { DEFAULT_PARAMS, bandWidth } from './params';
export type {
  IgnoredReason,
  Sensitivity,
  StreamOptions,
  StreamParams,
  StreamPoint,
  StreamState,
  StreamStatus,
} from './types';
