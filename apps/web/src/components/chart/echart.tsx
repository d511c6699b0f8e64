import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart, FunnelChart, LineChart, SankeyChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption, ECElementEvent, EChartsType, SetOptionOpts } from 'echarts/core';
import type {
  BarSeriesOption,
  FunnelSeriesOption,
  LineSeriesOption,
  SankeySeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  MarkPointComponentOption,
  ToolboxComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';

// Only the chart types the product draws (CONVENTIONS: tree-shaken echarts/core); add one here when a chart needs it.
echarts.use([
  LineChart,
  BarChart,
  ScatterChart,
  SankeyChart,
  FunnelChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  DataZoomComponent,
  ToolboxComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | ScatterSeriesOption
  | SankeySeriesOption
  | FunnelSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
  | MarkPointComponentOption
  | DataZoomComponentOption
  | ToolboxComponentOption
>;

export type ChartClick = ECElementEvent;

export interface EChartProps {
  option: ChartOption;
  height: number | string;
  /** Read by screen readers in place of the drawing. */
  ariaLabel: string;
  onClick?: (event: ChartClick) => void;
  /** Replace the whole option on change (a chart whose series come and go); otherwise merged. */
  notMerge?: boolean;
  style?: CSSProperties;
  testId?: string;
}

/**
 * The one ECharts wrapper: SVG rendering (crisp, light on memory for many small charts), the theme's
 * font and text colours, resizing with its box, no animation for people who ask for reduced motion, and
 * cleanup on unmount.
 */
export function EChart({ option, height, ariaLabel, onClick, notMerge, style, testId }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const clickRef = useRef(onClick);
  const theme = useTheme();
  const stillCharts = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (event) => clickRef.current?.(event as ChartClick));
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const opts: SetOptionOpts = { notMerge: notMerge ?? false, lazyUpdate: true };
    chart.current?.setOption(
      {
        textStyle: { fontFamily: theme.typography.fontFamily, color: theme.palette.text.secondary },
        animationDuration: 300,
        ...option,
        ...(stillCharts ? { animation: false } : {}),
      },
      opts,
    );
  }, [option, notMerge, ariaLabel, theme, stillCharts]);

  return (
    <Box
      ref={ref}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      sx={{ width: '100%', height, ...style }}
    />
  );
}
