import { StatusScreen } from '@/components/status-screen';
import { ERROR_COPY } from '../messages';
import { ErrorActions } from './error-actions';

export interface NotFoundPageProps {
  /** Inside the app shell the page has no full-viewport background of its own. */
  fullPage?: boolean;
}

export function NotFoundPage({ fullPage = true }: NotFoundPageProps) {
  const { code, title, message } = ERROR_COPY.notFound;
  return (
    <StatusScreen
      fullPage={fullPage}
      code={code}
      title={title}
      message={message}
      actions={<ErrorActions />}
    />
  );
}
