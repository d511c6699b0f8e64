import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import StarOutlineRoundedIcon from '@mui/icons-material/StarOutlineRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { env } from '@/config/env';
import { isPathWithin, paths } from '@/config/paths';
import { GlobalFilterSelector } from '@/features/filters';
import { useFlags } from '@/features/flags';
import { useCurrentUser, useDemoMode, useTenantScope, useTenants } from '@/session';
import { SHELL_COPY } from '../messages';
import { AccountMenu } from './account-menu';
import { visibleTabs } from './tabs';

/** Demo mode lands on Events, unless the user is already on one of the demo pages. */
export function demoLandingAfterSwitchOn(pathname: string): string | null {
  if (isPathWithin(pathname, paths.events.path) || isPathWithin(pathname, paths.reports.path)) return null;
  return paths.events.path;
}

export function TopBar() {
  const user = useCurrentUser();
  const { flags, isPending } = useFlags();
  const [demoMode, setDemoMode] = useDemoMode();
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = visibleTabs(flags, demoMode);
  const tenants = useTenants();
  const scope = useTenantScope();
  // Operators act on someone else's data: the customer they are viewing is always in sight.
  const viewing = user.is_operator ? tenants.find((t) => t.tenant_id === scope.tenantId) : undefined;

  const onDemoChange = (on: boolean) => {
    setDemoMode(on);
    const landing = on ? demoLandingAfterSwitchOn(location.pathname) : null;
    if (landing) void navigate(landing);
  };

  return (
    <AppBar position="sticky">
      {/* Below the md breakpoint the tabs move to a second row so none is cut off. */}
      <Toolbar
        variant="dense"
        sx={{
          minHeight: 56,
          gap: { xs: 1, md: 2 },
          px: { xs: 2, md: 3 },
          flexWrap: { xs: 'wrap', md: 'nowrap' },
        }}
      >
        <Box
          component={RouterLink}
          to={paths.home.getHref()}
          aria-label="Tidemark home"
          sx={{ color: 'text.primary', textDecoration: 'none', display: 'flex', mr: { xs: 0, md: 1 } }}
        >
          <BrandMark size={26} />
        </Box>

        <Box
          component="nav"
          aria-label={SHELL_COPY.mainNav}
          sx={{
            display: 'flex',
            alignSelf: 'stretch',
            gap: 0.5,
            overflowX: 'auto',
            flexShrink: 1,
            minWidth: 0,
            order: { xs: 10, md: 0 },
            flexBasis: { xs: '100%', md: 'auto' },
            minHeight: { xs: 44, md: 56 },
            ml: { xs: -1.5, md: 0 },
          }}
        >
          {isPending
            ? [56, 64, 56].map((w, i) => (
                <Skeleton key={i} variant="text" width={w} sx={{ alignSelf: 'center', mx: 1 }} />
              ))
            : tabs.map((tab) => (
                <Box
                  key={tab.to}
                  component={NavLink}
                  to={tab.to}
                  end={tab.end}
                  state={tab.state}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    px: 1.5,
                    fontSize: '0.875rem',
                    fontWeight: 500,
                    whiteSpace: 'nowrap',
                    color: 'text.secondary',
                    textDecoration: 'none',
                    borderBottom: '2px solid transparent',
                    '&:hover': { color: 'text.primary' },
                    '&.active': { color: 'primary.main', borderBottomColor: 'primary.main', fontWeight: 600 },
                    '&:focus-visible': {
                      outline: '2px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: -2,
                    },
                  }}
                >
                  {tab.label}
                </Box>
              ))}
        </Box>

        <Box sx={{ flex: 1, minHeight: 56 }} />

        {flags['global-filter'] && !demoMode && (
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            <GlobalFilterSelector canCreate={flags['create-global-filter']} />
          </Box>
        )}

        {viewing && (
          <Tooltip title={SHELL_COPY.changeCustomer}>
            <Chip
              component={RouterLink}
              to={paths.customers.getHref()}
              clickable
              icon={<StorefrontOutlinedIcon />}
              label={viewing.display_name}
              aria-label={SHELL_COPY.viewingCustomer(viewing.display_name)}
              variant="outlined"
              size="small"
              sx={{ maxWidth: 220 }}
            />
          </Tooltip>
        )}

        <FormControlLabel
          control={
            <Switch size="small" checked={demoMode} onChange={(_, checked) => onDemoChange(checked)} />
          }
          label={SHELL_COPY.demoSwitch}
          slotProps={{ typography: { variant: 'body2', sx: { fontWeight: 500, whiteSpace: 'nowrap' } } }}
          sx={{ mr: 0 }}
        />

        {user.is_north_star_enabled && (
          <Tooltip title={SHELL_COPY.northStar}>
            <IconButton
              component="a"
              href={env.northStarUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={SHELL_COPY.northStar}
              size="small"
            >
              <StarOutlineRoundedIcon />
            </IconButton>
          </Tooltip>
        )}

        <Tooltip title={SHELL_COPY.documentation}>
          <IconButton
            component={RouterLink}
            to={paths.docsApi.getHref()}
            aria-label={SHELL_COPY.documentation}
            size="small"
          >
            <MenuBookOutlinedIcon />
          </IconButton>
        </Tooltip>

        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
