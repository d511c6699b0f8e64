import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventGroup } from '@tidemark/contract';
import { formatShownDate } from '@tidemark/format';
import { useState, type ReactNode } from 'react';
import { EVENTS_COPY } from '../../messages';
import {
  CLOSED_STATUSES,
  bulletsOf,
  formatGroupDuration,
  groupDurationMs,
  impactTone,
  labelChips,
} from '../../utils/group-view';
import { SeverityChip, StatusChip, TypeChip } from '../severity';
import { useFormatMoney } from '@/lib/currency';

const DATE_FORMAT = 'ddd, DD MMM, hh:mm A z';

/** Only http(s) links leave the product (a provider URL is data, never a script). */
const isWebUrl = (url: string | null): boolean => !!url && /^https?:\/\//i.test(url);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: 'center', py: 0.5 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0 }}>{children}</Box>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Accordion
      defaultExpanded
      disableGutters
      elevation={0}
      sx={{ '&:before': { display: 'none' }, bgcolor: 'transparent' }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 0 }}>
        <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: 0.6 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: 0, pt: 0 }}>{children}</AccordionDetails>
    </Accordion>
  );
}

function Bullets({ text }: { text: string }) {
  const items = bulletsOf(text);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {items.map((line, i) => (
        <Typography component="li" variant="body2" key={i} sx={{ mb: 0.5 }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

export function ImpactFigure({ value, formatted }: { value: number | null; formatted: string | null }) {
  const tone = impactTone(value);
  if (tone === 'none' || !formatted) return <Typography variant="body2">-</Typography>;
  // Nothing lost (a tracking outage with revenue in its range): no arrow, no alarm colour.
  if (Math.round(Math.abs(value ?? 0)) === 0)
    return (
      <Typography variant="body2" className="tabular-nums">
        {formatted}
      </Typography>
    );
  const up = tone === 'up';
  return (
    <Stack
      direction="row"
      spacing={0.25}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', color: up ? 'success.main' : 'error.main' }}
    >
      {up ? (
        <ArrowUpwardIcon fontSize="inherit" aria-hidden />
      ) : (
        <ArrowDownwardIcon fontSize="inherit" aria-hidden />
      )}
      <Typography variant="body2" sx={{ fontWeight: 600, color: 'inherit' }} className="tabular-nums">
        {formatted}
      </Typography>
    </Stack>
  );
}

/** The right-hand Details panel: three collapsible sections, then the feedback widget (spec 2 §2.3). */
export function DetailsPanel({
  group,
  tz,
  feedback,
  now: fixedNow,
}: {
  group: EventGroup;
  tz?: string | null;
  feedback: ReactNode;
  now?: number;
}) {
  const money = useFormatMoney();
  const [mountedAt] = useState(() => Date.now());
  const now = fixedNow ?? mountedAt;
  const closed = (CLOSED_STATUSES as readonly string[]).includes(group.status);
  const chips = labelChips(group.labels, group.funnels, {
    site: EVENTS_COPY.detail.siteMonitoring,
    skew: EVENTS_COPY.detail.skew,
    normal: EVENTS_COPY.detail.normal,
    dur: EVENTS_COPY.card.dur,
    freq: EVENTS_COPY.card.freq,
  });
  const provider = group.provider_display_name ?? '';
  const basis = group.details.impact_basis;
  // Start and end read alike: both carry the year when either needs it.
  const span = [group.event_group_ts_start, group.event_group_ts_end];
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }} component="aside" aria-label={EVENTS_COPY.detail.details}>
      <Section title={EVENTS_COPY.detail.details}>
        <Row label={EVENTS_COPY.detail.eventId}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {group.formatted_event_group_sequence_id}
          </Typography>
        </Row>
        <Row label={EVENTS_COPY.detail.start}>
          <Typography variant="body2">
            {formatShownDate(group.event_group_ts_start, { tz, format: DATE_FORMAT, among: span })}
          </Typography>
        </Row>
        {closed && (
          <Row label={EVENTS_COPY.detail.end}>
            <Typography variant="body2">
              {formatShownDate(group.event_group_ts_end, { tz, format: DATE_FORMAT, among: span })}
            </Typography>
          </Row>
        )}
        <Row label={EVENTS_COPY.detail.duration}>
          <Typography variant="body2">
            {formatGroupDuration(groupDurationMs(group, now), 'detail')}
          </Typography>
        </Row>
        <Row label={EVENTS_COPY.detail.impact}>
          {group.impact.monetary.formatted_value ? (
            <ImpactFigure
              value={group.impact.monetary.value}
              // The arrow and colour carry the sign: the figure is its size.
              formatted={money(
                group.impact.monetary.value === null ? null : Math.abs(group.impact.monetary.value),
              )}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              -
            </Typography>
          )}
        </Row>
        {!basis.quantified && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', textAlign: 'right' }}
          >
            {EVENTS_COPY.empty.quantifying}
          </Typography>
        )}
        <Row label={EVENTS_COPY.detail.status}>
          <StatusChip status={group.status} />
        </Row>
        <Row label={EVENTS_COPY.detail.severity}>
          <SeverityChip severity={group.severity} />
        </Row>
        <Row label={EVENTS_COPY.detail.type}>
          <TypeChip type={group.type} subType={group.sub_type} />
        </Row>
        <Box sx={{ pt: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {EVENTS_COPY.detail.labels}
          </Typography>
          <Stack
            useFlexGap
            direction="row"
            spacing={0.5}
            sx={{ flexWrap: 'wrap', rowGap: 0.5 }}
            data-testid="event-labels"
          >
            {chips.map((chip) => (
              <Chip
                key={chip.text}
                size="small"
                label={chip.text}
                color={chip.kind === 'skew' ? 'secondary' : 'default'}
                variant={chip.kind === 'site' ? 'filled' : 'outlined'}
              />
            ))}
          </Stack>
        </Box>
        {basis.quantified && (
          <Box
            component="details"
            sx={{ mt: 1.5, '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: 13 } }}
          >
            <summary>{EVENTS_COPY.detail.impactNumbers}</summary>
            <Typography variant="caption" component="div" sx={{ mt: 0.5, color: 'text.secondary' }}>
              {basis.formula}
              <br />
              Affected sessions {basis.affected_sessions} ({basis.affected_conversions} purchases); comparable
              sessions {basis.comparable_sessions} ({basis.comparable_conversions} purchases); average order
              value {basis.average_order_value?.toFixed(2) ?? '-'}.
            </Typography>
          </Box>
        )}
      </Section>
      {group.type !== 'outage' && (
        <Section title={EVENTS_COPY.detail.meaning}>
          <Bullets text={group.description} />
        </Section>
      )}
      <Section title={EVENTS_COPY.detail.action}>
        {group.type === 'outage' ? (
          <Stack spacing={1}>
            {isWebUrl(group.provider_status_page_url) && (
              <Link
                href={group.provider_status_page_url ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
              >
                {EVENTS_COPY.detail.statusPage(provider)}{' '}
                <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
              </Link>
            )}
            {isWebUrl(group.provider_home_page_url) && (
              <Link
                href={group.provider_home_page_url ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
              >
                {EVENTS_COPY.detail.homePage(provider)}{' '}
                <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
              </Link>
            )}
          </Stack>
        ) : (
          <Bullets text={group.action} />
        )}
      </Section>
      <Box sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>{feedback}</Box>
    </Paper>
  );
}
