import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

export interface PageSkeletonProps {
  /** Also draw a top bar, for loading before the app shell exists. */
  withTopBar?: boolean;
  label?: string;
}

/** Placeholder shapes while a page's data loads; announced once to screen readers. */
export function PageSkeleton({ withTopBar = false, label = 'Loading' }: PageSkeletonProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label}
      sx={{ minHeight: withTopBar ? '100vh' : undefined }}
    >
      {withTopBar && (
        <Stack
          direction="row"
          spacing={3}
          sx={{ alignItems: 'center', px: 3, height: 56, borderBottom: 1, borderColor: 'divider' }}
        >
          <Skeleton variant="rounded" width={112} height={28} />
          {[64, 72, 64, 72].map((w, i) => (
            <Skeleton key={i} variant="text" width={w} />
          ))}
          <Box sx={{ flex: 1 }} />
          <Skeleton variant="circular" width={32} height={32} />
        </Stack>
      )}
      <Stack spacing={2} sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
        <Skeleton variant="text" width={240} height={36} />
        <Skeleton variant="text" width={420} />
        <Stack direction="row" spacing={2}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} sx={{ flex: 1 }} />
          ))}
        </Stack>
        <Skeleton variant="rounded" height={280} />
      </Stack>
    </Box>
  );
}
