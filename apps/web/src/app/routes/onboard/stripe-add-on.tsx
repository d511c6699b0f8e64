import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { StripeAddOnCard } from '@/features/onboard';
import { useCurrentUser } from '@/session';

/** /onboard/stripe_add_on: the add-ons step; Stripe Checkout returns here with `?checkout=`. */
export function Component() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <StripeAddOnCard
      tenantId={user.tenant_id}
      email={user.email}
      checkout={search.get('checkout')}
      onContinue={() => void navigate(paths.home.path)}
    />
  );
}
