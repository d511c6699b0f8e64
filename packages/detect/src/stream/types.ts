import type { Sensitivity as SensitivityName } from '@tidemark/contract';
import type { ArtState } from './art';

/** A sensitivity of the one scale (contract), or a band half-width in standard deviations. */
export type Sensitivity = SensitivityName | number;

export type StreamStatus = 'not enough history' | 'constant series' | 'ok';

/** Why a row did not update the model. */
export type IgnoredReason =
  'missing value' | 'out of range' | 'invalid timestamp' | 'duplicate timestamp' | 'out of order';

export interface StreamParams {
  /** Level smoothing for [level-only model, seasonal models]. */
  levelAlpha: [number, number];
  /** Seasonal bin smoothing per visit. */
  seasonAlpha: number;
  /** Smoothing of each model's absolute error (model choice and σ). */
  errAlpha: number;
  /** A seasonal model must beat the level model by this factor to be chosen. */
  seasonGain: number;
  /** Residuals beyond clip·σ are clipped before the model learns from them. */
  clip: number;
  /** Standardised residuals are bounded so one wild value cannot dominate. */
  maxZ: number;
  /** Smoothing of the fast and slow residual means (level shifts). */
  shiftAlphas: [number, number];
  /** Smoothing of the mean absolute residual (volatility rises). */
  volAlpha: number;
  /** Weight of the empirical tail frequency against the normal tail. */
  empWeight: number;
  /** Past values count as "as extreme" from this fraction of the current one. */
  empSimilar: number;
  histDecay: number;
  /** The empirical tail ignores the first histStart · warmup rows, while the models are still settling. */
  histStart: number;
  /** Tail probability 10^-scoreDecades maps to anomaly_score 1. */
  scoreDecades: number;
  /** Smoothing of each scale's typical size. */
  vAlpha: number;
  /** A new alarm needs a score this many times the recent peak. */
  renotify: number;
  /** Rows for the remembered peak to halve. */
  quietHalfLife: number;
  /** Damping of scores that do not beat the recent peak. */
  quietFactor: number;
  warmup: number;
  /** Rows for the remembered peak to halve, as a fraction of the warm-up (0: use quietHalfLife). */
  quietPerWarmup: number;
  /** Quantisation levels of the value range for the context (novelty) evidence. */
  ctxLevels: number;
  /** Longest run of recent quantised levels remembered as a context. */
  ctxOrder: number;
  /** Warm-up length in blocks: values are summarised per block of warmup/ctxBlocks rows (0: one row per block). */
  ctxBlocks: number;
  /** Weight of the novelty evidence's empirical frequency (0 disables it). */
  ctxWeight: number;
  /** Weight of the residual evidence's tail probabilities against the novelty's (1: as computed). */
  resWeight: number;
  /** Most distinct contexts remembered, so the state stays bounded. */
  ctxMax: number;
  /**
   * Ensemble with the resonance detector (`art.ts`): an alarm of one detector that the other confirms within the
   * resonance detector's masking period scores at least this much (0 disables the second detector).
   */
  agreeBase: number;
  /** Scale of this detector's alarms that the other does not confirm (capped below agreeBase). */
  ownLone: number;
  /** Scale of the resonance detector's alarms that this detector does not confirm (capped below agreeBase). */
  artLone: number;
}

export interface StreamOptions {
  sensitivity?: Sensitivity;
  /** Rows to learn from before scoring (NAB: the probationary length). */
  warmup?: number;
  params?: Partial<StreamParams>;
  /** Known bounds of the series (NAB allows a file's min/max); otherwise the warm-up's range is used. */
  range?: { min: number; max: number };
}

/** Contextual novelty: which runs of quantised recent levels have been seen before. */
export interface ContextState {
  lo: number;
  hi: number;
  /** The range is given or frozen after warm-up, so levels stay comparable. */
  fixed: boolean;
  /** Levels of the last completed blocks, oldest first. */
  recent: number[];
  blockLevel: number;
  blockDev: number;
  blockLen: number;
  blockSize: number;
  /** Contexts seen so far, keyed by their levels. */
  seen: Record<string, number>;
  seenCount: number;
  /** Decayed count of rows whose novelty reached at least each order. */
  novHist: number[];
}

export interface StreamPoint {
  ts: number;
  value: number | null;
  yhat: number | null;
  yhat_lower: number | null;
  yhat_upper: number | null;
  /** 0 = as expected, 1 = certainly anomalous; −log10 of the tail probability, scaled. */
  anomaly_score: number;
  /** The value lies outside [yhat_lower, yhat_upper] (the band set by the sensitivity) once status is 'ok'. */
  outside_band: boolean;
  status: StreamStatus;
  /** Set when the row was skipped and did not change the model. */
  ignored?: IgnoredReason;
}

/** Plain JSON: numbers and arrays only, so it can be persisted as is. */
export interface StreamState {
  version: 1;
  params: StreamParams;
  sensitivity: number;
  warmup: number;
  n: number;
  firstTs: number | null;
  lastTs: number | null;
  dts: number[];
  binWidth: number[];
  level: number[];
  err: number[];
  errN: number[];
  season: number[][];
  seen: number[][];
  absMean: number;
  lastValue: number;
  constantRun: number;
  m: number[];
  mu: number[];
  v: number[];
  hist: number[][];
  histTotal: number;
  recentPeak: number;
  peakDecay: number;
  /** Absent in states saved before the context evidence existed. */
  ctx?: ContextState;
  /** The resonance detector and the ensemble's memory; absent when the ensemble is off. */
  ens?: EnsembleState;
}

/** Second detector of the ensemble, and when each detector last alarmed. */
export interface EnsembleState {
  art: ArtState;
  /** Rows since the start at which each detector last raised an alarm (−1: never). */
  lastOwn: number;
  lastArt: number;
  /** Rows within which one detector's alarm confirms the other's. */
  agreeRows: number;
  peak: number;
}
