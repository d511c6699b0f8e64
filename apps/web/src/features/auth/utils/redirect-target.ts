import { paths, safeInternalPath } from '@/config/paths';

/**
 * Where a user lands after signing in (spec 1 §2, Public routes): the page they were sent away
 * from, then a docs redirect (`redirect=docs` with `location`), else the home page.
 */
export function loginRedirectTarget(input: {
  from: string | null | undefined;
  redirect: string | null;
  location: string | null;
}): string {
  const from = safeInternalPath(input.from);
  if (from && !isAuthPage(from)) return from;
  if (input.redirect === 'docs') {
    const location = safeInternalPath(input.location);
    return location && location.startsWith(paths.docsApi.path) ? location : paths.docsApi.getHref();
  }
  return paths.home.getHref();
}

function isAuthPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  return pathname === paths.login.path || pathname === paths.signup.path;
}
