import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { INSIGHT_STATUSES } from '@tidemark/contract';
import { DATE_FORMATS, formatRelative, formatShownDate } from '@tidemark/format';
import { ErrorState } from '@/components/error-state';
import { useGroupHistory, type HistoryEntry } from '../../api/get-group-history';
import { DETAIL_COPY, INSIGHTS_COPY } from '../../messages';

/** A stored state in the constants' spelling (Open, Important, Snoozed, Flagged, Archived, Resolved). */
export function statusName(state: string): string {
  const known = INSIGHT_STATUSES.find((s) => s.toLowerCase() === state.trim().toLowerCase());
  return known ?? state.trim();
}

/** What one history entry says: a move reads 'Moved to {state}' (Open is the home state), an edit what changed. */
export function historyLabel(entry: HistoryEntry): string {
  if (entry.change_type === 'state_change') {
    const state = statusName(entry.change_data.current_state ?? '');
    const label = state === 'Open' ? DETAIL_COPY.movedBackToOpen : DETAIL_COPY.movedTo(state);
    // A move made with an alert's button in Slack says where it was made.
    return entry.change_data.via === 'slack' ? `${label} ${DETAIL_COPY.viaSlack}` : label;
  }
  return DETAIL_COPY.edited(entry.change_data.annotation_type || 'title,summary');
}

/** The group's history, four entries a page with See More, newest first (spec 3 §2, §9). */
export function GroupHistory({ groupId, tz }: { groupId: string; tz?: string | null | undefined }) {
  const headingId = `group-${groupId}-history`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography variant="h4" component="h2" id={headingId} sx={{ px: 2, pt: 2, pb: 1 }}>
        {DETAIL_COPY.historyTitle}
      </Typography>
      <HistoryList groupId={groupId} tz={tz} labelledBy={headingId} />
    </Paper>
  );
}

/** The entries with See More and the caught-up line: the History panel's and the Activity Timeline's body. */
export function HistoryList({
  groupId,
  tz,
  labelledBy,
}: {
  groupId: string;
  tz?: string | null | undefined;
  labelledBy: string;
}) {
  const history = useGroupHistory(groupId);
  const headingId = labelledBy;

  let body;
  if (history.isPending)
    body = (
      <Box aria-busy="true" aria-label="Loading history" sx={{ px: 2, py: 1 }}>
        {[0, 1, 2].map((i) => (
          <Box key={i} sx={{ py: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="25%" height={16} />
          </Box>
        ))}
      </Box>
    );
  else if (history.isError && !history.data)
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState
          title={DETAIL_COPY.historyFailed}
          message={history.error.message}
          onRetry={() => void history.refetch()}
        />
      </Box>
    );
  else {
    const entries = history.data.pages.flatMap((p) => p.history);
    body =
      entries.length === 0 ? (
        <Typography sx={{ px: 2, py: 3, color: 'text.secondary', textAlign: 'center' }}>
          {DETAIL_COPY.historyEmpty}
        </Typography>
      ) : (
        <>
          <List dense aria-labelledby={headingId} data-testid="group-history">
            {entries.map((entry, i) => (
              <ListItem key={`${entry.created_at}-${i}`} divider={i < entries.length - 1}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {entry.change_type === 'state_change' ? (
                    <SwapHorizIcon fontSize="small" color="primary" />
                  ) : (
                    <EditNoteOutlinedIcon fontSize="small" color="action" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={historyLabel(entry)}
                  secondary={
                    <span title={formatShownDate(entry.created_at, { tz, format: DATE_FORMATS.dateTime })}>
                      {formatRelative(entry.created_at, { tz })}
                      {' · '}
                      {entry.login_id ? DETAIL_COPY.by(entry.login_id) : DETAIL_COPY.system}
                    </span>
                  }
                />
              </ListItem>
            ))}
          </List>
          <Box sx={{ px: 2, pb: 2, textAlign: 'center' }}>
            {history.isFetchNextPageError && (
              <Typography role="alert" variant="body2" sx={{ color: 'error.main', mb: 1 }}>
                {DETAIL_COPY.historyFailed}
              </Typography>
            )}
            {history.hasNextPage ? (
              <Button
                variant="outlined"
                size="small"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {DETAIL_COPY.seeMore}
              </Button>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {INSIGHTS_COPY.caughtUp}
              </Typography>
            )}
          </Box>
        </>
      );
  }

  return body;
}
