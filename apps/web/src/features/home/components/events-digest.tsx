import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DigestEvents } from '@tidemark/contract';
import { formatShownDate } from '@tidemark/format';
import { Link as RouterLink } from 'react-router';
import type { QueryInput } from '@/config/paths';
import { HOME_COPY, TYPE_LABELS } from '../messages';
import { digestEventsHref } from '../utils/events-link';

export interface EventsDigestProps {
  events: DigestEvents;
  timezone?: string | undefined;
  linkQuery?: QueryInput;
}

const SEVERITY_COLOR = { High: 'error', Medium: 'warning', Low: 'info' } as const;

/** Event counts of the digest's window; every count is a filter click into /events. */
export function EventsDigest({ events, timezone, linkQuery = {} }: EventsDigestProps) {
  const window = { start: events.ts_start, end: events.ts_end };
  const total = events.severity.High + events.severity.Medium + events.severity.Low;
  const day = (iso: string) =>
    formatShownDate(iso, { tz: timezone, among: [events.ts_start, events.ts_end] });
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label={HOME_COPY.events}>
      <Typography variant="h4" component="h2">
        {HOME_COPY.events}
      </Typography>
      {events.ts_start && events.ts_end && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {HOME_COPY.eventsWindow(day(events.ts_start), day(events.ts_end))}
        </Typography>
      )}
      {total === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{HOME_COPY.noEvents}</Typography>
      ) : (
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          <Stack spacing={0.75}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {HOME_COPY.bySeverity}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {(['High', 'Medium', 'Low'] as const).map((s) => (
                <Chip
                  key={s}
                  clickable
                  component={RouterLink}
                  to={digestEventsHref({ severity: s }, window, linkQuery)}
                  label={`${s} · ${events.severity[s]}`}
                  color={SEVERITY_COLOR[s]}
                  variant={events.severity[s] > 0 ? 'filled' : 'outlined'}
                  size="small"
                />
              ))}
            </Stack>
          </Stack>
          {events.types.length > 0 && (
            <Stack spacing={0.75}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {HOME_COPY.byType}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {events.types.map((t) => {
                  const key = t.sub_type ? `${t.type}:${t.sub_type}` : t.type;
                  return (
                    <Chip
                      key={key}
                      clickable
                      component={RouterLink}
                      to={digestEventsHref({ type: t.type, sub_type: t.sub_type }, window, linkQuery)}
                      label={`${TYPE_LABELS[key] ?? key} · ${t.count}`}
                      variant="outlined"
                      size="small"
                    />
                  );
                })}
              </Stack>
            </Stack>
          )}
          {events.providers.length > 0 && (
            <Stack spacing={0.75}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {HOME_COPY.byProvider}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {events.providers.map((p) => (
                  <Chip
                    key={p.provider_uuid}
                    clickable
                    component={RouterLink}
                    to={digestEventsHref({ provider_uuid: p.provider_uuid }, window, linkQuery)}
                    label={`${p.provider_display_name} · ${p.count}`}
                    variant="outlined"
                    size="small"
                  />
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
