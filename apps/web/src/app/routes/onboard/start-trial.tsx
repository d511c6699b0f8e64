import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { StartTrialCard } from '@/features/onboard';
import { useCurrentUser } from '@/session';

export function Component() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return <StartTrialCard shop={user.shopify_shop_name} onLater={() => void navigate(paths.home.path)} />;
}
