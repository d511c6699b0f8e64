import type { OverlaySeries, OverlayType } from '@tidemark/contract';
import { INSIGHTS_COPY } from '../../messages';
import type { LegendItem } from './chart-frame';
import { OVERLAY_UNIT } from './schedule';

export type OverlayColors = Record<'main' | 'period1' | 'period2', string>;

export function overlayLegend(type: OverlayType, colors: OverlayColors): LegendItem[] {
  const unit = OVERLAY_UNIT[type];
  return [
    { id: 'main', label: INSIGHTS_COPY.overlayCurrent, color: colors.main },
    { id: 'period1', label: INSIGHTS_COPY.overlayTrailing(1, unit), color: colors.period1 },
    { id: 'period2', label: INSIGHTS_COPY.overlayTrailing(2, unit), color: colors.period2 },
  ];
}

/**
 * Each window's total (a percentage metric: its average, as a rate does not add up); null for a window with
 * no values.
 */
export function overlayTotals(data: OverlaySeries, average: boolean) {
  return (['main', 'period1', 'period2'] as const).map((id) => {
    const values = data[id].map((p) => p.result.y).filter((v): v is number => v !== null);
    const sum = values.reduce((a, b) => a + b, 0);
    return { id, total: values.length === 0 ? null : average ? sum / values.length : sum };
  });
}
