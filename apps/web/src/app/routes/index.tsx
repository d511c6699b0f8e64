import { Navigate, useLocation } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { paths } from '@/config/paths';
import { useFlags } from '@/features/flags';
import { useCurrentUser, useDemoMode } from '@/session';
import { indexTarget, isExplicitHome } from '../guards/redirect-rules';
import { HomePage } from './home-page';

/** "/": the index redirect, or the home page (see indexTarget for how the two relate). */
export function Component() {
  const user = useCurrentUser();
  const [demoMode] = useDemoMode();
  const { flags, isPending } = useFlags();
  const location = useLocation();

  if (isPending) return <PageSkeleton />;

  const target = indexTarget({
    isDesignPartner: user.is_design_partner,
    demoMode,
    flags,
    explicitHome: isExplicitHome(location.state),
  });
  // Operators may be viewing a customer through the URL; keep it across the redirect.
  if (target === 'events') return <Navigate to={`${paths.events.path}${location.search}`} replace />;
  if (target === 'feed') return <Navigate to={`${paths.feed.path}${location.search}`} replace />;
  return <HomePage />;
}
