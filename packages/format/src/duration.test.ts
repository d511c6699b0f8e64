import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;

describe('formatDuration', () => {
  it.each([
    [30_000, {}, 'less than a minute'],
    [MIN, {}, '1 minute'],
    [5 * MIN, {}, '5 minutes'],
    [H + 5 * MIN, {}, '1 hour 5 minutes'],
    [D + 2 * H, {}, '1 day 2 hours'],
    [D + 5 * MIN, {}, '1 day'],
    [400 * D, {}, '1 year 1 month'],
    [65 * D + 3 * H, { maxParts: 3 }, '2 months 5 days 3 hours'],
    [D + 2 * H, { short: true }, '1d 2h'],
    [-2 * H, {}, '2 hours'],
    [NaN, {}, '–'],
  ])('writes %d ms %o as %s', (ms, options, expected) => {
    expect(formatDuration(ms, options)).toBe(expected);
  });
});
