import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Outlet, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { SHELL_COPY } from '../messages';

/** Workspace onboarding happens before the product: no tabs, just the step and a way out. */
export function OnboardLayout() {
  const navigate = useNavigate();
  const logout = useLogout({ onSettled: () => void navigate(paths.login.getHref(), { replace: true }) });
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: { xs: 2, md: 4 },
          height: 64,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <BrandMark size={26} />
        <Box sx={{ flex: 1 }} />
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {SHELL_COPY.logout}
        </Button>
      </Box>
      <Box component="main" sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2, md: 4 }, py: 6 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
