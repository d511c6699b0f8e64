import { useDataScope, type DataScope } from '@/session';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import IosShareIcon from '@mui/icons-material/IosShare';
import LinkIcon from '@mui/icons-material/Link';
import ThumbDownAltOutlinedIcon from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbDownAltIcon from '@mui/icons-material/ThumbDownAlt';
import ThumbUpAltOutlinedIcon from '@mui/icons-material/ThumbUpAltOutlined';
import ThumbUpAltIcon from '@mui/icons-material/ThumbUpAlt';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { Group } from '@tidemark/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { paths, withQuery } from '@/config/paths';
import { usePostGroupFeedback, useGroupFeedback } from '../api/feedback';
import { groupMetricsQueryOptions } from '../api/get-group-metrics';
import { patternSeriesQueryOptions } from '../api/get-pattern-series';
import { INSIGHTS_COPY } from '../messages';
import { safeFileName, seriesCsv } from '@/lib/csv';
import { saveFile } from '@/lib/download';
import { zipFiles } from '@/lib/zip';
import { insightChartWindow } from './charts/schedule';

/** How long the copy-link tooltip stays (issue 9). */
export const COPY_TOOLTIP_MS = 1200;
const SNACK_MS = 1500;

/** The link that opens this group's card expanded: /groups/{id} with tenant_id, dim_name and dim_val. */
export function groupLink(group: Pick<Group, 'group_id'>, scope: DataScope, origin = window.location.origin) {
  return (
    origin +
    withQuery(paths.group.getHref(group.group_id), {
      tenant_id: scope.tenantId,
      dim_name: scope.dimName,
      dim_val: scope.dimName ? scope.dimVal : null,
    })
  );
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden textarea and the copy command.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function ShareActions({ group }: { group: Group }) {
  const scope = useDataScope();
  const { enqueueSnackbar } = useSnackbar();
  const [copied, setCopied] = useState(false);
  const [hover, setHover] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const link = groupLink(group, scope);

  const copy = async () => {
    try {
      await copyText(link);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_TOOLTIP_MS);
    } catch {
      enqueueSnackbar(INSIGHTS_COPY.copyFailed, { variant: 'error', autoHideDuration: SNACK_MS });
    }
  };

  const share = async () => {
    // The system share sheet where there is one (phones, some desktops); otherwise the link is copied.
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: group.group_title, text: group.group_summary, url: link });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  };

  return (
    <>
      <Tooltip title={INSIGHTS_COPY.share}>
        <IconButton size="small" aria-label={INSIGHTS_COPY.share} onClick={() => void share()}>
          <IosShareIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip
        title={copied ? INSIGHTS_COPY.linkCopied : INSIGHTS_COPY.copyLink}
        // Controlled: after a copy it stays open for COPY_TOOLTIP_MS whatever the pointer does.
        open={copied || hover}
        onOpen={() => setHover(true)}
        onClose={() => setHover(false)}
      >
        <IconButton size="small" aria-label={INSIGHTS_COPY.copyLink} onClick={() => void copy()}>
          <LinkIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** Thumbs up or down; a thumbs down then asks why. Each answer is its own post (never both fields). */
export function FeedbackActions({ group }: { group: Group }) {
  const feedback = useGroupFeedback(group.group_id);
  const post = usePostGroupFeedback(group.group_id);
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const helpful = feedback.data?.feedback_ishelpful ?? null;

  const send = (body: { feedback_ishelpful: boolean } | { feedback_comment: string }) =>
    post.mutateAsync(body).then(
      () => enqueueSnackbar(INSIGHTS_COPY.feedbackThanks, { variant: 'success', autoHideDuration: SNACK_MS }),
      () =>
        enqueueSnackbar(INSIGHTS_COPY.feedbackFailed('group'), {
          variant: 'error',
          autoHideDuration: SNACK_MS,
        }),
    );

  return (
    <>
      <Tooltip title={INSIGHTS_COPY.helpful}>
        <IconButton
          size="small"
          aria-label={INSIGHTS_COPY.helpful}
          aria-pressed={helpful === true}
          disabled={post.isPending}
          color={helpful === true ? 'success' : 'default'}
          onClick={() => void send({ feedback_ishelpful: true })}
        >
          {helpful === true ? (
            <ThumbUpAltIcon fontSize="small" />
          ) : (
            <ThumbUpAltOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
      <Tooltip title={INSIGHTS_COPY.notHelpful}>
        <IconButton
          size="small"
          aria-label={INSIGHTS_COPY.notHelpful}
          aria-pressed={helpful === false}
          disabled={post.isPending}
          color={helpful === false ? 'error' : 'default'}
          onClick={(event) => {
            const target = event.currentTarget;
            void send({ feedback_ishelpful: false }).then(() => setAnchor(target));
          }}
        >
          {helpful === false ? (
            <ThumbDownAltIcon fontSize="small" />
          ) : (
            <ThumbDownAltOutlinedIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader sx={{ lineHeight: 2.5 }}>{INSIGHTS_COPY.reasonsTitle}</ListSubheader>
        {INSIGHTS_COPY.reasons.map((reason) => (
          <MenuItem
            key={reason}
            selected={feedback.data?.feedback_comment === reason}
            onClick={() => {
              setAnchor(null);
              void send({ feedback_comment: reason });
            }}
          >
            {reason}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** One CSV per metric of the group (its chart window), zipped in the browser. */
export function DownloadAction({ group }: { group: Group }) {
  const scope = useDataScope();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const metrics = await client.fetchQuery(groupMetricsQueryOptions(scope, group.group_id));
      const files = await Promise.all(
        metrics.kpis.map(async (kpi) => {
          const insight = kpi.insights[0];
          const window = insight
            ? insightChartWindow({
                chartStart: insight.chart_ts_start,
                chartEnd: insight.chart_ts_end,
                insightTs: insight.insight_id_ts,
                schedule: insight.pipeline_schedule,
              })
            : { start: Date.parse(group.chart_ts_start), end: Date.parse(group.chart_ts_end) };
          const points = await client.fetchQuery(
            patternSeriesQueryOptions(scope, {
              kpiId: kpi.kpi_id,
              schedule: kpi.pipeline_schedule,
              start: window.start,
              end: window.end,
              dimName: insight?.dim_name ?? null,
              dimVal: insight?.dim_val ?? null,
            }),
          );
          return {
            name: `${safeFileName(kpi.kpi_display_name)}.csv`,
            data: new TextEncoder().encode(seriesCsv(kpi.kpi_display_name, points)),
          };
        }),
      );
      saveFile(zipFiles(files), `tidemark-group-${group.group_id}.zip`, 'application/zip');
    } catch {
      enqueueSnackbar(INSIGHTS_COPY.downloadFailed, { variant: 'error', autoHideDuration: SNACK_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={busy ? INSIGHTS_COPY.downloading : INSIGHTS_COPY.download}>
      <span>
        <IconButton
          size="small"
          aria-label={INSIGHTS_COPY.download}
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? <CircularProgress size={16} /> : <DownloadOutlinedIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
