import { describe, expect, it } from 'vitest';
import {
  availableOverlays,
  buildOverlay,
  DEFAULT_OVERLAY,
  overlayWindows,
  spikeChartStart,
} from './overlays';

const TS = Date.UTC(2024, 2, 12, 14);
const H = 3_600_000;
const D = 24 * H;

describe('overlays', () => {
  it.each([
    ['h', 'DoD', ['DoD', 'WoW', 'MoM', 'YoY']],
    ['d', 'WoW', ['WoW', 'MoM', 'QoQ', 'YoY']],
    ['w', 'MoM', ['MoM', 'QoQ', 'YoY']],
    ['m', 'YoY', ['YoY']],
  ] as const)('schedule %s opens with %s and offers %o', (schedule, def, available) => {
    expect(DEFAULT_OVERLAY[schedule]).toBe(def);
    expect(availableOverlays(schedule)).toEqual(available);
  });

  it.each([
    ['h', 'DoD', 23 * H, D, 'Trailing 1 Day & 2 Days'],
    ['d', 'WoW', 6 * D, 7 * D, 'Trailing 7 Days & 14 Days'],
    ['w', 'MoM', 27 * D, 28 * D, 'Trailing 28 Days & 56 Days'],
    ['m', 'YoY', 364 * D, 364 * D, 'Trailing 364 Days & 728 Days'],
  ] as const)(
    '%s %s: main window back %d ms, periods shifted by %d ms, titled %s',
    (schedule, type, back, shift, title) => {
      const w = overlayWindows(TS, schedule, type);
      expect(w.main).toEqual({ start: TS - back, end: TS });
      expect(w.period1).toEqual({ start: TS - back - shift, end: TS - shift });
      expect(w.period2.end).toBe(TS - 2 * shift);
      expect(w.title).toBe(title);
    },
  );

  it('lays earlier periods onto the main window timestamps', () => {
    const points = Array.from({ length: 72 }, (_, i) => ({
      timestamp: new Date(TS - 71 * H + i * H).toISOString(),
      result: { y: i, yhat: i, yhat_lower: i, yhat_upper: i, anomaly: 'False' as const },
    }));
    const o = buildOverlay(points, overlayWindows(TS, 'h'));
    expect(o.main).toHaveLength(24);
    expect(o.period1.map((p) => p.timestamp)).toEqual(o.main.map((p) => p.timestamp));
    expect(o.period1[0]!.result.y).toBe(o.main[0]!.result.y! - 24);
  });

  it.each([
    ['h', 24 * H],
    ['d', 7 * D],
  ] as const)('moves the spike chart start later for %s by %d ms', (schedule, ms) => {
    expect(spikeChartStart(TS, schedule) - TS).toBe(ms);
  });
});
