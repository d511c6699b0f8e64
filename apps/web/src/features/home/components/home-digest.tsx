import type { DataScope } from '@/session';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { catalogueFor, type TenantInfo } from '@tidemark/contract';
import { formatRelative, formatShownDate } from '@tidemark/format';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { paths, type QueryInput } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useHomeDigest } from '../api/get-home-digest';
import { HOME_COPY } from '../messages';
import { EventsDigest } from './events-digest';
import { MoversCard } from './movers-card';
import { NorthStarCard } from './north-star-card';
import { OpenItems } from './open-items';

export interface HomeDigestProps {
  scope: DataScope;
  /** The workspace's settings and last digest times (tenant info); undefined while loading. */
  info?: TenantInfo | undefined;
  /** tenant_id, dim_name and dim_val carried by the links. */
  linkQuery?: QueryInput;
}

function LastDigests({ info }: { info: TenantInfo | undefined }) {
  const when = (ts: string | null | undefined) =>
    ts ? `${formatShownDate(ts, { tz: info?.timezone })} (${formatRelative(ts)})` : HOME_COPY.digestNever;
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label={HOME_COPY.lastDigests}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {HOME_COPY.lastDigests}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {(['day', 'month', 'quarter'] as const).map((p) => (
          <Box key={p} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {HOME_COPY.periods[p]}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`last-digest-${p}`}>
              {info ? when(info.last_digest_ts[p]) : <Skeleton width={120} />}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function DigestSkeleton() {
  return (
    <Box
      aria-busy="true"
      aria-label={HOME_COPY.loading}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}
    >
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={360} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    </Box>
  );
}

/** The home page (/): the workspace's digest. */
export function HomeDigest({ scope, info, linkQuery = {} }: HomeDigestProps) {
  const digest = useHomeDigest(scope);
  const symbol = info?.currency_symbol;
  const tz = info?.timezone;
  let body;
  if (digest.isPending) body = <DigestSkeleton />;
  else if (digest.isError)
    body = (
      <ErrorState
        {...catalogueFor(isApiError(digest.error) ? digest.error.status : 500, 'digest')}
        onRetry={() => void digest.refetch()}
      />
    );
  else if (!digest.data.has_metrics)
    body = (
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {HOME_COPY.emptyTitle}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 560, mx: 'auto', mb: 3 }}>
            {HOME_COPY.emptyBody}
          </Typography>
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.onboarding.selectDatasources.getHref()}
          >
            {HOME_COPY.addDataSource}
          </Button>
        </Paper>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <EventsDigest events={digest.data.events} timezone={tz} linkQuery={linkQuery} />
          <LastDigests info={info} />
        </Box>
      </Stack>
    );
  else
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <NorthStarCard northStar={digest.data.north_star} currencySymbol={symbol} timezone={tz} />
          <MoversCard
            periods={digest.data.periods}
            currencySymbol={symbol}
            timezone={tz}
            linkQuery={linkQuery}
          />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <OpenItems items={digest.data.items} linkQuery={linkQuery} />
          <EventsDigest events={digest.data.events} timezone={tz} linkQuery={linkQuery} />
          <LastDigests info={info} />
        </Stack>
      </Box>
    );
  return (
    <Box>
      <PageHeader title={HOME_COPY.title} subtitle={HOME_COPY.subtitle} />
      {body}
    </Box>
  );
}
