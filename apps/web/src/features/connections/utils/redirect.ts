import type { Redirect } from '@tidemark/contract';
import { safeInternalPath } from '@/config/paths';

/**
 * Follows a create or resume answer: an in-app path through the router, or the outside authorisation URI
 * (Shopify's install page) in the window. In-app paths pass the one safe-path judge first.
 */
export function followRedirect(redirect: Redirect, navigate: (path: string) => void): void {
  if (redirect.self) {
    const path = safeInternalPath(redirect.path);
    if (path) navigate(path);
    return;
  }
  if (redirect.uri && /^https?:\/\//.test(redirect.uri)) window.location.assign(redirect.uri);
}
