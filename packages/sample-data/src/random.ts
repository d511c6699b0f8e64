/** 32-bit FNV-1a of a label, so each stream of a seed gets its own state. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** splitmix32 step: spreads a poor seed (0, 1, 2 …) over all 32 bits. */
function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const TWO_POW_32 = 4_294_967_296;
const LOG_FACTORIAL_SMALL = [
  0, 0, 0.6931471805599453, 1.791759469228055, 3.1780538303479458, 4.787491742782046,
];

function logFactorial(k: number): number {
  if (k < LOG_FACTORIAL_SMALL.length) return LOG_FACTORIAL_SMALL[k] ?? 0;
  // Stirling's series; its error is below 1e-10 from k = 6 on.
  return k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k * k * k);
}

/**
 * Seeded xoshiro128** generator with the samplers the store needs. Same seed and label, same sequence,
 * on every platform: only 32-bit integer arithmetic feeds the state.
 */
export class SeededRandom {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare: number | null = null;

  constructor(seed: number, label = '') {
    const base = mix32(Math.floor(seed) ^ Math.floor(seed / TWO_POW_32)) ^ hashLabel(label);
    this.s0 = mix32(base);
    this.s1 = mix32(this.s0);
    this.s2 = mix32(this.s1);
    this.s3 = mix32(this.s2) | 1;
  }

  /** Next 32 random bits as an unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal (Box–Muller; the second value is kept for the next call). */
  normal(): number {
    if (this.spare !== null) {
      const value = this.spare;
      this.spare = null;
      return value;
    }
    const u = 1 - this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and log-scale spread. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Poisson count: inversion for small means, Hörmann's transformed rejection (PTRS) above. */
  poisson(mean: number): number {
    if (!(mean > 0)) return 0;
    if (mean < 30) {
      let k = 0;
      let term = Math.exp(-mean);
      let cumulative = term;
      const u = this.next();
      while (u > cumulative && k < 1000) {
        k++;
        term *= mean / k;
        cumulative += term;
      }
      return k;
    }
    const root = Math.sqrt(mean);
    const logMean = Math.log(mean);
    const b = 0.931 + 2.53 * root;
    const a = -0.059 + 0.02483 * b;
    const inverseAlpha = 1.1239 + 1.1328 / (b - 3.4);
    const acceptBox = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
      const u = this.next() - 0.5;
      const v = this.next();
      const us = 0.5 - Math.abs(u);
      const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
      if (us >= 0.07 && v <= acceptBox) return k;
      if (k < 0 || (us < 0.013 && v > us)) continue;
      const lhs = Math.log(v) + Math.log(inverseAlpha) - Math.log(a / (us * us) + b);
      if (lhs <= -mean + k * logMean - logFactorial(k)) return k;
    }
  }

  /** Binomial count; exact for small n, Poisson or normal approximations where they are close. */
  binomial(n: number, p: number): number {
    if (n <= 0 || p <= 0) return 0;
    if (p >= 1) return n;
    if (n < 40) {
      let k = 0;
      for (let i = 0; i < n; i++) if (this.next() < p) k++;
      return k;
    }
    const mean = n * p;
    if (mean < 10) return Math.min(n, this.poisson(mean));
    const misses = n - mean;
    if (misses < 10) return n - Math.min(n, this.poisson(misses));
    const value = Math.round(mean + Math.sqrt(mean * (1 - p)) * this.normal());
    return Math.min(n, Math.max(0, value));
  }

  /** Index drawn in proportion to the weights (their sum is passed in, it is usually known). */
  pick(weights: ArrayLike<number>, total: number): number {
    let u = this.next() * total;
    const last = weights.length - 1;
    for (let i = 0; i < last; i++) {
      u -= weights[i] ?? 0;
      if (u < 0) return i;
    }
    return last;
  }
}

function rotl(value: number, shift: number): number {
  return (value << shift) | (value >>> (32 - shift));
}
