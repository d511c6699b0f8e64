import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EventGroup, EventLogRow } from '@tidemark/contract';
import { formatShownDate } from '@tidemark/format';
import { Fragment, useState } from 'react';
import { EVENTS_COPY } from '../../messages';
import { errorRowMessage, outageRowSummary } from '../../utils/group-view';

const OUTAGE_MAX_HEIGHT = 400;
const DATE_FORMAT = 'ddd, DD MMM, hh:mm A z';

function PayloadRow({ row, outage, span }: { row: EventLogRow; outage: boolean; span: number }) {
  if (outage && row.component_status_changes.length > 0) {
    return (
      <Table size="small" aria-label={EVENTS_COPY.logs.component}>
        <TableHead>
          <TableRow>
            <TableCell>{EVENTS_COPY.logs.component}</TableCell>
            <TableCell>{EVENTS_COPY.logs.group}</TableCell>
            <TableCell>{EVENTS_COPY.logs.lastStatus}</TableCell>
            <TableCell>{EVENTS_COPY.logs.currentStatus}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {row.component_status_changes.map((c, i) => (
            <TableRow key={`${c.name}-${i}`}>
              <TableCell>{c.name}</TableCell>
              <TableCell>{c.group_name ?? '-'}</TableCell>
              <TableCell>{c.last_status ?? '-'}</TableCell>
              <TableCell>{c.current_status ?? '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <Box
      component="pre"
      data-span={span}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 12,
        maxHeight: 320,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {/* Rendered as text: a payload's script or markup is shown, never run. */}
      {JSON.stringify(row.payload, null, 2)}
    </Box>
  );
}

/** Error Logs (Outage History for outages): rows that expand to the payload or a component table. */
export function ErrorLogsCard({ group, tz }: { group: EventGroup; tz?: string | null }) {
  const outage = group.type === 'outage';
  const [open, setOpen] = useState<string | null>(null);
  const title = outage ? EVENTS_COPY.logs.outageTitle : EVENTS_COPY.logs.errorTitle;
  const columns = outage ? 3 : 4;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title} data-testid="event-logs">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {group.events.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
          {outage ? EVENTS_COPY.logs.noOutages : EVENTS_COPY.logs.noErrors}
        </Typography>
      ) : (
        <TableContainer sx={outage ? { maxHeight: OUTAGE_MAX_HEIGHT } : { maxHeight: 560 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 40 }} />
                <TableCell>{EVENTS_COPY.logs.time}</TableCell>
                {!outage && <TableCell>{EVENTS_COPY.logs.status}</TableCell>}
                <TableCell>{EVENTS_COPY.logs.message}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {group.events.map((row) => {
                const isOpen = open === row.event_uuid;
                return (
                  <Fragment key={row.event_uuid}>
                    <TableRow hover sx={{ '& > td': { borderBottom: isOpen ? 'none' : undefined } }}>
                      <TableCell>
                        <IconButton
                          size="small"
                          aria-expanded={isOpen}
                          aria-label={isOpen ? EVENTS_COPY.logs.collapse : EVENTS_COPY.logs.expand}
                          onClick={() => setOpen(isOpen ? null : row.event_uuid)}
                        >
                          {isOpen ? (
                            <KeyboardArrowUpIcon fontSize="small" />
                          ) : (
                            <KeyboardArrowDownIcon fontSize="small" />
                          )}
                        </IconButton>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatShownDate(row.start_time, { tz, format: DATE_FORMAT })}
                      </TableCell>
                      {!outage && <TableCell className="tabular-nums">{row.status_code ?? '-'}</TableCell>}
                      <TableCell sx={{ maxWidth: 460, wordBreak: 'break-word' }}>
                        {outage ? outageRowSummary(row) : errorRowMessage(row)}
                        {!outage && row.page && (
                          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                            {[row.page, row.browser, row.os, row.device].filter(Boolean).join(' · ')}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell
                        colSpan={columns}
                        sx={{ py: 0, ...(isOpen ? {} : { borderBottom: 'none' }) }}
                      >
                        <Collapse in={isOpen} unmountOnExit>
                          <Box sx={{ py: 1.5 }}>
                            <PayloadRow row={row} outage={outage} span={columns} />
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
