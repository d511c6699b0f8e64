import { SENSITIVITY_Z } from '@tidemark/contract';
import type { Sensitivity, StreamParams } from './types';

export const DEFAULT_PARAMS: StreamParams = {
  levelAlpha: [0.1, 0.02],
  seasonAlpha: 0.2,
  errAlpha: 0.01,
  seasonGain: 0.9,
  clip: 4,
  maxZ: 8,
  shiftAlphas: [0.1, 0.02],
  volAlpha: 0.1,
  empWeight: 10,
  empSimilar: 0.7,
  histDecay: 0.00005,
  histStart: 0.5,
  scoreDecades: 8,
  vAlpha: 0.001,
  renotify: 1.5,
  quietHalfLife: 50,
  quietFactor: 0,
  warmup: 100,
  quietPerWarmup: 0.15,
  ctxLevels: 8,
  ctxOrder: 6,
  ctxBlocks: 200,
  ctxWeight: 10,
  ctxMax: 50_000,
  resWeight: 1,
  // Ensemble with the adaptive-resonance detector (art.ts): alarms both detectors raise outrank lone ones.
  agreeBase: 0.5,
  ownLone: 2,
  artLone: 0.5,
};

/** The band when none is asked for: ±2σ, tuned on NAB's corpus (the named ones are the contract's scale). */
const STREAM_BAND = 2;

export function bandWidth(sensitivity: Sensitivity | undefined): number {
  if (typeof sensitivity === 'number')
    return Number.isFinite(sensitivity) && sensitivity > 0 ? sensitivity : STREAM_BAND;
  return sensitivity === undefined ? STREAM_BAND : SENSITIVITY_Z[sensitivity];
}
