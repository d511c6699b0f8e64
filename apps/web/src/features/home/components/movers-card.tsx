import NorthEastIcon from '@mui/icons-material/NorthEast';
import SouthEastIcon from '@mui/icons-material/SouthEast';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { DigestPeriod, DigestPeriodSummary, Mover } from '@tidemark/contract';
import { DATE_FORMATS, formatDate, formatShownDate } from '@tidemark/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths, withQuery, type QueryInput } from '@/config/paths';
import { HOME_COPY } from '../messages';
import { changeIsGood, metricValue, signedChange, toneOf } from './format';

export interface MoversCardProps {
  periods: DigestPeriodSummary[];
  currencySymbol?: string | undefined;
  timezone?: string | undefined;
  linkQuery?: QueryInput;
}

const DAY_MS = 86_400_000;

/** '12 Mar' ('12 Mar 2025' in another year), 'Mar 2025' or 'Jan 2025 – Mar 2025': the period a tab covers, on the workspace's clock. */
function periodLabel(p: DigestPeriodSummary, tz: string | undefined): string {
  if (!p.ts_start || !p.ts_end) return '';
  if (p.period === 'day') return formatShownDate(p.ts_start, { tz });
  const month = (iso: string | number) => formatDate(iso, { format: DATE_FORMATS.month, tz });
  if (p.period === 'month') return month(p.ts_start);
  // The quarter ends where the next month starts: name its last month.
  return `${month(p.ts_start)} – ${month(Date.parse(p.ts_end) - DAY_MS)}`;
}

/** Where a value sits in its expected range, as a bar: the band in grey, the value as a mark. */
function RangeBar({ mover }: { mover: Mover }) {
  const { current_value: y, yhat_lower: lo, yhat_upper: hi } = mover;
  if (y === null || lo === null || hi === null) return null;
  const min = Math.min(lo, y);
  const max = Math.max(hi, y);
  const span = max - min || 1;
  const pct = (v: number) => `${((v - min) / span) * 100}%`;
  return (
    <Box sx={{ position: 'relative', height: 6, borderRadius: 3, bgcolor: 'action.hover' }} aria-hidden>
      <Box
        sx={{
          position: 'absolute',
          left: pct(lo),
          width: `calc(${pct(hi)} - ${pct(lo)})`,
          top: 0,
          bottom: 0,
          borderRadius: 3,
          bgcolor: 'action.disabled',
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          left: `calc(${pct(y)} - 4px)`,
          top: -2,
          width: 8,
          height: 10,
          borderRadius: 1,
          bgcolor: toneOf(mover.range_position === 'within' ? null : mover.is_good),
        }}
      />
    </Box>
  );
}

function MoverRow({
  mover,
  period,
  currencySymbol,
  linkQuery,
}: {
  mover: Mover;
  period: DigestPeriod;
  currencySymbol: string | undefined;
  linkQuery: QueryInput;
}) {
  // The arrow and the change text read against the previous period; the range bar against the expected range.
  const up = (mover.change ?? 0) >= 0;
  const changeTone = toneOf(changeIsGood(mover.change, mover.accent));
  const value = (v: number | null) => metricValue(v, mover.kpi_format, currencySymbol);
  const change = signedChange(mover, currencySymbol);
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1.4fr) 1fr minmax(140px, 1fr)' },
        gap: { xs: 0.5, sm: 2 },
        alignItems: 'center',
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        {up ? (
          <NorthEastIcon fontSize="small" sx={{ color: changeTone }} aria-hidden />
        ) : (
          <SouthEastIcon fontSize="small" sx={{ color: changeTone }} aria-hidden />
        )}
        <Link
          component={RouterLink}
          to={withQuery(paths.metric.getHref(mover.kpi_id), linkQuery)}
          underline="hover"
          sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {mover.kpi_display_name}
        </Link>
      </Stack>
      <Box>
        <Typography className="tabular-nums" sx={{ fontWeight: 600 }}>
          {value(mover.current_value)}
        </Typography>
        {change && (
          <Typography variant="caption" sx={{ color: changeTone }}>
            {HOME_COPY.vsPrevious(change, HOME_COPY.periodNames[period])}
          </Typography>
        )}
      </Box>
      <Box>
        <RangeBar mover={mover} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {mover.yhat_lower !== null && mover.yhat_upper !== null
            ? `${HOME_COPY.rangePosition[mover.range_position]} · ${HOME_COPY.expectedRange(value(mover.yhat_lower), value(mover.yhat_upper))}`
            : HOME_COPY.noExpectedRange}
        </Typography>
      </Box>
    </Box>
  );
}

/** The day's, month's and quarter's top movers, one tab each. */
export function MoversCard({ periods, currencySymbol, timezone, linkQuery = {} }: MoversCardProps) {
  const [tab, setTab] = useState<DigestPeriod>('day');
  const current = periods.find((p) => p.period === tab) ?? periods[0];
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label={HOME_COPY.topMovers}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          {HOME_COPY.topMovers}
        </Typography>
        <Tabs value={tab} onChange={(_, v: DigestPeriod) => setTab(v)} aria-label={HOME_COPY.topMovers}>
          {periods.map((p) => (
            <Tab key={p.period} value={p.period} label={HOME_COPY.periods[p.period]} sx={{ minWidth: 72 }} />
          ))}
        </Tabs>
      </Stack>
      {current && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="movers-period">
          {periodLabel(current, timezone)}
        </Typography>
      )}
      {!current || current.movers.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 3 }}>{HOME_COPY.noMovers}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {current.movers.map((m) => (
            <MoverRow
              key={m.kpi_id}
              mover={m}
              period={current.period}
              currencySymbol={currencySymbol}
              linkQuery={linkQuery}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
