import { useDataScope } from '@/session';
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
import { useNavigate } from 'react-router';
import { paths, withQuery } from '@/config/paths';
import { useMoveTeamState } from '../../api/move-team-state';
import { DETAIL_COPY } from '../../messages';
import { track } from '@/lib/track';
import { flowOpen, moveFor, nextFlow, teamStateOf, type FlowState, type TeamAction } from './annotation';

/** Long enough to reach the snackbar's link to the feed the group moved to. */
const SNACK_MS = 4000;

/** The feed a team state lists: the Open feed is /feed itself. */
export const teamFeedHref = (state: string) =>
  state === 'Open' ? paths.feed.getHref() : withQuery(paths.feed.path, { state });

/** Resolve (an Open group) or Flag (a Resolved one back to Open), each behind Cancel / Confirm (spec 3 §4). */
export function TeamActions({ group, onMoved }: { group: Group; onMoved?: (state: string) => void }) {
  const state = teamStateOf(group.group_status);
  const action: TeamAction = state === 'Open' ? 'resolve' : 'flag';
  // The collaborate flow: initiated → cancel | requested → success | failed (spec 3 §4).
  const [flow, setFlow] = useState<FlowState | null>(null);
  const open = flowOpen(flow);
  const move = useMoveTeamState();
  const readOnly = useDataScope().isDemo;
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // The snackbar is drawn outside the router: its link navigates with this page's navigate.
  const navigate = useNavigate();
  const loading = move.isPending;
  const { old_state, current_state } = moveFor(action, state);
  const titleId = `team-move-${group.group_id}-title`;

  const close = () => {
    if (loading) return;
    setFlow((f) => nextFlow(f, 'cancel'));
    move.reset();
  };
  const confirm = () => {
    setFlow((f) => nextFlow(f, 'send'));
    move.mutate(
      { old_state, current_state, groups: [group.group_id] },
      {
        onSuccess: () => {
          setFlow((f) => nextFlow(f, 'succeed'));
          track('team_state_moved', {
            group_id: group.group_id,
            old_state,
            current_state,
          });
          onMoved?.(current_state);
          enqueueSnackbar(DETAIL_COPY.movedToFeed(current_state), {
            variant: 'success',
            autoHideDuration: SNACK_MS,
            action: (key) => (
              <Button
                color="inherit"
                size="small"
                href={teamFeedHref(current_state)}
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  closeSnackbar(key);
                  void navigate(teamFeedHref(current_state));
                }}
              >
                {DETAIL_COPY.openFeed(current_state)}
              </Button>
            ),
          });
        },
        // The failure stays in the dialog with the server's message (spec 3 §4, §8).
        onError: () => setFlow((f) => nextFlow(f, 'fail')),
      },
    );
  };

  return (
    <>
      {/* The demo store is read-only on the server: say so instead of failing on Confirm. */}
      <Tooltip title={readOnly ? DETAIL_COPY.demoReadOnly : ''}>
        <span>
          <Button
            variant={action === 'resolve' ? 'contained' : 'outlined'}
            startIcon={action === 'resolve' ? <CheckCircleOutlineIcon /> : <OutlinedFlagIcon />}
            onClick={() => setFlow((f) => nextFlow(f, 'open'))}
            disabled={readOnly}
          >
            {action === 'resolve' ? DETAIL_COPY.resolve : DETAIL_COPY.flag}
          </Button>
        </span>
      </Tooltip>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
        data-flow={flow ?? 'none'}
      >
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
