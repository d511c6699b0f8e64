import type { OverlayType } from '@tidemark/contract';
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
