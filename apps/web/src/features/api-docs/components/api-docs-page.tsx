import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { API_DOCS_COPY, OPENAPI_URL } from '../messages';
import { ApiReference } from './api-reference';

/** The generated document is not a contract route (it describes them all), so it is fetched as is. */
async function fetchOpenApi(signal: AbortSignal): Promise<Record<string, unknown>> {
  const res = await fetch(OPENAPI_URL, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** /docs/api (spec 1 §2): the interactive reference of the latest API document. */
export function ApiDocsPage() {
  const spec = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => fetchOpenApi(signal),
    staleTime: Infinity,
  });

  return (
    <Box>
      <PageHeader
        title={API_DOCS_COPY.title}
        subtitle={API_DOCS_COPY.subtitle}
        actions={
          <Button variant="outlined" component={RouterLink} to={paths.preferences.getHref('api_keys')}>
            {API_DOCS_COPY.keysLink}
          </Button>
        }
      />
      {spec.isPending ? (
        <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true" aria-label={API_DOCS_COPY.loading}>
          <Stack direction="row" spacing={4}>
            <Stack spacing={1.25} sx={{ width: 220, display: { xs: 'none', md: 'flex' } }}>
              {Array.from({ length: 10 }, (_, i) => (
                <Skeleton key={i} variant="text" width={`${60 + ((i * 17) % 35)}%`} />
              ))}
            </Stack>
            <Stack spacing={1.5} sx={{ flex: 1 }}>
              <Skeleton variant="text" width="40%" height={40} />
              <Skeleton variant="text" width="80%" />
              <Skeleton variant="text" width="70%" />
              <Skeleton variant="rounded" height={160} />
              <Skeleton variant="rounded" height={120} />
            </Stack>
          </Stack>
        </Paper>
      ) : spec.isError ? (
        <ErrorState
          title={API_DOCS_COPY.loadError}
          message={API_DOCS_COPY.loadErrorBody}
          onRetry={() => void spec.refetch()}
          retryLabel={API_DOCS_COPY.retry}
        />
      ) : (
        <Paper variant="outlined">
          <ApiReference document={spec.data} />
        </Paper>
      )}
    </Box>
  );
}
