import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { customerLabel } from '@/features/tenants';
import {
  clearSelectedCustomer,
  useCurrentUser,
  useDemoMode,
  useSelectedCustomer,
  useTenants,
  useWorkspaceName,
} from '@/session';
import { isSupportChatConfigured, openSupportChat, supportMailHref } from '@/lib/support-chat';
import { SHELL_COPY } from '../messages';

function initials(given: string | null, family: string | null, email: string): string {
  const letters = `${given?.[0] ?? ''}${family?.[0] ?? ''}`.toUpperCase();
  return letters || (email[0] ?? '?').toUpperCase();
}

export function AccountMenu() {
  const user = useCurrentUser();
  const tenants = useTenants();
  const [demoMode] = useDemoMode();
  const [selectedCustomer] = useSelectedCustomer();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const menuId = useId();
  const logout = useLogout({
    onSettled: () => {
      clearSelectedCustomer();
      void navigate(paths.login.getHref(), { replace: true });
    },
  });

  const close = () => setAnchor(null);
  const go = (to: string, state?: unknown) => {
    close();
    void navigate(to, { state });
  };
  const viewing = user.is_operator ? tenants.find((t) => t.tenant_id === selectedCustomer) : undefined;
  const name = [user.given_name, user.family_name].filter(Boolean).join(' ');
  const workspaceName = useWorkspaceName();

  return (
    <>
      {/* The initials shown are part of the name, so speech input can say what it sees (WCAG 2.5.3). */}
      <IconButton
        aria-label={`${SHELL_COPY.account} ${initials(user.given_name, user.family_name, user.email)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 13, fontWeight: 600, bgcolor: 'primary.main' }}>
          {initials(user.given_name, user.family_name, user.email)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { variant: 'outlined', sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          {name && <Typography sx={{ fontWeight: 600 }}>{name}</Typography>}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {user.email}
          </Typography>
          {viewing && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {SHELL_COPY.viewingCustomer(customerLabel(viewing))}
            </Typography>
          )}
        </Box>
        <Divider />
        {user.is_operator && (
          <MenuItem
            onClick={() => go(paths.customers.getHref(), { from: `${location.pathname}${location.search}` })}
          >
            <ListItemIcon>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            {SHELL_COPY.changeCustomer}
          </MenuItem>
        )}
        {!demoMode && (
          <MenuItem onClick={() => go(paths.preferences.getHref('profile'))}>
            <ListItemIcon>
              <TuneOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {SHELL_COPY.preferences}
          </MenuItem>
        )}
        {!demoMode && (
          <MenuItem onClick={() => go(paths.datasources.getHref())}>
            <ListItemIcon>
              <StorageOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {SHELL_COPY.manageDatasources}
          </MenuItem>
        )}
        {isSupportChatConfigured() ? (
          <MenuItem
            onClick={() => {
              close();
              openSupportChat();
            }}
          >
            <ListItemIcon>
              <HelpOutlineIcon fontSize="small" />
            </ListItemIcon>
            {SHELL_COPY.chatWithUs}
          </MenuItem>
        ) : (
          <MenuItem
            component="a"
            href={supportMailHref({ email: user.email, workspace: workspaceName })}
            onClick={close}
          >
            <ListItemIcon>
              <HelpOutlineIcon fontSize="small" />
            </ListItemIcon>
            {SHELL_COPY.help}
          </MenuItem>
        )}
        <MenuItem
          disabled={logout.isPending}
          onClick={() => {
            close();
            logout.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {SHELL_COPY.logout}
        </MenuItem>
      </Menu>
    </>
  );
}
