import { describe, expect, it } from 'vitest';
import { fitExpectedRange } from './range';
import { detectSpikes, scoreSeverity } from './spikes';
import { hourlySeries } from './testing';

describe('detectSpikes', () => {
  it.each([
    [-0.5, 'down'],
    [0.6, 'up'],
  ] as const)('finds a planted %d change as one %s incident with its figures', (size, direction) => {
    const r = fitExpectedRange(hourlySeries({ days: 28, spikeAt: 500, spikeSize: size }));
    const spikes = detectSpikes(r, { tier: 1, impact_to_topline: 0.8 });
    expect(spikes).toHaveLength(1);
    const s = spikes[0]!;
    expect(s.startIndex).toBe(500);
    expect(s.direction).toBe(direction);
    expect(Math.sign(s.lift)).toBe(Math.sign(size));
    expect(Math.abs(s.lift - size)).toBeLessThan(0.1);
    expect(s.severity).toBe('High');
  });

  it('merges repeats inside the cooldown into one incident', () => {
    const pts = hourlySeries({ days: 28 });
    for (const i of [400, 401, 404]) pts[i] = { ...pts[i]!, value: (pts[i]!.value as number) * 0.3 };
    const spikes = detectSpikes(fitExpectedRange(pts));
    expect(spikes).toHaveLength(1);
    expect([spikes[0]!.startIndex, spikes[0]!.endIndex, spikes[0]!.count]).toEqual([400, 404, 3]);
  });

  it('ignores deviations below the minimum lift', () => {
    const r = fitExpectedRange(hourlySeries({ days: 28, noise: 0.01, spikeAt: 300, spikeSize: 0.04 }));
    expect(detectSpikes(r).some((s) => s.startIndex === 300)).toBe(false);
    const big = fitExpectedRange(hourlySeries({ days: 28, noise: 0.01, spikeAt: 300, spikeSize: 0.2 }));
    expect(detectSpikes(big).some((s) => s.startIndex === 300)).toBe(true);
  });

  it.each([
    [8, 0.4, 3, { tier: 1, impact_to_topline: 0.9 }, 'High'],
    [5, 0.1, 1, { tier: 2, impact_to_topline: 0.3 }, 'Low'],
    [5, 0.15, 1, { tier: 2, impact_to_topline: 0.5 }, 'Medium'],
    [8, 0.4, 3, { tier: 3, impact_to_topline: 0 }, 'Medium'],
  ] as const)(
    'rates evidence %d, lift %d over %d buckets with %o as %s',
    (evidence, lift, buckets, weight, expected) => {
      expect(scoreSeverity(evidence, lift, buckets, weight).severity).toBe(expected);
    },
  );
});
