import { describe, expect, it } from 'vitest';
import { formatRelative } from './relative';

const NOW = Date.UTC(2024, 5, 15, 12);
const MIN = 60_000;
const D = 24 * 60 * MIN;

describe('formatRelative', () => {
  it.each([
    [NOW, 'Just now'],
    [NOW + 5_000, 'Just now'],
    [NOW - 59_000, 'Just now'],
    [NOW - MIN, '1 minute ago'],
    [NOW - 45 * MIN, '45 minutes ago'],
    [NOW - 3 * 60 * MIN, '3 hours ago'],
    [NOW - 2 * D, '2 days ago'],
    [NOW - 15 * D, '2 weeks ago'],
    [NOW - 95 * D, '3 months ago'],
    [NOW - 400 * D, '12 May, 2023'],
  ])('describes %d as %s', (ts, expected) => {
    expect(formatRelative(ts, { now: NOW })).toBe(expected);
  });

  it('shows a dash for a missing time', () => {
    expect(formatRelative(null)).toBe('–');
    expect(formatRelative('garbage', { now: NOW })).toBe('–');
  });
});
