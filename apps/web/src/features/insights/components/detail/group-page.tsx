import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Group } from '@tidemark/contract';
import { DocumentTitle } from '@/components/page-header';
import { ErrorState } from '@/components/error-state';
import { isApiError } from '@/lib/api-client';
import { useGroup } from '../../api/get-group';
import { DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { CardNotFound } from '../card-states';
import { GroupCardBody } from '../group-card';
import { SCHEDULE_LABEL } from '../severity';
import { teamStateOf } from './annotation';
import { AnnotationEditor } from './annotation-editor';
import { BackToFeed, DetailMeta, DetailNotFound, isEntityId } from './detail-header';
import { GroupHistory } from './group-history';
import { GroupImpactChips } from './group-impact';
import { RelatedOutage } from './related-outage';
import { TeamActions } from './team-actions';
import { useFormatMoney } from '@/lib/currency';

export interface GroupPageProps {
  groupId: string;
  tz?: string | null | undefined;
}

/** /groups/{id}: the group opened expanded, with its team actions, inline edit and history (spec 3 §2). */
export function GroupPage({ groupId, tz }: GroupPageProps) {
  // An id that cannot exist is not found without asking the server (it would answer 400).
  const valid = isEntityId(groupId);
  const group = useGroup(groupId, valid);
  if (!valid) return <DetailNotFound resource="Group" />;
  if (group.isPending) return <GroupPageSkeleton />;
  if (group.isError) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <DocumentTitle title={DETAIL_COPY.groupPageTitle} />
        <BackToFeed />
        {isApiError(group.error) && group.error.status === 404 ? (
          <CardNotFound resource="Group" />
        ) : (
          <ErrorState
            title={INSIGHTS_COPY.cardError}
            message={group.error.message}
            onRetry={() => void group.refetch()}
          />
        )}
      </Box>
    );
  }
  return <GroupView group={group.data} tz={tz} />;
}

function GroupView({ group, tz }: { group: Group; tz?: string | null | undefined }) {
  const money = useFormatMoney();
  const state = teamStateOf(group.group_status);
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="group-page">
      <DocumentTitle title={group.group_title} />
      <BackToFeed />
      <RelatedOutage links={group.related_outages ?? []} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <DetailMeta
              severity={group.group_severity}
              positive={group.group_accent === 'positive'}
              up={group.group_direction === 'up'}
              kind={`${group.group_pattern_type === 'Trend Change' ? 'Trend change' : 'Spike'} · ${SCHEDULE_LABEL[group.pipeline_schedule]}`}
              ts={group.group_ts_start}
              tz={tz}
            >
              <Chip
                size="small"
                variant="outlined"
                // Live only while the anomaly goes on (ACTIVE); an open group whose anomaly is over reads Open.
                color={group.group_status === 'ACTIVE' ? 'primary' : 'default'}
                label={group.group_status === 'ACTIVE' ? INSIGHTS_COPY.live : state}
                data-testid="team-state"
              />
            </DetailMeta>
            <AnnotationEditor
              kind="group"
              id={group.group_id}
              value={{ title: group.group_title, summary: group.group_summary }}
            />
            <Stack direction="row" spacing={0.75} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 0.75 }}>
              <Chip size="small" variant="outlined" label={group.chart_title} />
              {group.dollar_impact !== null && (
                <Chip
                  size="small"
                  label={INSIGHTS_COPY.dollarImpact(money(group.dollar_impact, { signed: true }))}
                />
              )}
              {group.insights.length > 1 && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={INSIGHTS_COPY.insightsOn(group.insights.length)}
                />
              )}
              {group.dim_display_name && group.dim_val && (
                <Chip size="small" variant="outlined" label={`${group.dim_display_name}: ${group.dim_val}`} />
              )}
              {group.funnels.map((f) => (
                <Chip key={f} size="small" variant="outlined" label={f} />
              ))}
              <GroupImpactChips key={state} groupId={group.group_id} />
            </Stack>
          </Box>
          <TeamActions key={state} group={group} />
        </Stack>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-label="Metrics">
          <GroupCardBody group={group} tz={tz} />
        </Paper>
        <GroupHistory groupId={group.group_id} tz={tz} />
      </Box>
    </Box>
  );
}

function GroupPageSkeleton() {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} aria-busy="true" aria-label="Loading the group">
      <Skeleton width={120} height={32} sx={{ mb: 1.5 }} />
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
          <Skeleton variant="rounded" width={56} height={24} />
          <Skeleton width={240} />
        </Stack>
        <Skeleton width="60%" height={36} />
        <Skeleton width="90%" />
        <Skeleton width="70%" />
      </Paper>
      <Skeleton variant="rounded" height={360} />
    </Box>
  );
}
