import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { EVENTS_COPY } from '../messages';

/** A group that answers 404: the not-found page with resource type Group, Go Back and Start Over. */
export function GroupNotFound() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      code="404"
      title={EVENTS_COPY.errors.notFound.title}
      message={EVENTS_COPY.errors.notFound.message}
      actions={
        <>
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {EVENTS_COPY.errors.goBack}
          </Button>
          <Button variant="contained" onClick={() => void navigate(paths.home.path)}>
            {EVENTS_COPY.errors.startOver}
          </Button>
        </>
      }
    />
  );
}

/** Any other failure of a card or panel: the spec's card error, with a retry. */
export function CardError({ onRetry, title }: { onRetry?: () => void; title?: string }) {
  return (
    <ErrorState
      title={title ?? EVENTS_COPY.errors.cardErrorTitle}
      message={EVENTS_COPY.errors.cardError}
      onRetry={onRetry}
      retryLabel={EVENTS_COPY.retry}
    />
  );
}
