import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseNabCsv, parseProfiles, parseWindows } from './io';
import { NAB_PROFILES, probationaryLength, scaledSigmoid, scoreNab, scoreNabProfiles } from './scorer';
import type { NabFile } from './scorer';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const nabDir = path.join(path.resolve(repoRoot, '../shared'), 'datasets/nab');

function loadReference(detector: string): NabFile[] {
  const windows = parseWindows(readFileSync(path.join(nabDir, 'labels/combined_windows.json'), 'utf8'));
  return [...windows.keys()].sort().map((key) => {
    const [category = '', file = ''] = key.split('/');
    const text = readFileSync(
      path.join(nabDir, 'reference', detector, category, `${detector}_${file}`),
      'utf8',
    );
    const { timestamps, values } = parseNabCsv(text, 'anomaly_score');
    return { name: key, timestamps, scores: values, windows: windows.get(key) ?? [] };
  });
}

const round2 = (x: number) => Math.round(x * 100) / 100;

describe('NAB scorer', () => {
  it.each([
    ['ARTime', 73.55, 65.59, 78.59],
    ['numenta', 69.52, 62.88, 74.02],
    ['contextOSE', 66.13, 62.76, 69.74],
  ])(
    'reproduces the published %s scores on the shared subset to two decimals',
    (detector, standard, lowFp, lowFn) => {
      const files = loadReference(detector);
      expect(files).toHaveLength(31);
      expect(readdirSync(path.join(nabDir, 'reference', detector))).toHaveLength(5);
      const r = scoreNabProfiles(files);
      expect(r.standard.windows).toBe(53);
      expect(round2(r.standard.normalised)).toBe(standard);
      expect(round2(r.reward_low_FP_rate.normalised)).toBe(lowFp);
      expect(round2(r.reward_low_FN_rate.normalised)).toBe(lowFn);
    },
  );

  it('reads the same cost profiles as the shared profiles.json', () => {
    expect(parseProfiles(readFileSync(path.join(nabDir, 'config/profiles.json'), 'utf8'))).toEqual(
      NAB_PROFILES,
    );
  });

  it('caps the probationary period at 15% of the rows and at 750 rows', () => {
    expect(probationaryLength(1000)).toBe(150);
    expect(probationaryLength(1127)).toBe(169);
    expect(probationaryLength(22695)).toBe(750);
  });

  it('maps window positions through the scaled sigmoid', () => {
    expect(scaledSigmoid(-1)).toBeCloseTo(0.98661, 5);
    expect(scaledSigmoid(-0.5)).toBeCloseTo(0.84828, 5);
    expect(scaledSigmoid(0)).toBe(0);
    expect(scaledSigmoid(3)).toBe(-1);
  });

  it('counts only the earliest detection in a window and charges later false positives by distance', () => {
    const timestamps = Array.from({ length: 100 }, (_, i) => `t${String(i).padStart(3, '0')}`);
    const scores = timestamps.map(() => 0);
    scores[40] = 1; // first row of the window [40, 49]
    scores[45] = 1;
    scores[90] = 1; // far past the window: a full false positive
    const r = scoreNab(
      [{ name: 'f', timestamps, scores, windows: [['t040', 't049']] }],
      NAB_PROFILES.standard,
    );
    expect(r.threshold).toBe(1);
    expect(r.tp).toBe(1);
    expect(r.fp).toBe(1);
    expect(r.score).toBeCloseTo(1 - 0.11, 6);
    expect(r.normalised).toBeCloseTo(((1 - 0.11 + 1) / 2) * 100, 6);
  });

  it('rejects a window whose edges match no row', () => {
    expect(() =>
      scoreNab(
        [{ name: 'f', timestamps: ['a', 'b'], scores: [0, 1], windows: [['a', 'z']] }],
        NAB_PROFILES.standard,
      ),
    ).toThrow(/does not match/);
  });

  it('parses CSV text without a trailing newline and with CRLF line ends', () => {
    expect(
      parseNabCsv('timestamp,value\r\n2014-01-01 00:00:00,1.5\r\n2014-01-01 00:05:00,-2', 'value'),
    ).toEqual({
      timestamps: ['2014-01-01 00:00:00', '2014-01-01 00:05:00'],
      values: [1.5, -2],
    });
  });
});
