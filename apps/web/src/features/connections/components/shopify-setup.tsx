import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { resumeConnection } from '../api/connections';
import { followRedirect } from '../utils/redirect';
import { TalkToUsButton } from './talk-to-us';

const ERRORS: Record<string, string> = {
  invalid_hmac: 'Shopify’s answer could not be verified. Please try the install again.',
  shop_mismatch: 'Shopify answered for a different store than the one you connected. Please try again.',
  access_denied: 'The app was not installed. Please try again and approve the install.',
};

/** Shopify: after an install that came back with an error, the way to try again (a resume, which starts anew). */
export function ShopifySetup({ datasourceId, error }: { datasourceId: string; error: string | null }) {
  const scope = useTenantScope();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      const answer = await resumeConnection(scope, datasourceId);
      followRedirect(answer.redirect, (path) => void navigate(path));
    } catch (e) {
      setFailure(isApiError(e) ? (e.serverMessage ?? e.message) : String(e));
      setBusy(false);
    }
  }
  return (
    <OnboardingFrame
      step={1}
      title="Connect Shopify"
      actions={
        <>
          <TalkToUsButton />
          <Button variant="contained" disabled={busy} onClick={() => void retry()}>
            Install the app
          </Button>
        </>
      }
    >
      {(error || failure) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure ?? ERRORS[error ?? ''] ?? `The install did not finish (${error}).`}
        </Alert>
      )}
      {!error &&
        !failure &&
        'Install the Tidemark app on your store: Shopify asks you to approve it, then brings you back here.'}
    </OnboardingFrame>
  );
}
