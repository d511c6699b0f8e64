import { catalogueFor } from '@tidemark/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { isApiError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { useEffect } from 'react';
import { ERROR_COPY } from '../messages';
import { ErrorActions } from './error-actions';
import { NotFoundPage } from './not-found-page';

function describe(error: unknown): { title: string; message: string } | 'not-found' {
  if (isRouteErrorResponse(error) && error.status === 404) return 'not-found';
  if (isApiError(error) && error.status > 0) return catalogueFor(error.status);
  if (isRouteErrorResponse(error)) return catalogueFor(error.status);
  return ERROR_COPY.unexpected;
}

/** The router's error boundary: an unknown route, a failed loader or a crash while rendering. */
export function RouteErrorPage({ fullPage = true }: { fullPage?: boolean }) {
  const error = useRouteError();
  const described = describe(error);
  // A crash or a server failure is reported; an unknown page or a 4xx answer is the user's path, not a fault.
  const reportable =
    !isRouteErrorResponse(error) && !(isApiError(error) && error.status > 0 && error.status < 500);
  useEffect(() => {
    if (reportable) reportError(error);
  }, [error, reportable]);
  if (described === 'not-found') return <NotFoundPage fullPage={fullPage} />;
  return (
    <StatusScreen
      fullPage={fullPage}
      title={described.title}
      message={described.message}
      actions={<ErrorActions hardReset />}
    />
  );
}

/** Inside the app shell, so the top bar stays usable around the error. */
export function ShellRouteErrorPage() {
  return <RouteErrorPage fullPage={false} />;
}
