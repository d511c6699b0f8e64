import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import type { Group } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useMoveTeamState } from '../../api/move-team-state';
import { useInsightsScope } from '../../api/scope';
import { DETAIL_COPY } from '../../messages';
import { moveFor, teamStateOf, type TeamAction } from './annotation';

const SNACK_MS = 1500;

/** Resolve (an Open group) or Flag (a Resolved one back to Open), each behind Cancel / Confirm (spec 3 §4). */
export function TeamActions({ group }: { group: Group }) {
  const state = teamStateOf(group.group_status);
  const action: TeamAction = state === 'Open' ? 'resolve' : 'flag';
  const [open, setOpen] = useState(false);
  const move = useMoveTeamState();
  const readOnly = useInsightsScope().isDemo;
  const { enqueueSnackbar } = useSnackbar();
  const loading = move.isPending;
  const { old_state, current_state } = moveFor(action, state);
  const titleId = `team-move-${group.group_id}-title`;

  const close = () => {
    if (loading) return;
    setOpen(false);
    move.reset();
  };
  const confirm = () =>
    move.mutate(
      { old_state, current_state, groups: [group.group_id] },
      {
        onSuccess: () => {
          setOpen(false);
          enqueueSnackbar(DETAIL_COPY.movedToFeed(current_state), {
            variant: 'success',
            autoHideDuration: SNACK_MS,
          });
        },
        // The failure stays in the dialog with the server's message (spec 3 §4, §8).
      },
    );

  return (
    <>
      {/* The demo store is read-only on the server: say so instead of failing on Confirm. */}
      <Tooltip title={readOnly ? DETAIL_COPY.demoReadOnly : ''}>
        <span>
          <Button
            variant={action === 'resolve' ? 'contained' : 'outlined'}
            startIcon={action === 'resolve' ? <CheckCircleOutlineIcon /> : <OutlinedFlagIcon />}
            onClick={() => setOpen(true)}
            disabled={readOnly}
          >
            {action === 'resolve' ? DETAIL_COPY.resolve : DETAIL_COPY.flag}
          </Button>
        </span>
      </Tooltip>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>
          {action === 'resolve' ? DETAIL_COPY.resolveTitle : DETAIL_COPY.flagTitle}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {action === 'resolve' ? DETAIL_COPY.resolveBody : DETAIL_COPY.flagBody}
          </DialogContentText>
          {move.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {move.error.message || DETAIL_COPY.moveFailed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={loading}>
            {DETAIL_COPY.cancel}
          </Button>
          <Button
            variant="contained"
            onClick={confirm}
            disabled={loading}
            startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {DETAIL_COPY.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
