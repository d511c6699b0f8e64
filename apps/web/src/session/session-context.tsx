import type { TenantSummary, User, VerifyResponse } from '@tidemark/contract';
import { createContext, use, type ReactNode } from 'react';

/**
 * The signed-in user and their workspaces, provided by the guarded root once `auth/verify`
 * answers. Screens below the guard read it from here instead of calling verify themselves.
 */

const SessionContext = createContext<VerifyResponse | null>(null);

export interface SessionProviderProps {
  value: VerifyResponse;
  children: ReactNode;
}

export function SessionProvider({ value, children }: SessionProviderProps) {
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): VerifyResponse {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used below the guarded root');
  return session;
}

export function useCurrentUser(): User {
  return useSession().user;
}

export function useTenants(): TenantSummary[] {
  return useSession().tenants;
}

/** The user's display first name, as the customer picker greets them. */
export function firstNameOf(user: Pick<User, 'given_name'>, fallback: string): string {
  const name = user.given_name?.trim().split(/\s+/)[0];
  return name || fallback;
}
