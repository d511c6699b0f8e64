import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { DocumentTitle } from '@/components/page-header';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useBuyAddOn } from '../api/buy-add-on';
import { useAddOns } from '../api/get-add-ons';
import { ONBOARD_COPY } from '../messages';

const COPY = ONBOARD_COPY.stripeAddOn;

export interface StripeAddOnCardProps {
  tenantId: number;
  email: string;
  /** `?checkout=` when Stripe sent the user back. */
  checkout: string | null;
  onContinue: () => void;
}

/** stripe_add_on: the add-ons with a purchase button each, paid through Stripe Checkout when configured. */
export function StripeAddOnCard({ tenantId, email, checkout, onContinue }: StripeAddOnCardProps) {
  const details = useAddOns(tenantId);
  const buy = useBuyAddOn(tenantId);
  const { enqueueSnackbar } = useSnackbar();

  function purchase(plan: string) {
    buy.mutate(plan, {
      onSuccess: (answer) => {
        if (answer.url) window.location.assign(answer.url);
        else enqueueSnackbar(answer.message, { variant: 'success', autoHideDuration: 2000 });
      },
      onError: (error) =>
        enqueueSnackbar(isApiError(error) ? error.message : COPY.failed, {
          variant: 'error',
          autoHideDuration: 2000,
        }),
    });
  }

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <DocumentTitle title={COPY.title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h3" component="h1">
          {COPY.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {COPY.subtitle}
        </Typography>
        <Stack spacing={2} sx={{ mt: 3 }}>
          {checkout === 'success' && <Alert severity="success">{COPY.paid}</Alert>}
          {checkout === 'cancelled' && <Alert severity="info">{COPY.cancelled}</Alert>}
          {details.data && !details.data.stripe_configured && (
            <Alert severity="warning">{details.data.payments_notice ?? COPY.notConfigured}</Alert>
          )}
          {details.isPending ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Skeleton variant="rounded" height={180} />
              <Skeleton variant="rounded" height={180} />
            </Box>
          ) : details.isError ? (
            <ErrorState
              title={COPY.loadFailed}
              message={details.error.message}
              onRetry={() => void details.refetch()}
            />
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {details.data.add_ons.slice(0, 2).map((addOn) => {
                const owned = details.data.add_on_plan?.plan_id === addOn.plan_id;
                return (
                  <Paper
                    key={addOn.plan_id}
                    variant="outlined"
                    sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
                  >
                    <Typography sx={{ fontWeight: 700 }}>{addOn.name}</Typography>
                    <Typography sx={{ fontWeight: 600 }}>{COPY.price(addOn.price)}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
                      {addOn.description}
                    </Typography>
                    {owned ? (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'success.main' }}>
                        <CheckCircleIcon fontSize="small" />
                        <Typography variant="body2">{COPY.owned}</Typography>
                      </Stack>
                    ) : (
                      <Button
                        variant="contained"
                        disabled={buy.isPending}
                        onClick={() => purchase(addOn.plan_id)}
                        data-tenant-id={tenantId}
                        data-email={email}
                      >
                        {COPY.buy(addOn.name)}
                      </Button>
                    )}
                  </Paper>
                );
              })}
            </Box>
          )}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 4 }}>
          <Button size="large" onClick={onContinue}>
            {COPY.continue}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
