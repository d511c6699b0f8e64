import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { EVENT_SOURCE_IMPACT, type EventGroup } from '@tidemark/contract';
import { formatCompact, formatNumber } from '@tidemark/format';
import { useMemo, useState } from 'react';
import { EChart, type ChartOption } from '@/components/chart';
import { EVENTS_COPY } from '../../messages';
import { topWithOthers } from '../../utils/group-view';

/** Page table max height (spec 2 §9). */
const TABLE_MAX_HEIGHT = 500;

interface ImpactTab {
  key: string;
  label: string;
  total: number;
  items: Array<{ name: string; count: number }>;
  rows: Array<{
    name: string;
    number_of_errors: number;
    formatted_percentage_per_page_viewed: string;
    formatted_percentage_overall_page_views: string;
  }>;
}

/** The tabs: one per distribution section, then Event Source Impact. */
export function impactTabs(group: EventGroup): ImpactTab[] {
  const tabs: ImpactTab[] = (group.percentage_extent_distribution?.distributions ?? []).map((d) => {
    const section = group.impact.sections.find((s) => s.section_name === d.section_name);
    const items = d.extent_distribution.map((p) => ({ name: p.name, count: p.number_of_errors }));
    return {
      key: d.section_name,
      label: d.section_display_name,
      total: section?.total_count ?? items.reduce((sum, i) => sum + i.count, 0),
      items,
      rows: d.extent_distribution,
    };
  });
  const source = group.impact.sections.find((s) => s.section_name === EVENT_SOURCE_IMPACT);
  if (source) {
    tabs.push({
      key: EVENT_SOURCE_IMPACT,
      label: EVENTS_COPY.impact.sourceTab,
      total: source.total_count,
      items: source.items,
      rows: [],
    });
  }
  return tabs;
}

/** The Impact card (spec 2 §2.3): tabs, chart or table, top 5 plus Others. */
export function ImpactCard({ group }: { group: EventGroup }) {
  const theme = useTheme();
  const tabs = useMemo(() => impactTabs(group), [group]);
  const [tabKey, setTabKey] = useState(tabs[0]?.key ?? '');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const tab = tabs.find((t) => t.key === tabKey) ?? tabs[0];
  const tableDisabled = tab?.key === EVENT_SOURCE_IMPACT;

  const option = useMemo<ChartOption>(() => {
    const bars = topWithOthers(tab?.items ?? [], EVENTS_COPY.impact.others);
    return {
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCompact(v) } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: bars.map((b) => b.name),
        axisLabel: { width: 220, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          name: 'Errors',
          data: bars.map((b) => b.count),
          color: theme.palette.primary.main,
          barMaxWidth: 22,
          label: { show: true, position: 'right', formatter: ({ value }) => formatNumber(Number(value)) },
        },
      ],
    };
  }, [tab, theme]);

  if (!tab) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={EVENTS_COPY.impact.title}
      data-testid="event-impact"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h4" component="h2">
          {EVENTS_COPY.impact.title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={tableDisabled ? 'chart' : view}
          onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
          aria-label="View"
        >
          <ToggleButton value="chart" sx={{ textTransform: 'none' }}>
            {EVENTS_COPY.impact.chartView}
          </ToggleButton>
          <ToggleButton value="table" disabled={tableDisabled} sx={{ textTransform: 'none' }}>
            {EVENTS_COPY.impact.tableView}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Tabs
        value={tab.key}
        onChange={(_, key: string) => {
          setTabKey(key);
          // The chart is forced when the tab changes.
          setView('chart');
        }}
        variant="scrollable"
        sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} sx={{ textTransform: 'none' }} />
        ))}
      </Tabs>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {EVENTS_COPY.impact.total}: <b className="tabular-nums">{formatNumber(tab.total)}</b>
      </Typography>
      {view === 'chart' || tableDisabled ? (
        tab.items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
            {EVENTS_COPY.errors.emptyChart}
          </Typography>
        ) : (
          <EChart
            option={option}
            notMerge
            height={Math.max(160, Math.min(topWithOthers(tab.items, '').length, 6) * 40 + 24)}
            ariaLabel={`${tab.label}: errors by item`}
            testId="event-impact-chart"
          />
        )
      ) : (
        <TableContainer sx={{ maxHeight: TABLE_MAX_HEIGHT }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {EVENTS_COPY.impact.columns.map((c) => (
                  <TableCell key={c}>{c}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {tab.rows.map((row, i) => (
                <TableRow key={row.name}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell sx={{ maxWidth: 320, wordBreak: 'break-all' }}>{row.name}</TableCell>
                  <TableCell className="tabular-nums">{formatNumber(row.number_of_errors)}</TableCell>
                  <TableCell className="tabular-nums">{row.formatted_percentage_per_page_viewed}</TableCell>
                  <TableCell className="tabular-nums">
                    {row.formatted_percentage_overall_page_views}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box />
    </Paper>
  );
}
