import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportHealth, ReportProvider } from '@tidemark/contract';
import { formatDuration } from '@tidemark/format';
import { REPORTS_COPY } from '../messages';

export const HEALTH_COLOR: Record<ReportHealth, 'error' | 'warning' | 'info' | 'success'> = {
  down: 'error',
  degraded: 'warning',
  maintenance: 'info',
  healthy: 'success',
};

/**
 * Spec 2 §9: a card spans 8 to 30 rows of the report grid; with 10 px rows, 80 to 300 px. A longer list of
 * checks scrolls inside the card rather than clipping.
 */
export const CARD_HEIGHT = { min: 80, max: 300 } as const;

export interface ProviderCardProps {
  provider: ReportProvider;
  /** The events page filtered to this provider (and a check of it). */
  hrefOf: (check?: string) => string;
  onOpen: (href: string) => void;
}

function HealthDot({ health }: { health: ReportHealth }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 8,
        height: 8,
        borderRadius: '50%',
        bgcolor: `${HEALTH_COLOR[health]}.main`,
        flexShrink: 0,
      }}
    />
  );
}

/** One provider's health over the period with its checks; the card and each check open the events page. */
export function ProviderCard({ provider, hrefOf, onOpen }: ProviderCardProps) {
  const href = hrefOf();
  const initials = provider.provider_display_name.slice(0, 2).toUpperCase();
  return (
    <Card
      variant="outlined"
      data-testid="report-provider-card"
      sx={{
        minHeight: CARD_HEIGHT.min,
        maxHeight: CARD_HEIGHT.max,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <CardActionArea
        href={href}
        onClick={(e) => {
          e.preventDefault();
          onOpen(href);
        }}
        aria-label={REPORTS_COPY.openEvents(provider.provider_display_name)}
        sx={{ p: 2, flexShrink: 0 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={provider.provider_logo_url ?? undefined}
            alt=""
            sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'action.selected', color: 'text.primary' }}
          >
            {initials}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
              {provider.provider_display_name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {REPORTS_COPY.checks(provider.checks.completed, provider.checks.total)}
              {provider.incidents > 0 &&
                ` · ${REPORTS_COPY.incidents(provider.incidents)} · ${formatDuration(provider.degraded_minutes * 60_000, { maxParts: 2 })}`}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={HEALTH_COLOR[provider.health]}
            variant={provider.health === 'healthy' ? 'outlined' : 'filled'}
            label={provider.health_display_name}
          />
        </Stack>
      </CardActionArea>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider', overflow: 'auto' }}
      >
        {provider.checks.statuses.map((check) => {
          const checkHref = hrefOf(check.provider_check_name);
          return (
            <Box component="li" key={check.provider_check_uuid}>
              <Link
                href={checkHref}
                underline="none"
                color="inherit"
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(checkHref);
                }}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  py: 0.75,
                  minHeight: 34,
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <HealthDot health={check.health} />
                <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                  {check.provider_check_display_name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                  {check.incidents > 0 ? REPORTS_COPY.incidents(check.incidents) : check.health_display_name}
                </Typography>
              </Link>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
