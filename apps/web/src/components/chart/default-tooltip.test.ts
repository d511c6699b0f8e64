import { BarChart, FunnelChart, LineChart, SankeyChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { afterEach, describe, expect, it } from 'vitest';
import { HOSTILE_MARKUP, expectShownAsText } from '@/testing/hostile-markup';
import type { ChartOption } from './echart';

echarts.use([LineChart, BarChart, FunnelChart, SankeyChart, GridComponent, TooltipComponent, SVGRenderer]);
// jsdom has no canvas to measure text with: an estimate is enough to lay out a chart.
echarts.setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 7 }) });

const charts: echarts.EChartsType[] = [];
afterEach(() => {
  for (const c of charts.splice(0)) c.dispose();
  document.body.innerHTML = '';
});

/** Draws an option with the installed ECharts, shows the tooltip of the first item, and returns its HTML. */
async function defaultTooltipHtml(option: ChartOption): Promise<string> {
  const el = document.createElement('div');
  document.body.append(el);
  const chart = echarts.init(el, undefined, { renderer: 'svg', width: 600, height: 300 });
  charts.push(chart);
  chart.setOption({ animation: false, ...option });
  chart.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: 0 });
  // ECharts fills the tooltip box on its next frame.
  await new Promise((r) => setTimeout(r, 50));
  const box = [...el.querySelectorAll('div')].find((d) => d.innerHTML.includes('clear:both'));
  if (!box) throw new Error('no tooltip was shown');
  return box.innerHTML;
}

/**
 * The charts that keep ECharts' default tooltip (north star, events timeline, impact and root-cause cards,
 * reports, the overlay) rely on ECharts encoding names, category labels and values: checked on this version.
 */
describe("ECharts' default tooltip", () => {
  it.each(HOSTILE_MARKUP)('shows the series name and category %s as text on an axis tooltip', async (s) => {
    const html = await defaultTooltipHtml({
      tooltip: { trigger: 'axis', valueFormatter: (v) => String(v) },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: [s, 'other'] },
      series: [{ type: 'bar', name: s, data: [3, 4] }],
    });
    expectShownAsText(html, s);
    // Both the category (the header) and the series name are shown, as text.
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.textContent!.split(s).length - 1).toBe(2);
  });

  it.each(HOSTILE_MARKUP)('shows the funnel step %s as text on an item tooltip', async (s) => {
    const html = await defaultTooltipHtml({
      tooltip: { trigger: 'item' },
      series: [{ type: 'funnel', data: [{ name: s, value: 10 }] }],
    });
    expectShownAsText(html, s);
  });

  it.each(HOSTILE_MARKUP)('shows the sankey node %s as text on an item tooltip', async (s) => {
    const html = await defaultTooltipHtml({
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'sankey',
          data: [{ name: s }, { name: 'Errors' }],
          links: [{ source: s, target: 'Errors', value: 5 }],
        },
      ],
    });
    expectShownAsText(html, s);
  });
});
