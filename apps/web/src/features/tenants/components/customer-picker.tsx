import type { TenantSummary } from '@tidemark/contract';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { DocumentTitle } from '@/components/page-header';
import { paths, safeInternalPath } from '@/config/paths';
import { firstNameOf, useSelectedCustomer, useSession } from '@/session';
import { TENANTS_COPY } from '../messages';

/** The all-customers tenant is shown as 'All' and listed first (spec 1 §2, Customer picker). */
export function orderCustomers(tenants: readonly TenantSummary[]): TenantSummary[] {
  return [...tenants.filter((t) => t.is_all_customers), ...tenants.filter((t) => !t.is_all_customers)];
}

export function customerLabel(tenant: TenantSummary): string {
  return tenant.is_all_customers ? TENANTS_COPY.allCustomers : tenant.display_name;
}

/** Back to where the operator came from, without a tenant_id that would override the new choice. */
function returnTarget(state: unknown): string {
  const from =
    state && typeof state === 'object' && 'from' in state && typeof state.from === 'string'
      ? safeInternalPath(state.from)
      : null;
  if (!from || from.startsWith(paths.customers.path)) return paths.home.getHref();
  const url = new URL(from, 'http://x');
  url.searchParams.delete('tenant_id');
  return `${url.pathname}${url.search}${url.hash}`;
}

export function CustomerPicker() {
  const { user, tenants } = useSession();
  const [current, selectCustomer] = useSelectedCustomer();
  const [choice, setChoice] = useState('');
  const [switching, setSwitching] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const labelId = useId();

  const customers = orderCustomers(tenants);
  const currentTenant = customers.find((t) => t.tenant_id === current);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice || switching) return;
    setSwitching(true);
    selectCustomer(Number(choice));
    await navigate(returnTarget(location.state), { replace: true });
  };

  return (
    <Stack component="main" sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 480 }}>
        <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate>
          <DocumentTitle title={TENANTS_COPY.documentTitle} />
          <BrandMark />
          <Stack spacing={1}>
            <Typography variant="h1" sx={{ fontSize: '1.625rem' }}>
              {TENANTS_COPY.greeting(firstNameOf(user, TENANTS_COPY.greetingFallback))}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{TENANTS_COPY.question}</Typography>
          </Stack>
          <FormControl fullWidth disabled={switching}>
            <InputLabel id={labelId}>{TENANTS_COPY.customerLabel}</InputLabel>
            <Select
              labelId={labelId}
              label={TENANTS_COPY.customerLabel}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
            >
              {customers.map((t) => (
                <MenuItem key={t.tenant_id} value={String(t.tenant_id)}>
                  {customerLabel(t)}
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>
              {customers.length === 0
                ? TENANTS_COPY.noCustomers
                : currentTenant
                  ? TENANTS_COPY.currentlyViewing(customerLabel(currentTenant))
                  : ' '}
            </FormHelperText>
          </FormControl>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!choice || switching}
            aria-busy={switching}
            endIcon={
              switching ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ArrowForwardIcon />
            }
          >
            {TENANTS_COPY.submit}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
