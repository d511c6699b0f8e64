import { describe, expect, it } from 'vitest';
import {
  EXPERIENCE_PRESETS,
  experienceEpisodes,
  experienceSeverity,
  presetOf,
  type FitPoint,
} from './episodes';

const H = 3_600_000;
// A flat series at 100 whose stored band (±2.5 sigma) is ±25: one sigma is 10.
const flat = (values: number[]): FitPoint[] =>
  values.map((y, i) => ({ ts: i * H, y, yhat: 100, lower: 75, upper: 125 }));

describe('experience episodes', () => {
  it('raises runs beyond 3 sigmas with Large and beyond 1 sigma with Small', () => {
    const points = flat([100, 98, 60, 55, 100, 115, 100]);
    const large = experienceEpisodes(points, EXPERIENCE_PRESETS.large, H);
    expect(large).toHaveLength(1);
    expect(large[0]).toMatchObject({ direction: 'down', start: 2 * H, end: 4 * H, open: false });
    expect(large[0]!.points[0]).toMatchObject({
      current_value: 60,
      baseline: 100,
      lower_cap: 70,
      upper_cap: 130,
    });
    const small = experienceEpisodes(points, EXPERIENCE_PRESETS.small, H);
    expect(small.map((e) => e.direction)).toEqual(['down', 'up']);
    expect(small[0]!.points[0]).toMatchObject({ lower_cap: 90, upper_cap: 110 });
  });

  it('marks an episode that reaches the newest bucket as still open', () => {
    const [open] = experienceEpisodes(flat([100, 100, 40, 30]), EXPERIENCE_PRESETS.large, H);
    expect(open?.open).toBe(true);
  });

  it('takes the same bucket of the weeks before as the baseline when the fit followed a level shift', () => {
    const shifted: FitPoint[] = [
      { ts: 0, y: 60, yhat: 60, lower: 45, upper: 75, history: [100, 102, 98, 101] },
    ];
    const [e] = experienceEpisodes(shifted, EXPERIENCE_PRESETS.large, 86_400_000);
    expect(e?.points[0]?.baseline).toBe(100.5);
    expect(e?.direction).toBe('down');
  });

  it('ignores moves under 5% of the baseline however tight the band', () => {
    const tight: FitPoint[] = [{ ts: 0, y: 103, yhat: 100, lower: 99.9, upper: 100.1 }];
    expect(experienceEpisodes(tight, EXPERIENCE_PRESETS.small, H)).toEqual([]);
  });

  it('reads the preset from EVENTS_FILTERING_PREFERENCE', () => {
    const pref = (large: boolean, small: boolean) => ({
      events_filtering_preference_values: [
        {
          type: 'event',
          sub_type: 'experience',
          sensitivities: [
            { name: 'large', enabled: large },
            { name: 'small', enabled: small },
          ],
        },
      ],
    });
    expect(presetOf(null)).toBe('large');
    expect(presetOf(pref(true, false))).toBe('large');
    expect(presetOf(pref(false, true))).toBe('small');
    expect(presetOf(pref(false, false))).toBeNull();
  });

  it('rates a harmful drop by its size and a favourable move Low', () => {
    const [drop] = experienceEpisodes(flat([100, 50]), EXPERIENCE_PRESETS.large, H);
    expect(experienceSeverity(drop!, 'positive')).toBe('High');
    expect(experienceSeverity(drop!, 'negative')).toBe('Low');
  });
});
