import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageSkeleton } from '@/components/page-skeleton';
import { paths } from '@/config/paths';
import { useTenantInfo } from '@/features/tenants';
import { CONNECT_DATA_COPY } from '../messages';

/** The workspace has no metric yet (tenant info's needs_data); `checking` while that answer is re-read. */
export function useNeedsData(): { needsData: boolean; checking: boolean } {
  const info = useTenantInfo();
  const needsData = info.data?.needs_data === true;
  // An empty workspace's info is re-read on arrival: right after the wizard it may already have metrics.
  return { needsData, checking: needsData && info.isFetching };
}

/** The one next step of an empty workspace: a card leading to the data-source wizard. */
export function ConnectDataPrompt({ message = CONNECT_DATA_COPY.body }: { message?: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="connect-data-title"
      sx={{ p: { xs: 3, md: 4 }, mb: 3, borderColor: 'primary.main' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
        <Box
          aria-hidden
          sx={{
            width: 64,
            height: 64,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'brand.foam',
            color: 'primary.main',
            flexShrink: 0,
            '& svg': { fontSize: 34 },
          }}
        >
          <CloudUploadOutlinedIcon />
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography id="connect-data-title" variant="h4" component="h2">
            {CONNECT_DATA_COPY.title}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}>{message}</Typography>
        </Box>
        <Button
          component={RouterLink}
          to={paths.onboarding.selectDatasources.getHref()}
          variant="contained"
          size="large"
          sx={{ flexShrink: 0 }}
        >
          {CONNECT_DATA_COPY.action}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * A screen that shows nothing until the workspace has a metric (feed, home, metrics): while it has none, the
 * page's title and the prompt to connect data stand in for it, instead of "nothing moved".
 */
export function NeedsDataGate({ title, children }: { title: string; children: React.ReactNode }) {
  const { needsData, checking } = useNeedsData();
  if (checking) return <PageSkeleton label={title} />;
  if (!needsData) return children;
  return (
    <>
      <PageHeader title={title} />
      <ConnectDataPrompt />
    </>
  );
}
