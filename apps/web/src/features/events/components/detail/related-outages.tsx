import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutageLink } from '@tidemark/contract';
import { formatMoneyAmount, formatShownDate } from '@tidemark/format';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrencySymbol } from '@/lib/currency';
import { EVENTS_COPY } from '../../messages';

const COPY = EVENTS_COPY.related;
const DATE_FORMAT = 'ddd, DD MMM, hh:mm A z';

/** Where a link's other side lives: an event group's page, or an insight group's. */
export const linkHref = (link: Pick<OutageLink, 'id' | 'kind'>) =>
  link.kind === 'insight_group' ? paths.group.getHref(link.id) : paths.eventGroup.getHref(link.id);

/**
 * On an outage: the workspace's own signals that moved with it (insights, experience events, site errors),
 * each with the lost revenue it carries, and the outage's cost: the largest of them, since the signals of one
 * outage are mostly one loss seen through several metrics (adding them up counts it again for each).
 */
export function RelatedSignalsCard({ links, tz }: { links: OutageLink[]; tz?: string | null | undefined }) {
  const total = links.reduce((a, l) => Math.max(a, Math.abs(l.lost_revenue ?? 0)), 0);
  const quantified = links.some((l) => l.lost_revenue !== null);
  // The workspace's currency, as the server writes each link's formatted_lost_revenue.
  const symbol = useCurrencySymbol();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="related-signals">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <LinkIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
        <Typography variant="h4" component="h2">
          {COPY.signalsTitle}
        </Typography>
      </Stack>
      {links.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {COPY.signalsNone}
        </Typography>
      ) : (
        <>
          {quantified && Math.round(total) > 0 && (
            <Typography variant="body2" sx={{ mb: 1.5, color: 'error.main', fontWeight: 600 }}>
              {COPY.lostRevenueTotal(formatMoneyAmount(Math.round(total), symbol))}
            </Typography>
          )}
          {quantified && Math.round(total) === 0 && (
            <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary', fontWeight: 600 }}>
              {COPY.noLostRevenue}
            </Typography>
          )}
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {links.map((l) => (
              <Box
                component="li"
                key={`${l.kind}:${l.id}`}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
              >
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                      <Chip size="small" variant="outlined" label={COPY.kinds[l.kind]} />
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {formatShownDate(l.ts_start, { tz, format: DATE_FORMAT })}
                      </Typography>
                    </Stack>
                    <Link component={RouterLink} to={linkHref(l)} variant="body2" sx={{ fontWeight: 600 }}>
                      {l.title}
                    </Link>
                    <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                      {l.label}
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                    <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                      {COPY.lostRevenue}
                    </Typography>
                    <Typography
                      variant="body2"
                      className="tabular-nums"
                      sx={{ fontWeight: 600, color: l.lost_revenue ? 'error.main' : 'text.secondary' }}
                    >
                      {l.formatted_lost_revenue ?? COPY.notQuantified}
                    </Typography>
                  </Box>
                </Stack>
              </Box>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}

/** On an insight group, experience event or site-error group: the provider outage it is likely related to. */
export function RelatedOutageBanner({ links }: { links: OutageLink[] }) {
  if (links.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="related-outages">
      {links.map((l) => (
        <Alert
          key={l.id}
          severity="warning"
          icon={
            <Avatar
              src={l.provider_logo_url ?? undefined}
              alt=""
              variant="rounded"
              sx={{ width: 22, height: 22, fontSize: 11 }}
            >
              {l.provider_display_name.slice(0, 2)}
            </Avatar>
          }
          action={
            <Link component={RouterLink} to={linkHref(l)} variant="body2" sx={{ alignSelf: 'center', mr: 1 }}>
              {COPY.viewOutage}
            </Link>
          }
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {l.label}
          </Typography>
          <Typography variant="caption">
            {l.title}
            {l.formatted_lost_revenue ? ` · ${COPY.lostRevenue} ${l.formatted_lost_revenue}` : ''}
          </Typography>
        </Alert>
      ))}
    </Stack>
  );
}
