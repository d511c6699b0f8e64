import type { User } from '@tidemark/contract';
import { useSearchParams } from 'react-router';
import { useDemoMode } from './demo-mode';
import { useSelectedCustomer } from './selected-customer';
import { useCurrentUser, useTenants } from './session-context';

/**
 * Which workspace tenant-scoped calls read (spec 1 §2, Startup behaviour): a normal user always
 * reads their own; an operator reads the `tenant_id` URL parameter, else the customer stored by
 * the picker, else none yet (the guard then sends them to /customers).
 */
export function resolveTenantId(input: {
  user: Pick<User, 'is_operator' | 'tenant_id'>;
  urlTenantId: string | null;
  selectedCustomer: number | null;
}): number | null {
  if (!input.user.is_operator) return input.user.tenant_id;
  const fromUrl = Number(input.urlTenantId);
  if (input.urlTenantId && Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  return input.selectedCustomer;
}

export interface TenantScope {
  tenantId: number | null;
  isDemo: boolean;
}

export function useTenantScope(): TenantScope {
  const user = useCurrentUser();
  const [searchParams] = useSearchParams();
  const [selectedCustomer] = useSelectedCustomer();
  const [isDemo] = useDemoMode();
  return {
    tenantId: resolveTenantId({ user, urlTenantId: searchParams.get('tenant_id'), selectedCustomer }),
    isDemo,
  };
}

/** Calls wait until an operator has picked a workspace (or demo mode is on). */
export const scopeReady = (scope: TenantScope) => scope.tenantId !== null || scope.isDemo;

/** The query every tenant-scoped call carries. */
export function tenantQuery(scope: TenantScope): { tenant_id?: number; is_demo?: 'true' } {
  return {
    ...(scope.tenantId !== null ? { tenant_id: scope.tenantId } : {}),
    ...(scope.isDemo ? { is_demo: 'true' as const } : {}),
  };
}

/** The name of the workspace calls read, for messages that name it (mails to support). */
export function useWorkspaceName(fallback = 'my workspace'): string {
  const scope = useTenantScope();
  const tenants = useTenants();
  return tenants.find((t) => t.tenant_id === scope.tenantId)?.display_name ?? fallback;
}
