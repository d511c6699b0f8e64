import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { EventGroupDetail, EventsPage } from '@/features/events';
import { useFlags } from '@/features/flags';
import { useTenantInfo } from '@/features/tenants';

interface Background {
  pathname: string;
  search: string;
}

function backgroundOf(state: unknown): Background | null {
  if (!state || typeof state !== 'object' || !('background' in state)) return null;
  const bg = (state as { background: unknown }).background;
  return bg && typeof bg === 'object' && 'search' in bg && typeof bg.search === 'string'
    ? { pathname: paths.events.path, search: bg.search }
    : null;
}

/**
 * /events/groups/{id}: opened from the feed it is an overlay above the feed (which stays as it was);
 * opened from a link it is a page.
 */
export function Component() {
  const { eventGroupId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const info = useTenantInfo();
  const { flags } = useFlags();
  const background = backgroundOf(location.state);
  const backgroundSearch = useMemo(() => new URLSearchParams(background?.search ?? ''), [background?.search]);
  const tz = info.data?.timezone;
  // Events goes back one step; with nothing to go back to (a shared link) it goes to the feed.
  const back = () => (location.key === 'default' ? void navigate(paths.events.path) : void navigate(-1));
  const detailFlags = { rca: flags.rca, eventFunnel: flags['event-funnel'] };

  if (!background) {
    return (
      <EventGroupDetail key={eventGroupId} groupId={eventGroupId} onBack={back} tz={tz} flags={detailFlags} />
    );
  }
  return (
    <>
      <EventsPage
        search={backgroundSearch}
        onSearchChange={() => undefined}
        onOpenGroup={() => undefined}
        tz={tz}
        flags={{ filtering: flags.filtering, eventSummary: flags['event-summary'] }}
      />
      <Dialog
        open
        onClose={back}
        fullWidth
        maxWidth={false}
        slotProps={{
          paper: { 'aria-label': 'Event group', sx: { width: 'min(1400px, 96vw)', maxHeight: '94vh', m: 1 } },
        }}
      >
        <DialogContent sx={{ p: { xs: 1.5, md: 3 } }}>
          <EventGroupDetail
            key={eventGroupId}
            groupId={eventGroupId}
            onBack={back}
            modal
            tz={tz}
            flags={detailFlags}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
