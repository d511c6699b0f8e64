import StarBorderOutlinedIcon from '@mui/icons-material/StarBorderOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { NorthStar } from '@tidemark/contract';
import { formatDate, formatShownDate, shownDateFormat } from '@tidemark/format';
import { useMemo } from 'react';
import { EChart, escapeHtml, type ChartOption } from '@/components/chart';
import { HOME_COPY } from '../messages';
import { changeIsGood, metricValue, signedChange, toneOf } from './format';

export interface NorthStarCardProps {
  northStar: NorthStar | null;
  currencySymbol?: string | undefined;
  timezone?: string | undefined;
}

/** The North Star's 30 days: the value over its expected band, days on the workspace's clock. */
export function northStarChartOption(
  northStar: NorthStar | null,
  options: { currencySymbol?: string | undefined; timezone?: string | undefined; color: string },
): ChartOption {
  const pts = northStar?.points ?? [];
  const t = (p: (typeof pts)[number]) => Date.parse(p.timestamp);
  const fmt = (v: number) => metricValue(v, northStar?.kpi_format ?? 'number', options.currencySymbol);
  // The 30 days read '3 Oct', or '3 Oct 2025' when they reach into another year.
  const dayFormat = shownDateFormat(
    { tz: options.timezone },
    pts.map((p) => p.timestamp),
  );
  const dayOf = (v: number) => formatDate(v, { tz: options.timezone, format: dayFormat });
  return {
    animation: false,
    grid: { left: 48, right: 12, top: 8, bottom: 24 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = Array.isArray(params) ? (params as Array<{ value: [number, number | null] }>) : [];
        const [at, y] = list.at(-1)?.value ?? [];
        if (at === undefined) return '';
        const value = typeof y === 'number' ? fmt(y) : '-';
        return `<strong>${escapeHtml(dayOf(at))}</strong><br/>${escapeHtml(northStar?.kpi_display_name ?? '')}: ${escapeHtml(value)}`;
      },
    },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (v: number) => dayOf(v) } },
    yAxis: { type: 'value', scale: true, axisLabel: { formatter: (v: number) => fmt(v) } },
    series: [
      // The band is drawn as the lower edge plus a stacked, filled width.
      {
        name: 'Expected lower',
        type: 'line',
        stack: 'band',
        data: pts.map((p) => [t(p), p.yhat_lower]),
        lineStyle: { opacity: 0 },
        showSymbol: false,
        tooltip: { show: false },
      },
      {
        name: 'Expected range',
        type: 'line',
        stack: 'band',
        data: pts.map((p) => [
          t(p),
          p.yhat_upper !== null && p.yhat_lower !== null ? p.yhat_upper - p.yhat_lower : null,
        ]),
        lineStyle: { opacity: 0 },
        showSymbol: false,
        areaStyle: { color: options.color, opacity: 0.12 },
        tooltip: { show: false },
      },
      {
        name: northStar?.kpi_display_name ?? '',
        type: 'line',
        data: pts.map((p) => [t(p), p.y]),
        showSymbol: false,
        lineStyle: { width: 2, color: options.color },
        itemStyle: { color: options.color },
      },
    ],
  };
}

/** The North Star metric: the last complete day against its expected range, and the 30 days before. */
export function NorthStarCard({ northStar, currencySymbol, timezone }: NorthStarCardProps) {
  const theme = useTheme();
  const option = useMemo<ChartOption>(
    () => northStarChartOption(northStar, { currencySymbol, timezone, color: theme.palette.primary.main }),
    [northStar, currencySymbol, theme, timezone],
  );

  const day = northStar?.day ?? null;
  const failed = !northStar || !day || northStar.points.every((p) => p.y === null);
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} aria-label={HOME_COPY.northStar} component="section">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <StarBorderOutlinedIcon fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
        <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
          {HOME_COPY.northStar}
        </Typography>
      </Stack>
      {failed ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography role="alert" sx={{ color: 'text.secondary' }}>
            {HOME_COPY.northStarFailed}
          </Typography>
        </Box>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-end' } }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h3" component="h2">
                {northStar.kpi_display_name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {northStar.chosen_by === 'my_metrics'
                  ? HOME_COPY.northStarChosenMyMetrics
                  : HOME_COPY.northStarChosenTopTier}
              </Typography>
            </Box>
            <Box sx={{ textAlign: { sm: 'right' } }}>
              <Typography
                className="tabular-nums"
                sx={{ fontSize: 32, fontWeight: 700, lineHeight: 1.1 }}
                data-testid="north-star-value"
              >
                {metricValue(day.current_value, northStar.kpi_format, currencySymbol)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ justifyContent: { sm: 'flex-end' }, mt: 0.5 }}>
                {signedChange(day, currencySymbol) && (
                  <Typography
                    variant="body2"
                    sx={{ color: toneOf(changeIsGood(day.change, day.accent)), fontWeight: 600 }}
                  >
                    {HOME_COPY.vsPrevious(signedChange(day, currencySymbol)!, HOME_COPY.periodNames.day)}
                  </Typography>
                )}
                <Chip
                  size="small"
                  variant="outlined"
                  label={HOME_COPY.rangePosition[day.range_position]}
                  color={
                    day.range_position === 'within' || day.range_position === 'unknown'
                      ? 'default'
                      : day.is_good
                        ? 'success'
                        : 'error'
                  }
                />
              </Stack>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {day.yhat_lower !== null && day.yhat_upper !== null
                  ? HOME_COPY.expectedRange(
                      metricValue(day.yhat_lower, northStar.kpi_format, currencySymbol),
                      metricValue(day.yhat_upper, northStar.kpi_format, currencySymbol),
                    )
                  : HOME_COPY.noExpectedRange}
                {' · '}
                {HOME_COPY.lastCompleteDay(
                  formatShownDate(northStar.points.at(-1)!.timestamp, {
                    tz: timezone,
                    among: northStar.points.map((p) => p.timestamp),
                  }),
                )}
              </Typography>
            </Box>
          </Stack>
          <Box sx={{ mt: 2 }}>
            <EChart
              option={option}
              height={160}
              ariaLabel={`${northStar.kpi_display_name}, last ${northStar.points.length} days with the expected range`}
            />
          </Box>
        </>
      )}
    </Paper>
  );
}
