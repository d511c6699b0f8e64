export * from './series';
export * from './range';
export * from './spikes';
export * from './runs';
export * from './trend';
export * from './rootcause';
export * from './insight';
export * from './groups';
export * from './overlays';
export * from './forecast';
export * from './analyze';
export * from './money';
export * from './invariants';
// The streaming form: one point at a time, small JSON state (see src/stream/README.md).
export {
  createStreamingDetector,
  restoreStreamingDetector,
  DEFAULT_PARAMS as STREAM_DEFAULT_PARAMS,
  bandWidth as streamBandWidth,
} from './stream/index';
export type {
  StreamingDetector,
  StreamOptions,
  StreamParams,
  StreamPoint,
  StreamState,
  StreamStatus,
  Sensitivity as StreamSensitivity,
  IgnoredReason,
} from './stream/index';
// NAB scoring, for the benchmark and its tests.
export { scoreNab, scoreNabProfiles, NAB_PROFILES, probationaryLength } from './nab/index';
export type { NabFile, NabResult, NabProfileName } from './nab/index';
