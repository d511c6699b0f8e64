import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { catalogueFor } from '@tidemark/contract';
import { formatNumber } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useTeamDetails, type OwnWorkspace } from '../api/get-team-details';
import { useJoinWorkspace } from '../api/join-workspace';
import { ONBOARD_COPY } from '../messages';
import { OnboardStep } from './onboard-step';

const COPY = ONBOARD_COPY.joinWorkspace;

export interface JoinWorkspaceCardProps {
  workspace: OwnWorkspace;
  userEmail: string;
  /** Called after joining; the route moves on to user_persona. */
  onJoined: () => Promise<void> | void;
  /** The user founded this workspace: there is no team to join, so the route moves on at once. */
  onFounder: () => void;
}

const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

/** join_workspace (spec 1 §2): the team's name, logo or initial and member count, and Join. */
export function JoinWorkspaceCard({ workspace, userEmail, onJoined, onFounder }: JoinWorkspaceCardProps) {
  const { enqueueSnackbar } = useSnackbar();
  const team = useTeamDetails(workspace);
  const founder = team.data?.joined_via === 'founder';
  useEffect(() => {
    if (founder) onFounder();
  }, [founder, onFounder]);
  const join = useJoinWorkspace(workspace);
  const [finishing, setFinishing] = useState(false);
  const busy = join.isPending || finishing;

  const onJoin = () =>
    join.mutate(userEmail, {
      onSuccess: async () => {
        enqueueSnackbar(COPY.joined, { variant: 'success' });
        setFinishing(true);
        try {
          await onJoined();
        } finally {
          setFinishing(false);
        }
      },
      onError: () => enqueueSnackbar(COPY.joinFailed, { variant: 'error' }),
    });

  if (founder) return null;

  return (
    <OnboardStep
      step={2}
      title={COPY.title}
      subtitle={COPY.subtitle}
      actions={
        <Button
          variant="contained"
          size="large"
          onClick={onJoin}
          disabled={!team.isSuccess || busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {COPY.join}
        </Button>
      }
    >
      {team.isPending && (
        <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true" aria-label={COPY.loading}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Skeleton variant="rounded" width={56} height={56} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="60%" height={28} />
              <Skeleton width="30%" />
            </Box>
          </Stack>
        </Paper>
      )}
      {team.isError && (
        <ErrorState
          title={COPY.loadFailed}
          message={isApiError(team.error) ? team.error.message : catalogueFor(500).message}
          onRetry={() => void team.refetch()}
          retryLabel={COPY.retry}
        />
      )}
      {team.isSuccess && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {team.data.logo_path ? (
              <Avatar
                variant="rounded"
                src={team.data.logo_path}
                alt={COPY.logoAlt(team.data.display_name)}
                sx={{ width: 56, height: 56 }}
              />
            ) : (
              <Avatar
                variant="rounded"
                aria-hidden
                sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 26, fontWeight: 600 }}
              >
                {initialOf(team.data.display_name)}
              </Avatar>
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {team.data.display_name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {COPY.members(formatNumber(team.data.member_count), team.data.member_count)}
              </Typography>
              {team.data.store_url && (
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {team.data.store_url}
                </Typography>
              )}
            </Box>
          </Stack>
          {COPY.reason(team.data.joined_via, team.data.display_name, team.data.email_domain) && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              {COPY.reason(team.data.joined_via, team.data.display_name, team.data.email_domain)}
            </Typography>
          )}
        </Paper>
      )}
    </OnboardStep>
  );
}
