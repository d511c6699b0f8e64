import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EventGroup } from '@tidemark/contract';
import { useState } from 'react';
import { NoticeChip } from '@/components/notice-chip';
import { EVENTS_COPY } from '../messages';
import {
  MAX_COMPONENTS,
  MAX_FUNNEL_TAGS,
  formatGroupDuration,
  groupDurationMs,
  skewChips,
} from '../utils/group-view';
import { SeverityChip, StatusChip, TypeChip } from './severity';
import { ShareLink } from './share-link';
import { useFormatMoney } from '@/lib/currency';

export interface EventCardProps {
  group: EventGroup;
  onOpen: (group: EventGroup) => void;
  now?: number;
}

/** Clamps text to n lines (card summary 4, titles 1). */
export const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

/** The funnel steps to tag, leaving out any already shown as an affected component ('Cart' once, not twice). */
function funnelTags(group: EventGroup): string[] {
  const shown = new Set(group.affected_components.slice(0, MAX_COMPONENTS).map((c) => c.toLowerCase()));
  return group.funnels.filter((f) => !shown.has(f.toLowerCase())).slice(0, MAX_FUNNEL_TAGS);
}

/** One event group in the feed (spec 2 §2.2). */
export function EventCard({ group, onOpen, now: fixedNow }: EventCardProps) {
  const [mountedAt] = useState(() => Date.now());
  const now = fixedNow ?? mountedAt;
  const duration = formatGroupDuration(groupDurationMs(group, now), 'card');
  const skews = skewChips(group.labels);
  const money = useFormatMoney();
  const impact = group.impact.monetary.formatted_value ? money(group.impact.monetary.value) : null;
  const who = group.provider_display_name ?? group.category_display_name;
  const logo = group.provider_logo_url ?? group.category_logo_url;
  return (
    <Card variant="outlined" data-testid="event-card" sx={{ position: 'relative' }}>
      <CardActionArea
        onClick={() => onOpen(group)}
        aria-label={EVENTS_COPY.card.open(group.formatted_event_group_sequence_id)}
        sx={{ p: 2, alignItems: 'stretch' }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
            <Stack
              useFlexGap
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              {logo ? <Avatar src={logo} alt={who ?? ''} sx={{ width: 20, height: 20 }} /> : null}
              <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                {group.formatted_event_group_sequence_id}
              </Typography>
              <SeverityChip severity={group.severity} />
              <StatusChip status={group.status} />
              <TypeChip type={group.type} subType={group.sub_type} />
              {who && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {who}
                </Typography>
              )}
            </Stack>
            <Typography variant="h4" component="h3" sx={clamp(1)} title={group.title}>
              {group.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', ...clamp(4) }}>
              {group.summary}
            </Typography>
            <Stack useFlexGap direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
              <Chip size="small" label={`${EVENTS_COPY.card.dur}: ${duration}`} />
              <Chip size="small" label={`${EVENTS_COPY.card.freq}: ${group.labels.frequency || '-'}`} />
              {skews.map((s) => (
                <Chip key={s} size="small" color="secondary" variant="outlined" label={`Skew: ${s}`} />
              ))}
              {group.affected_components.slice(0, MAX_COMPONENTS).map((c) => (
                <Chip key={`c-${c}`} size="small" variant="outlined" label={c} />
              ))}
              {funnelTags(group).map((f) => (
                <Chip key={`f-${f}`} size="small" variant="outlined" color="primary" label={f} />
              ))}
              {/* Issue 12: the provider outage this group is likely related to; its detail links to it. */}
              {group.related_outages?.slice(0, 1).map((l) => (
                <NoticeChip key={l.id} label={l.label} testId="card-related-outage" />
              ))}
            </Stack>
          </Stack>
          <Box sx={{ minWidth: 140, textAlign: { xs: 'left', sm: 'right' } }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {EVENTS_COPY.card.impact}
            </Typography>
            {impact ? (
              <Typography variant="h3" component="p" className="tabular-nums">
                {impact}
              </Typography>
            ) : (
              <Tooltip title={EVENTS_COPY.empty.quantifying}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {EVENTS_COPY.empty.quantifying}
                </Typography>
              </Tooltip>
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5, mb: 3 }}>
              {EVENTS_COPY.card.events(group.number_of_events)}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
      {/* Outside the action area: a button inside a button is not allowed. */}
      <Box sx={{ position: 'absolute', right: 8, bottom: 8 }}>
        <ShareLink groupId={group.event_group_id} variant="icon" />
      </Box>
    </Card>
  );
}

export function EventCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Skeleton width="40%" />
      <Skeleton width="70%" height={28} />
      <Skeleton />
      <Skeleton width="60%" />
    </Card>
  );
}
