export {
  NAB_PROFILES,
  normaliseTimestamp,
  probationaryLength,
  scaledSigmoid,
  scoreAtThreshold,
  scoreNab,
  scoreNabProfiles,
} from './scorer';
export type { CostMatrix, NabFile, NabProfileName, NabResult } from './scorer';
export { parseNabCsv, parseProfiles, parseWindows } from './io';
export type { NabColumns } from './io';
