import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useDemoMode, useTenants, useTenantScope } from '@/session';
import { STORES_COPY } from '../stores-billing-messages';
import { StoreSettings } from './store-settings';

const copy = STORES_COPY;

/**
 * The stores tab (spec 1 §2): the stores this user may set up, and the selected one's settings. The
 * selection is `?store=<org uuid>`, so a reload keeps it; Back clears it.
 */
export function StoresTab() {
  const [isDemo] = useDemoMode();
  const scope = useTenantScope();
  const tenants = useTenants();
  const [search, setSearch] = useSearchParams();
  // A store is a workspace; settings are read and written for the workspace the session is scoped to.
  const stores = tenants.filter((t) => t.tenant_id === scope.tenantId && !t.is_all_customers);
  const selected = stores.find((s) => s.tenant_uuid === search.get('store')) ?? null;

  function select(orgUuid: string | null) {
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (orgUuid) next.set('store', orgUuid);
      else next.delete('store');
      return next;
    });
  }

  if (isDemo) return <Alert severity="info">{copy.demo}</Alert>;
  if (selected) {
    return (
      <StoreSettings
        orgUuid={selected.tenant_uuid}
        name={selected.display_name}
        onBack={() => select(null)}
      />
    );
  }
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h3" component="h2">
          {copy.heading}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}>
          {copy.intro}
        </Typography>
      </div>
      {stores.length === 0 ? (
        <Alert severity="info">{copy.none}</Alert>
      ) : (
        <Paper variant="outlined">
          <List aria-label={copy.listLabel} disablePadding>
            {stores.map((store) => (
              <ListItemButton
                key={store.tenant_uuid}
                onClick={() => select(store.tenant_uuid)}
                aria-label={`${copy.open}: ${store.display_name}`}
              >
                <ListItemIcon>
                  <StorefrontOutlinedIcon />
                </ListItemIcon>
                <ListItemText
                  primary={store.display_name}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <ChevronRightIcon sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
