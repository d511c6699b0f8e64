import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Severity } from '@tidemark/contract';
import { DATE_FORMATS, formatShownDate } from '@tidemark/format';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTitle } from '@/components/page-header';
import { DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { CardNotFound } from '../card-states';
import { SEVERITY_KEY } from '../severity';

/** The meta line over a group's or an insight's title: severity, direction, kind, time, and extra chips. */
export function DetailMeta({
  severity,
  positive,
  up,
  kind,
  ts,
  tz,
  children,
}: {
  severity: Severity;
  positive: boolean;
  up: boolean;
  kind: string;
  ts: string;
  tz?: string | null | undefined;
  children?: ReactNode;
}) {
  const Trend = up ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.75, mb: 1.5 }}>
      <Chip
        size="small"
        label={severity}
        sx={(t) => ({ bgcolor: t.palette.severity[SEVERITY_KEY[severity]], color: '#fff', fontWeight: 600 })}
      />
      <Box
        component="span"
        role="img"
        sx={{ display: 'inline-flex', color: positive ? 'success.main' : 'error.main' }}
        aria-label={positive ? 'Positive' : 'Negative'}
      >
        <Trend fontSize="small" />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {kind} · <time dateTime={ts}>{formatShownDate(ts, { tz, format: DATE_FORMATS.dateTime })}</time>
      </Typography>
      {children}
    </Stack>
  );
}

export function BackToFeed() {
  return (
    <Button
      component={RouterLink}
      to={paths.feed.getHref()}
      startIcon={<ArrowBackIcon />}
      size="small"
      sx={{ mb: 1.5, ml: -1 }}
    >
      {DETAIL_COPY.backToFeed}
    </Button>
  );
}

/** Ids are numeric on the wire (the contract's IdSchema). */
export function isEntityId(id: string): boolean {
  return /^\d{1,18}$/.test(id);
}

export function DetailNotFound({ resource }: { resource: 'Insight' | 'Group' }) {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <DocumentTitle title={INSIGHTS_COPY.notFound(resource)} />
      <BackToFeed />
      <CardNotFound resource={resource} />
    </Box>
  );
}
