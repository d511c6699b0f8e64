import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { SYNC_MESSAGES, SYNC_MESSAGE_ROTATION_MS, type Extraction } from '@tidemark/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { paths, withQuery } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useTenantScope } from '@/session';
import { startSync, useExtractions } from '../api/extractions';
import { CONNECTIONS_COPY } from '../messages';
import { TalkToUsButton } from './talk-to-us';

export interface SyncScreenProps {
  datasourceId: string;
  ongoingExtraction: boolean;
  forced: boolean;
  /** Called instead of going to configure-metrics (the transform path replicates a template's setup). */
  onReady?: (extractionJobId: string) => Promise<void> | void;
}

const READY = new Set(['READY', 'SUCCESSFUL']);

/**
 * Step 2's wait (spec 1 §4): starts a sync when asked (forced, none ongoing), polls the extractions every
 * 5 s and moves on to configure-metrics with the first ready one; messages rotate every 3 s meanwhile.
 */
export function SyncScreen({ datasourceId, ongoingExtraction, forced, onReady }: SyncScreenProps) {
  const scope = useTenantScope();
  const navigate = useNavigate();
  const [message, setMessage] = useState(0);
  const [started, setStarted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const triggered = useRef(false);
  const needsSync = forced && !ongoingExtraction;
  const waiting = !error && (!needsSync || started !== null);
  const extractions = useExtractions(datasourceId, waiting);

  useEffect(() => {
    const timer = setInterval(
      () => setMessage((m) => (m + 1) % SYNC_MESSAGES.length),
      SYNC_MESSAGE_ROTATION_MS,
    );
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!needsSync || triggered.current) return;
    triggered.current = true;
    startSync(scope, datasourceId).then(
      (r) => setStarted(r.extraction_job_id),
      (e: unknown) => setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e)),
    );
  }, [needsSync, scope, datasourceId]);

  // After a forced sync, only the job that sync started counts (an older ready one is stale).
  const relevant: Extraction[] = (extractions.data ?? []).filter(
    (x) => !needsSync || (started !== null && x.extraction_job_id === started),
  );
  const ready = relevant.find((x) => READY.has(x.status));
  const failed = relevant.find((x) => x.status === 'FAILED' || x.status === 'CANCELLED');
  const latestFailed = !ready && failed && relevant[0] === failed ? failed : null;

  useEffect(() => {
    if (!ready) return;
    if (onReady) {
      Promise.resolve(onReady(ready.extraction_job_id)).catch((e: unknown) =>
        setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e)),
      );
      return;
    }
    void navigate(
      withQuery(paths.onboarding.configureMetrics.path, {
        extraction_job_id: ready.extraction_job_id,
        id: datasourceId,
      }),
      { replace: true },
    );
  }, [ready, onReady, navigate, datasourceId]);

  // An unknown or deleted id never gets an extraction: say so rather than wait for one.
  const missing =
    isApiError(extractions.error) && extractions.error.status === 404 ? extractions.error : null;
  const failure = error ?? missing?.serverMessage ?? missing?.message ?? latestFailed?.message ?? null;
  return (
    <OnboardingFrame
      step={1}
      title={CONNECTIONS_COPY.syncTitle}
      actions={failure ? <TalkToUsButton /> : undefined}
    >
      {failure ? (
        <Alert severity="error">
          <Typography sx={{ fontWeight: 600 }}>
            {missing && !error ? CONNECTIONS_COPY.syncNotFound : CONNECTIONS_COPY.syncFailed}
          </Typography>
          {failure}
        </Alert>
      ) : (
        <Box
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}
          role="status"
        >
          <CircularProgress aria-label="Syncing" />
          <Typography aria-live="polite">{SYNC_MESSAGES[message]}…</Typography>
        </Box>
      )}
    </OnboardingFrame>
  );
}
