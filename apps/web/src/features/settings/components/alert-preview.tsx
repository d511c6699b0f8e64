import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useNotificationPreview, type PreviewFilters } from '../api/notification-preview';
import { NOTIFICATIONS_COPY } from '../personal-messages';

const copy = NOTIFICATIONS_COPY.preview;

export interface AlertPreviewProps {
  filters: PreviewFilters;
}

/**
 * How many alerts the filters on screen would have sent over the last 4 weeks, replayed from stored
 * insights and events, so a merchant can tune the minimum before confirming it.
 */
export function AlertPreview({ filters }: AlertPreviewProps) {
  // Typing a threshold asks once the field settles, not per keystroke.
  const deferred = useDeferredValue(filters);
  const preview = useNotificationPreview(deferred);
  const data = preview.data;
  const max = data ? Math.max(1, ...data.weeks.map((w) => w.count)) : 1;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy={preview.isFetching}
      sx={{ p: 2, mt: 1, borderRadius: 1, bgcolor: 'action.hover', maxWidth: 560 }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {copy.heading}
      </Typography>
      {preview.isError ? (
        <Typography variant="body2" color="text.secondary">
          {copy.error}
        </Typography>
      ) : !data ? (
        <Stack spacing={1}>
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body2">
            {filters.severities.length === 0 ? copy.noSeverity : copy.summary(data.total)}
            {data.total > 0 ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {' '}
                {copy.breakdown(data.by_severity)}
              </Typography>
            ) : null}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', height: 48 }} aria-hidden>
            {data.weeks.map((w, i) => (
              <Stack key={w.week_start} spacing={0.5} sx={{ alignItems: 'center', flex: 1 }}>
                <Box
                  sx={{
                    width: '100%',
                    height: `${Math.max(2, (w.count / max) * 32)}px`,
                    bgcolor: w.count ? 'primary.main' : 'divider',
                    borderRadius: 0.5,
                  }}
                />
                <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1 }}>
                  {copy.week(i, w.count)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
