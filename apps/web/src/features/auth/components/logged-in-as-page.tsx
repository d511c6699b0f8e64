import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { DocumentTitle } from '@/components/page-header';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';
import { useVerify } from '../api/verify';
import { AUTH_COPY } from '../messages';

const copy = AUTH_COPY.loggedInAs;

/** For a signed-in user who has no workspace to show (spec 1 §2, Logged-in-as page). */
export function LoggedInAsPage() {
  const verify = useVerify();
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => navigate(paths.login.getHref(), { replace: true }) });
  const email = verify.data?.user.email ?? null;

  return (
    <Stack component="main" sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Paper variant="outlined" sx={{ p: 5, width: '100%', maxWidth: 480 }}>
        <Stack spacing={3}>
          <DocumentTitle title={copy.title} />
          <BrandMark />
          <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
            {copy.title}
          </Typography>
          <Stack spacing={0.5}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {copy.label}
            </Typography>
            {verify.isPending ? (
              <Skeleton width={220} />
            ) : (
              <Typography sx={{ fontWeight: 600 }} data-testid="logged-in-email">
                {email ?? copy.notLoggedIn}
              </Typography>
            )}
          </Stack>
          {email && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {copy.noWorkspace}
            </Typography>
          )}
          <Typography variant="body2">{copy.contact(env.supportEmail)}</Typography>
          <Stack direction="row" spacing={1.5}>
            <Button
              variant="contained"
              startIcon={<LogoutIcon />}
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              {copy.logout}
            </Button>
            {!verify.isPending && !email && (
              <Button variant="outlined" component={RouterLink} to={paths.login.getHref()}>
                {copy.login}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
