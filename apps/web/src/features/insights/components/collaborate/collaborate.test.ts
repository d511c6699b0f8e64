// @vitest-environment node
import { INSIGHT_STATUSES, type SeriesPoint } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { backgroundOf, overlayState } from '@/lib/overlay';
import { businessHealth, flowOpen, nextFlow, type FlowState } from '../detail/annotation';
import { historyLabel } from '../detail/group-history';
import { overlayTotals } from '../charts/overlay';
import { grainWindow } from '../charts/schedule';
import { forecastStart } from '../charts/timeline';
import { chartedKpis } from './filters';

const point = (ts: string, y: number | null, yhat: number | null = 5): SeriesPoint => ({
  timestamp: ts,
  result: {
    y,
    yhat,
    yhat_lower: yhat === null ? null : 4,
    yhat_upper: yhat === null ? null : 6,
    anomaly: 'False',
  },
});

describe('collaborate rules', () => {
  it("shows every status of the constants as 'Moved to {state}', Open as the home state", () => {
    const move = (current_state: string) =>
      historyLabel({
        change_type: 'state_change',
        change_data: { current_state },
        login_id: null,
        created_at: '',
      });
    for (const status of INSIGHT_STATUSES.filter((s) => s !== 'Open')) {
      expect(move(status)).toBe(`Moved to ${status}`);
      expect(move(status.toLowerCase())).toBe(`Moved to ${status}`);
    }
    expect(move('open')).toBe('Moved back to Open');
    const fromSlack = historyLabel({
      change_type: 'state_change',
      change_data: { current_state: 'Resolved', via: 'slack' },
      login_id: 'ada@shop.test',
      created_at: '',
    });
    expect(fromSlack).toBe('Moved to Resolved via Slack');
  });

  it('runs the comment and collaborate flow: initiated, cancel, requested, success, failed', () => {
    let s: FlowState | null = null;
    s = nextFlow(s, 'open');
    expect(s).toBe('initiated');
    expect(nextFlow(s, 'cancel')).toBe('cancel');
    s = nextFlow(s, 'send');
    expect(s).toBe('requested');
    // Nothing cancels a request in flight.
    expect(nextFlow(s, 'cancel')).toBe('requested');
    expect(nextFlow(s, 'fail')).toBe('failed');
    expect(flowOpen('failed')).toBe(true);
    expect(nextFlow('failed', 'send')).toBe('requested');
    expect(nextFlow(s, 'succeed')).toBe('success');
    expect(flowOpen('success')).toBe(false);
    expect(flowOpen('cancel')).toBe(false);
    // A success or a cancel cannot be sent without opening again.
    expect(nextFlow('success', 'send')).toBe('success');
  });

  it('rates business health Good, Neutral or Slow', () => {
    expect(businessHealth('positive', 'High')).toBe('Good');
    expect(businessHealth('negative', 'Low')).toBe('Neutral');
    expect(businessHealth('negative', 'Medium')).toBe('Slow');
    expect(businessHealth('negative', 'High')).toBe('Slow');
  });

  it('finds where the forecast starts: the first expected point after the last value', () => {
    expect(forecastStart([point('2026-01-01T00:00:00Z', 1), point('2026-01-02T00:00:00Z', 2)])).toBeNull();
    expect(
      forecastStart([
        point('2026-01-01T00:00:00Z', 1),
        point('2026-01-02T00:00:00Z', null),
        point('2026-01-03T00:00:00Z', null, null),
      ]),
    ).toBe(Date.parse('2026-01-02T00:00:00Z'));
  });

  it('totals the overlay windows (averages a rate) and leaves an empty window out', () => {
    const data = {
      main: [point('2026-01-01T00:00:00Z', 2), point('2026-01-02T00:00:00Z', 4)],
      period1: [point('2025-12-25T00:00:00Z', 1)],
      period2: [],
    };
    expect(overlayTotals(data, false).map((r) => r.total)).toEqual([6, 1, null]);
    expect(overlayTotals(data, true).map((r) => r.total)).toEqual([3, 1, null]);
  });

  it('reads a long window at a fine grain only for its last span', () => {
    const end = Date.parse('2026-03-01T00:00:00Z');
    const start = end - 90 * 86_400_000;
    expect(grainWindow({ start, end }, 'h')).toEqual({ start: end - 14 * 86_400_000, end });
    expect(grainWindow({ start, end }, 'd')).toEqual({ start, end });
  });

  it('charts the chosen metrics, or all when none is chosen', () => {
    const all = [{ kpi_id: '1' }, { kpi_id: '2' }, { kpi_id: '3' }];
    expect(chartedKpis(all, [])).toEqual(all);
    expect(chartedKpis(all, ['3', '1'])).toEqual([{ kpi_id: '1' }, { kpi_id: '3' }]);
  });

  it('keeps the first page behind when an overlay opens from an overlay, and refuses foreign paths', () => {
    const feed = { pathname: '/feed', search: '?window=7d', state: null };
    const first = overlayState(feed);
    expect(first).toEqual({ background: { pathname: '/feed', search: '?window=7d' } });
    expect(overlayState({ pathname: '/groups/5/collaborate', search: '', state: first })).toEqual(first);
    expect(backgroundOf({ background: { pathname: '//evil.example', search: '' } })).toBeNull();
    expect(backgroundOf({ background: { pathname: 'https://evil.example' } })).toBeNull();
    expect(backgroundOf(null)).toBeNull();
  });
});
