import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { SLACK_RESULTS, type SlackResult } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useDemoMode } from '@/session';
import { useEventMapping } from '../api/event-mapping';
import { usePreference } from '../api/preferences';
import { useProfile } from '../api/profile';
import { useSubscriptions } from '../api/subscriptions';
import { useTenantTimeZone } from '../api/tenant-time-zone';
import { NOTIFICATIONS_COPY as copy, SETTINGS_SNACK_MS } from '../personal-messages';
import { AlertsPanel } from './alerts-panel';
import { NoiseControl } from './noise-control';
import { SchedulePanel } from './schedule-panel';

export const NOTIFICATION_SUB_TABS = ['event-alerts', 'schedule'] as const;
export type NotificationSubTab = (typeof NOTIFICATION_SUB_TABS)[number];
/** The sub-tab is kept in `?sub_tab=`, beside `?tab=`. */
export const SUB_TAB_PARAM = 'sub_tab';

export function NotificationsTab() {
  const [search, setSearch] = useSearchParams();
  const active: NotificationSubTab =
    NOTIFICATION_SUB_TABS.find((t) => t === search.get(SUB_TAB_PARAM)) ?? 'event-alerts';
  useSlackResult();

  return (
    <Box>
      <Tabs
        value={active}
        onChange={(_e, tab: NotificationSubTab) =>
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.set(SUB_TAB_PARAM, tab);
            return next;
          })
        }
        aria-label={copy.subTabsLabel}
        sx={{ mb: 2 }}
      >
        {NOTIFICATION_SUB_TABS.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={copy.subTabs[tab]}
            id={`notifications-tab-${tab}`}
            aria-controls={`notifications-panel-${tab}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`notifications-panel-${active}`}
        aria-labelledby={`notifications-tab-${active}`}
      >
        {active === 'event-alerts' ? <Alerts /> : <Schedule />}
      </Box>
    </Box>
  );
}

/** Back from Slack with `?slack=`: say how it went once, then drop the parameter. */
function useSlackResult() {
  const [search, setSearch] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const result = SLACK_RESULTS.find((r): r is SlackResult => r === search.get('slack'));
  useEffect(() => {
    if (!result) return;
    enqueueSnackbar(copy.slack.results[result], {
      variant: result === 'connected' ? 'success' : 'error',
      autoHideDuration: SETTINGS_SNACK_MS,
    });
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('slack');
        return next;
      },
      { replace: true },
    );
  }, [result, enqueueSnackbar, setSearch]);
}

function Alerts() {
  const [isDemo] = useDemoMode();
  const subscriptions = useSubscriptions();
  const mapping = useEventMapping();
  const profile = useProfile();
  const queries = [subscriptions, mapping, profile];
  if (queries.some((q) => q.isPending)) return <PanelSkeleton />;
  const failed = queries.find((q) => q.isError);
  if (failed || !subscriptions.data || !mapping.data || !profile.data)
    return (
      <ErrorState
        title={copy.loadError}
        message={failed?.error?.message ?? ''}
        onRetry={() => queries.forEach((q) => void q.refetch())}
        retryLabel={copy.retry}
      />
    );
  return (
    <Stack spacing={3}>
      {isDemo ? <Alert severity="info">{copy.demo}</Alert> : null}
      <AlertsPanel
        subscriptions={subscriptions.data}
        mapping={mapping.data}
        profile={profile.data}
        readOnly={isDemo}
      />
      <NoiseControl readOnly={isDemo} />
    </Stack>
  );
}

function Schedule() {
  const [isDemo] = useDemoMode();
  const schedule = usePreference('NOTIFICATION_SCHEDULE_PREFERENCE');
  const zone = useTenantTimeZone();
  if (schedule.isPending || zone.isPending) return <PanelSkeleton />;
  if (schedule.isError || zone.isError)
    return (
      <ErrorState
        title={copy.loadError}
        message={(schedule.error ?? zone.error)?.message ?? ''}
        onRetry={() => {
          void schedule.refetch();
          void zone.refetch();
        }}
        retryLabel={copy.retry}
      />
    );
  return (
    <Stack spacing={2}>
      {isDemo ? <Alert severity="info">{copy.demo}</Alert> : null}
      <SchedulePanel
        key={schedule.dataUpdatedAt}
        saved={schedule.data.preference_value}
        timeZone={zone.data}
        readOnly={isDemo}
      />
    </Stack>
  );
}

function PanelSkeleton() {
  return (
    <Stack spacing={3} aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={140} />
      ))}
    </Stack>
  );
}
