import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { DocumentTitle } from '@/components/page-header';
import { paths, withQuery } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import type { AppliedFilter, TenantScope } from '@/session';
import { FRESH_TOKEN_MESSAGE, tokenFromHash } from '../api/explorer-token';
import { useExplorerUrl } from '../api/generate-url';
import { EXPLORER_COPY } from '../messages';

export interface ExplorerFrameProps {
  scope: TenantScope;
  filter: AppliedFilter | null;
  /** A saved exploration to open (the `view` of a shared link). */
  viewId: string | null;
}

/**
 * /explorer (spec 1 §2): embeds the explorer page at the URL the server signs. A 404 means the workspace
 * has no metrics yet: 'No Data Cubes configured' (spec 1 §8). Only the path, query and fragment of the
 * URL are used, so the frame is always this origin's page whatever PUBLIC_URL says. Fresh URLs fetched
 * later hand their token to the open page instead of reloading it, so the exploration on screen stays.
 */
export function ExplorerFrame({ scope, filter, viewId }: ExplorerFrameProps) {
  const url = useExplorerUrl(scope, filter);
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const filterKey = `${scope.tenantId}|${scope.isDemo}|${filter?.dim_name}|${filter?.dim_val}`;
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    const answer = url.data?.data_explorer_url;
    if (!answer) return;
    const target = new URL(answer, window.location.origin);
    if (loadedFor.current !== filterKey) {
      // A new workspace or filter opens a new page; the same one only gets the fresh token.
      loadedFor.current = filterKey;
      setSrc(withQuery(paths.embedExplorer.path, { view: viewId }) + target.hash);
      return;
    }
    const token = tokenFromHash(target.hash);
    frame.current?.contentWindow?.postMessage({ type: FRESH_TOKEN_MESSAGE, token }, window.location.origin);
  }, [url.data, filterKey, viewId]);

  if (url.isError) {
    if (isApiError(url.error) && url.error.status === 404) return <NoDataCubes />;
    return (
      <ErrorState
        title={EXPLORER_COPY.loadFailed}
        message={url.error.message}
        onRetry={() => void url.refetch()}
        retryLabel={EXPLORER_COPY.retry}
      />
    );
  }
  return (
    <Box>
      <DocumentTitle title={EXPLORER_COPY.title} />
      {src ? (
        <Box
          component="iframe"
          ref={frame}
          src={src}
          title={EXPLORER_COPY.frameTitle}
          sx={{
            display: 'block',
            width: '100%',
            height: 'calc(100vh - 140px)',
            minHeight: 600,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
          }}
        />
      ) : (
        <Skeleton
          variant="rounded"
          aria-label="Loading the explorer"
          sx={{ width: '100%', height: 'calc(100vh - 140px)', minHeight: 600 }}
        />
      )}
    </Box>
  );
}

function NoDataCubes() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 } }}>
      <DocumentTitle title={EXPLORER_COPY.title} />
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <StorageOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h3" component="h1">
          {EXPLORER_COPY.noDataCubes}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 480 }}>
          {EXPLORER_COPY.noDataCubesHint}
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.onboarding.selectDatasources.path}>
          + Add Data Source
        </Button>
      </Stack>
    </Paper>
  );
}
