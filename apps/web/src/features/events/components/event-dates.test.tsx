import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupByDay } from '@/lib/day-groups';
import { renderWithRouter } from '@/testing/render';
import { makeEventGroup } from '../testing/fixtures';
import { DetailsPanel } from './detail/details-panel';

const NOW = Date.UTC(2026, 10, 28, 12);

/** Dates on event cards and their detail read '3 Oct' this year and '3 Oct 2025' otherwise. */
describe('event dates', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the details panel its year only when the group is from another year', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const old = makeEventGroup({
      status: 'Closed',
      event_group_ts_start: '2025-12-31T22:00:00.000Z',
      event_group_ts_end: '2026-01-01T02:00:00.000Z',
    });
    const { unmount } = renderWithRouter(<DetailsPanel group={old} tz="Etc/UTC" feedback={null} now={NOW} />);
    // The end is this year, but start and end are read together: both carry the year.
    expect(screen.getByText('Wed, 31 Dec 2025, 10:00 PM UTC')).toBeTruthy();
    expect(screen.getByText('Thu, 01 Jan 2026, 02:00 AM UTC')).toBeTruthy();
    unmount();
    const recent = makeEventGroup({
      status: 'Closed',
      event_group_ts_start: '2026-10-03T09:00:00.000Z',
      event_group_ts_end: '2026-10-03T11:00:00.000Z',
    });
    renderWithRouter(<DetailsPanel group={recent} tz="Etc/UTC" feedback={null} now={NOW} />);
    expect(screen.getByText('Sat, 03 Oct, 09:00 AM UTC')).toBeTruthy();
  });

  it('heads the cards of each day with the year when the list reaches into another year', () => {
    const copy = { tz: 'Etc/UTC', now: NOW, today: 'Today', yesterday: 'Yesterday' };
    const at = (iso: string) => ({ iso });
    const labels = (items: { iso: string }[]) => groupByDay(items, (i) => i.iso, copy).map((s) => s.label);
    expect(labels([at('2026-11-28T08:00:00Z'), at('2026-10-03T08:00:00Z')])).toEqual([
      'Today',
      'Saturday, 3 Oct',
    ]);
    expect(labels([at('2026-01-02T08:00:00Z'), at('2025-12-30T08:00:00Z')])).toEqual([
      'Friday, 2 Jan 2026',
      'Tuesday, 30 Dec 2025',
    ]);
  });
});
