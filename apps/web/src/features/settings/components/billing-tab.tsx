import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BillingDetails, Plan } from '@tidemark/contract';
import { DATE_FORMATS, formatDate, formatNumber } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useDemoMode } from '@/session';
import { useCancelPlan } from '../api/cancel-plan';
import { useChangePlan } from '../api/change-plan';
import { useBillingDetails } from '../api/get-billing-details';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { BILLING_COPY, SETTINGS_SNACKBAR_MS } from '../stores-billing-messages';

const copy = BILLING_COPY;

/** Plan prices are in US dollars, whatever the store's own currency. */
export function planPrice(plan: Plan): string {
  if (plan.price === 0) return copy.free;
  return copy.price(
    `$${formatNumber(plan.price, plan.price % 1 ? 2 : 0)}`,
    copy.cycles[plan.billing_cycle] ?? '',
  );
}

/** The billing tab (spec 1 §3 Billing, §4): the plan and add-on, cancel and upgrade by their actions flags. */
export function BillingTab() {
  const [isDemo] = useDemoMode();
  const details = useBillingDetails();
  const [search] = useSearchParams();
  const checkout = search.get('checkout');
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h3" component="h2">
          {copy.heading}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {copy.intro}
        </Typography>
      </div>
      {checkout === 'success' && <Alert severity="success">{copy.checkoutDone}</Alert>}
      {checkout === 'cancelled' && <Alert severity="info">{copy.checkoutCancelled}</Alert>}
      {isDemo ? (
        <Alert severity="info">{copy.demo}</Alert>
      ) : details.isPending ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
      ) : details.isError ? (
        <ErrorState
          title={copy.loadError}
          message={details.error.message}
          onRetry={() => void details.refetch()}
          retryLabel={copy.retry}
        />
      ) : (
        <BillingBody details={details.data} />
      )}
    </Stack>
  );
}

function BillingBody({ details }: { details: BillingDetails }) {
  const { enqueueSnackbar } = useSnackbar();
  const cancel = useCancelPlan();
  const change = useChangePlan();
  const portal = useOpenBillingPortal();
  const [confirming, setConfirming] = useState<Plan | null>(null);
  // A purchase waits for the user to confirm its plan and price.
  const [buying, setBuying] = useState<Plan | null>(null);
  const current = details.current_plan;
  const busy = cancel.isPending || change.isPending || portal.isPending;

  const toast = (message: string, ok: boolean) =>
    enqueueSnackbar(message, { variant: ok ? 'success' : 'error', autoHideDuration: SETTINGS_SNACKBAR_MS });
  const failure = (error: unknown) => toast(isApiError(error) ? error.message : copy.failed, false);

  function confirmBuy() {
    const plan = buying;
    if (!plan) return;
    change.mutate(plan.plan_id, {
      onSuccess: (answer) => {
        if (answer.url) window.location.assign(answer.url);
        else toast(answer.message, answer.success);
      },
      onError: failure,
      onSettled: () => setBuying(null),
    });
  }

  function confirmCancel() {
    const plan = confirming;
    if (!plan) return;
    cancel.mutate(plan.plan_id, {
      onSuccess: (answer) => toast(answer.message, answer.success),
      onError: failure,
      onSettled: () => setConfirming(null),
    });
  }

  const nextPlan = details.plans.find((p) => p.price > current.price);
  return (
    <>
      {!details.stripe_configured && (
        <Alert severity="warning">{details.payments_notice ?? copy.notConfigured}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }} aria-label={copy.currentPlan} role="region">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              {copy.currentPlan}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h4" component="p" data-testid="current-plan">
                {current.name}
              </Typography>
              {current.is_top_plan && <Chip size="small" color="primary" label={copy.topPlan} />}
            </Stack>
            <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{planPrice(current)}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {current.description}
            </Typography>
            {details.trial_ends_at && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {copy.trialEnds(formatDate(details.trial_ends_at, { format: DATE_FORMATS.date }))}
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 1 }}>
              {copy.addOn}: {details.add_on_plan ? details.add_on_plan.name : copy.noAddOn}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {details.has_billing_portal && (
              <Button
                endIcon={<OpenInNewIcon />}
                disabled={busy}
                onClick={() =>
                  portal.mutate(undefined, {
                    onSuccess: (a) => (a.url ? window.location.assign(a.url) : toast(a.message, false)),
                    onError: failure,
                  })
                }
              >
                {copy.portal}
              </Button>
            )}
            {current.actions.cancel_plan && (
              <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirming(current)}>
                {copy.cancel}
              </Button>
            )}
            {/* Spec 1 §4: upgrade follows the plan's flag and stays visible, disabled, on the top plan. */}
            {(current.actions.upgrade_plan || current.is_top_plan) && (
              <Tooltip title={current.is_top_plan ? copy.upgradeDisabled : ''}>
                <span>
                  <Button
                    variant="contained"
                    disabled={busy || current.is_top_plan || !current.actions.upgrade_plan || !nextPlan}
                    onClick={() => nextPlan && setBuying(nextPlan)}
                  >
                    {nextPlan ? copy.upgradeTo(nextPlan.name) : copy.upgrade}
                  </Button>
                </span>
              </Tooltip>
            )}
          </Stack>
        </Stack>
      </Paper>

      <Typography variant="h5" component="h3">
        {copy.plansTitle}
      </Typography>
      <PlanGrid
        plans={details.plans}
        isActive={(p) => p.plan_id === current.plan_id}
        action={(p) =>
          p.price > current.price && !current.is_top_plan ? (
            <Button variant="outlined" disabled={busy} onClick={() => setBuying(p)}>
              {copy.upgradeTo(p.name)}
            </Button>
          ) : null
        }
      />

      <Typography variant="h5" component="h3">
        {copy.addOnsTitle}
      </Typography>
      <PlanGrid
        plans={details.add_ons}
        isActive={(p) => p.plan_id === details.add_on_plan?.plan_id}
        action={(p) =>
          p.plan_id === details.add_on_plan?.plan_id ? (
            <Button color="error" disabled={busy} onClick={() => setConfirming(p)}>
              {copy.cancelAddOn}
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => setBuying(p)}
              aria-label={`${copy.buy} ${p.name}`}
            >
              {copy.buy}
            </Button>
          )
        }
      />

      <Dialog open={buying !== null} onClose={() => !change.isPending && setBuying(null)}>
        <DialogTitle>{buying ? copy.confirmBuyTitle(buying) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {buying ? copy.confirmBuyBody(buying.name, planPrice(buying), details.stripe_configured) : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBuying(null)} disabled={change.isPending}>
            {copy.notNow}
          </Button>
          <Button variant="contained" onClick={confirmBuy} disabled={change.isPending}>
            {change.isPending ? copy.working : buying ? copy.confirmBuy(buying) : ''}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={confirming !== null} onClose={() => !cancel.isPending && setConfirming(null)}>
        <DialogTitle>{confirming ? copy.confirmCancelTitle(confirming.name) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirming ? copy.confirmCancelBody(confirming.name) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={cancel.isPending}>
            {copy.keep}
          </Button>
          <Button color="error" variant="contained" onClick={confirmCancel} disabled={cancel.isPending}>
            {cancel.isPending ? copy.working : copy.confirmCancel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function PlanGrid({
  plans,
  isActive,
  action,
}: {
  plans: Plan[];
  isActive: (p: Plan) => boolean;
  action: (p: Plan) => React.ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {plans.map((p) => (
        <Paper
          key={p.plan_id}
          variant="outlined"
          sx={{
            p: 2.5,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            borderColor: isActive(p) ? 'primary.main' : undefined,
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 700, flex: 1 }}>{p.name}</Typography>
            {isActive(p) && (
              <Chip size="small" color="primary" icon={<CheckCircleIcon />} label={copy.active} />
            )}
          </Stack>
          <Typography sx={{ fontWeight: 600 }}>{planPrice(p)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
            {p.description}
          </Typography>
          <Box>{action(p)}</Box>
        </Paper>
      ))}
    </Box>
  );
}
