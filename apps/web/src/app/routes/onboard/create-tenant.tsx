import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { verifyQueryKey } from '@/features/auth';
import { CreateTenantForm } from '@/features/onboard';
import { useSession } from '@/session';

export function Component() {
  const { user, tenants } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = tenants.find((t) => t.tenant_id === user.tenant_id);
  return (
    <CreateTenantForm
      workspace={{ tenantId: user.tenant_id, tenantUuid: user.tenant_uuid }}
      initialName={current?.display_name ?? ''}
      onCreated={async () => {
        // The workspace is now set up: the guard must see it before the next step, or it sends the user back.
        // Its founder has no team to join, so the persona question comes next.
        await queryClient.refetchQueries({ queryKey: verifyQueryKey });
        await navigate(paths.onboard.userPersona.path);
      }}
    />
  );
}
