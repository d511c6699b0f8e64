import { useDataScope } from '@/session';
import IosShareIcon from '@mui/icons-material/IosShare';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { paths, withQuery } from '@/config/paths';
import { track } from '@/lib/track';
import type { DataScope } from '@/session';
import { EVENTS_COPY } from '../messages';
import { LINK_TOOLTIP_MS, SNACKBAR_MS } from '../utils/group-view';

/** The share link: events/groups/{id} with dim_name, dim_val and tenant_id (spec 2 §2.3). */
export function eventGroupLink(groupId: string, scope: DataScope, origin = window.location.origin): string {
  return (
    origin +
    withQuery(paths.eventGroup.getHref(groupId), {
      dim_name: scope.dimName,
      dim_val: scope.dimName ? scope.dimVal : null,
      tenant_id: scope.tenantId,
    })
  );
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
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

/**
 * Copies the group's link and says so for 1200 ms. `variant` button is the detail screen's Share
 * (share_link_clicked); icon is a feed card's (group_share_link_clicked).
 */
export function ShareLink({ groupId, variant }: { groupId: string; variant: 'button' | 'icon' }) {
  const scope = useDataScope();
  const { enqueueSnackbar } = useSnackbar();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const share = async () => {
    track(variant === 'button' ? 'share_link_clicked' : 'group_share_link_clicked', {
      resource: 'event_group',
      group_id: groupId,
    });
    try {
      await copyText(eventGroupLink(groupId, scope));
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), LINK_TOOLTIP_MS);
    } catch {
      enqueueSnackbar(EVENTS_COPY.detail.copyFailed, { variant: 'error', autoHideDuration: SNACKBAR_MS });
    }
  };

  return (
    <Tooltip
      title={EVENTS_COPY.detail.linkCopied}
      open={copied}
      describeChild
      disableHoverListener
      disableFocusListener
    >
      {variant === 'button' ? (
        <Button size="small" variant="outlined" startIcon={<IosShareIcon />} onClick={() => void share()}>
          {EVENTS_COPY.detail.share}
        </Button>
      ) : (
        <IconButton size="small" aria-label={EVENTS_COPY.detail.share} onClick={() => void share()}>
          <IosShareIcon fontSize="small" />
        </IconButton>
      )}
    </Tooltip>
  );
}
