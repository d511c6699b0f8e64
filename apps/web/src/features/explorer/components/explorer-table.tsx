import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ExplorerQueryResponse } from '@tidemark/contract';
import { EXPLORER_COPY } from '../messages';
import { answerDates, bucketLabel, formatExplorerValue } from '../utils/chart-option';

/** The answer as a table: a row per bucket, a column per line (and its earlier period when compared). */
export function ExplorerTable({ answer }: { answer: ExplorerQueryResponse }) {
  const buckets = answer.series[0]?.points ?? [];
  const dates = answerDates(answer);
  return (
    <TableContainer sx={{ maxHeight: 520, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table stickyHeader size="small" aria-label={EXPLORER_COPY.charts.table}>
        <TableHead>
          <TableRow>
            <TableCell>{EXPLORER_COPY.period}</TableCell>
            {answer.series.map((s) => [
              <TableCell key={s.key} align="right">
                {s.label}
              </TableCell>,
              s.comparison && (
                <TableCell key={`${s.key}:earlier`} align="right" sx={{ color: 'text.secondary' }}>
                  {`${s.label} ${EXPLORER_COPY.comparisonSuffix}`}
                </TableCell>
              ),
            ])}
          </TableRow>
        </TableHead>
        <TableBody>
          {buckets.map((b, i) => (
            <TableRow key={b.timestamp} hover>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {bucketLabel(b.timestamp, answer.grain, answer.timezone, dates)}
              </TableCell>
              {answer.series.map((s) => [
                <TableCell
                  key={s.key}
                  align="right"
                  className="tabular-nums"
                  sx={s.points[i]?.result.anomaly === 'True' ? { color: 'error.main', fontWeight: 600 } : {}}
                >
                  {formatExplorerValue(s.points[i]?.result.y, s.kpi_format)}
                </TableCell>,
                s.comparison && (
                  <TableCell
                    key={`${s.key}:earlier`}
                    align="right"
                    className="tabular-nums"
                    sx={{ color: 'text.secondary' }}
                  >
                    {formatExplorerValue(s.comparison[i]?.y, s.kpi_format)}
                  </TableCell>
                ),
              ])}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
