import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { JoinWorkspaceCard } from '@/features/onboard';
import { useCurrentUser } from '@/session';

export function Component() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toPersona = useCallback(
    () => void navigate(paths.onboard.userPersona.path, { replace: true }),
    [navigate],
  );
  return (
    <JoinWorkspaceCard
      workspace={{ tenantId: user.tenant_id, tenantUuid: user.tenant_uuid }}
      userEmail={user.email}
      onJoined={() => navigate(paths.onboard.userPersona.path)}
      onFounder={toPersona}
    />
  );
}
