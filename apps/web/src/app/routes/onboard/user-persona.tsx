import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { verifyQueryKey } from '@/features/auth';
import { PersonaForm } from '@/features/onboard';
import { useCurrentUser } from '@/session';

export function Component() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <PersonaForm
      userUuid={user.user_uuid}
      onSubmitted={async () => {
        // Onboarding is over once verify says so; only then does / stop sending the user back here.
        await queryClient.refetchQueries({ queryKey: verifyQueryKey });
        await navigate(paths.home.path, { replace: true });
      }}
    />
  );
}
