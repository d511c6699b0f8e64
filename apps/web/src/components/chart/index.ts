export { EChart, type ChartClick, type ChartOption, type EChartProps } from './echart';
export { escapeHtml } from './escape-html';
