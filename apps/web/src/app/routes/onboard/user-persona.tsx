import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { verifyQueryKey } from '@/features/auth';
import { PersonaForm } from '@/features/onboard';
import { useCurrentUser } from '@/session';
import { REFRESH_SESSION } from './refresh-session';

export function Component() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <PersonaForm
      userUuid={user.user_uuid}
      onSubmitted={async () => {
        // A merchant who signed up from their store goes on to install its app; everyone else goes home.
        // That step refreshes the session once it is shown: refreshed here, the guard could still see this
        // page (the router renders the new one in a transition) and send the user home instead.
        if (user.shopify_shop_name) {
          await navigate(paths.onboard.appInstallation.path, { replace: true, state: REFRESH_SESSION });
          return;
        }
        // Onboarding is over once verify says so; only then does / stop sending the user back here.
        await queryClient.refetchQueries({ queryKey: verifyQueryKey });
        await navigate(paths.home.path, { replace: true });
      }}
    />
  );
}
