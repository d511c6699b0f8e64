import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidEmail, type JoiningRule, type Member } from '@tidemark/contract';
import { DATE_FORMATS, formatDate } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { ErrorState } from '@/components/error-state';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser, useDemoMode } from '@/session';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/invitations';
import { useUpdateJoining } from '../api/joining';
import { useMembers, useRemoveMember, useUpdateMemberRole } from '../api/members';
import { useOperatorLog } from '../api/operator-log';
import { MEMBERS_COPY as copy, SETTINGS_SNACK_MS, operatorActionLabel } from '../members-messages';

/** The server words its refusals (403, 409) for people; anything else gets the generic line. */
const messageOf = (error: unknown): string =>
  error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : 'Something went wrong. Please try again.';

function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return {
    ok: (message: string) =>
      enqueueSnackbar(message, { variant: 'success', autoHideDuration: SETTINGS_SNACK_MS }),
    failed: (error: unknown) =>
      enqueueSnackbar(messageOf(error), { variant: 'error', autoHideDuration: SETTINGS_SNACK_MS }),
  };
}

/** Settings › Members: people and roles, who may join, invitations and the operator log. Members read only. */
export function MembersTab() {
  const user = useCurrentUser();
  const [isDemo] = useDemoMode();
  const members = useMembers();
  const isOwner = members.data?.your_role === 'owner';
  const viewingOperator = members.data?.your_role === null && user.is_operator;

  if (isDemo) return <Alert severity="info">{copy.readOnly}</Alert>;
  if (members.isPending) return <Skeleton variant="rounded" height={240} />;
  if (members.isError) {
    return (
      <ErrorState
        title={copy.loadError}
        message={members.error.message}
        onRetry={() => void members.refetch()}
        retryLabel={copy.retry}
      />
    );
  }
  const { joining } = members.data;
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h3" component="h2">
          {copy.heading}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}>
          {copy.intro}
        </Typography>
        {!isOwner && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {copy.readOnly}
          </Alert>
        )}
      </Box>
      <MembersTable members={members.data.members} domain={joining.domain} canManage={isOwner} />
      <JoiningSection joining={joining} canManage={isOwner} />
      <InvitationsSection canManage={isOwner} />
      {(isOwner || viewingOperator) && <OperatorLogSection />}
    </Stack>
  );
}

function MembersTable({
  members,
  domain,
  canManage,
}: {
  members: Member[];
  domain: string | null;
  canManage: boolean;
}) {
  const updateRole = useUpdateMemberRole();
  const notify = useNotify();
  const [removing, setRemoving] = useState<Member | null>(null);

  function setRole(member: Member) {
    const role = member.role === 'owner' ? 'member' : 'owner';
    updateRole.mutate(
      { userUuid: member.user_uuid, role },
      { onSuccess: (answer) => notify.ok(answer.message), onError: notify.failed },
    );
  }

  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={copy.listLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{copy.columns.person}</TableCell>
              <TableCell>{copy.columns.role}</TableCell>
              <TableCell>{copy.columns.joined}</TableCell>
              {canManage && <TableCell align="right">{copy.columns.actions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((m) => {
              const name = [m.given_name, m.family_name].filter(Boolean).join(' ');
              // The server refuses to leave a workspace without an owner; the buttons say so first.
              const lastOwner = m.role === 'owner' && members.filter((x) => x.role === 'owner').length === 1;
              return (
                <TableRow key={m.user_uuid}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {name || m.email}
                      {m.is_you ? ` (${copy.you})` : ''}
                    </Typography>
                    {name && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {m.email}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={m.role === 'owner' ? 'primary' : 'default'}
                      label={copy.roles[m.role]}
                    />
                  </TableCell>
                  <TableCell>{copy.joinedVia(m.joined_via, domain)}</TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => setRole(m)}
                        disabled={updateRole.isPending || lastOwner}
                        aria-label={`${m.role === 'owner' ? copy.makeMember : copy.makeOwner}: ${m.email}`}
                      >
                        {m.role === 'owner' ? copy.makeMember : copy.makeOwner}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(m)}
                        disabled={lastOwner}
                        aria-label={`${copy.remove}: ${m.email}`}
                      >
                        {copy.remove}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const titleId = useId();
  const remove = useRemoveMember();
  const notify = useNotify();
  function confirm() {
    if (!member) return;
    remove.mutate(member.user_uuid, {
      onSuccess: (answer) => {
        notify.ok(answer.message);
        onClose();
      },
    });
  }
  return (
    <Dialog
      open={member !== null}
      onClose={() => !remove.isPending && onClose()}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => remove.reset() } }}
    >
      <DialogTitle id={titleId}>{copy.removeDialog.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{member ? copy.removeDialog.body(member.email) : ''}</DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageOf(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          {copy.removeDialog.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? copy.removeDialog.removing : copy.removeDialog.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function JoiningSection({ joining, canManage }: { joining: JoiningRule; canManage: boolean }) {
  const update = useUpdateJoining();
  const notify = useNotify();
  const { domain } = joining;
  const explanation =
    domain === null
      ? copy.joining.noDomain
      : !joining.can_join_by_domain
        ? copy.joining.notPossible(domain)
        : joining.join_by_domain
          ? copy.joining.on(domain)
          : copy.joining.off(domain);
  return (
    <Box component="section" aria-label={copy.joining.heading}>
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        {copy.joining.heading}
      </Typography>
      {domain !== null && joining.can_join_by_domain && (
        <FormControlLabel
          control={
            <Switch
              checked={joining.join_by_domain}
              disabled={!canManage || update.isPending}
              // Applied only once the server confirms (spec 1 §4): the switch follows the refetched rule.
              onChange={(_e, on) =>
                update.mutate(on, {
                  onSuccess: (answer) => notify.ok(answer.message),
                  onError: notify.failed,
                })
              }
            />
          }
          label={copy.joining.switchLabel(domain)}
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {explanation}
      </Typography>
    </Box>
  );
}

function InvitationsSection({ canManage }: { canManage: boolean }) {
  const invitations = useInvitations();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setInvalid(true);
      return;
    }
    create.mutate(email.trim(), {
      onSuccess: (answer) => {
        notify.ok(answer.message);
        setEmail('');
      },
      onError: notify.failed,
    });
  }

  return (
    <Box component="section" aria-label={copy.invite.heading}>
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        {copy.invite.heading}
      </Typography>
      {canManage && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          onSubmit={submit}
          noValidate
        >
          <TextField
            size="small"
            label={copy.invite.label}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? copy.invite.invalid : copy.invite.help}
            sx={{ flex: 1, maxWidth: 420 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {copy.invite.button}
          </Button>
        </Stack>
      )}
      {invitations.data && invitations.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {copy.invite.empty}
        </Typography>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <Stack
          component="ul"
          aria-label={copy.invite.listLabel}
          spacing={1}
          sx={{ pl: 0, listStyle: 'none' }}
        >
          {invitations.data.map((i) => (
            <Stack component="li" key={i.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {i.email}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatDate(i.expires_at, { format: DATE_FORMATS.date })}
              </Typography>
              {canManage && (
                <Button
                  size="small"
                  onClick={() =>
                    revoke.mutate(i.id, { onSuccess: (a) => notify.ok(a.message), onError: notify.failed })
                  }
                  aria-label={`${copy.invite.withdraw}: ${i.email}`}
                >
                  {copy.invite.withdraw}
                </Button>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function OperatorLogSection() {
  const log = useOperatorLog(true);
  return (
    <Box component="section" aria-label={copy.log.heading}>
      <Typography variant="h4" component="h3" sx={{ mb: 0.5 }}>
        {copy.log.heading}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1, maxWidth: 640 }}>
        {copy.log.intro}
      </Typography>
      {log.data && log.data.length === 0 && <Typography variant="body2">{copy.log.empty}</Typography>}
      {log.data && log.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={copy.log.listLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{copy.log.columns.at}</TableCell>
                <TableCell>{copy.log.columns.operator}</TableCell>
                <TableCell>{copy.log.columns.action}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{formatDate(e.at, { format: DATE_FORMATS.dateTime })}</TableCell>
                  <TableCell>{e.operator_email}</TableCell>
                  <TableCell>{operatorActionLabel(e.method, e.route)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
