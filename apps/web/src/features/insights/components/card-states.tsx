import SearchOffIcon from '@mui/icons-material/SearchOff';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INSIGHTS_COPY } from '../messages';

/** A card whose data answered 404: the resource is gone or not in this workspace (spec 3 §2, §8). */
export function CardNotFound({ resource }: { resource: 'Insight' | 'Group' }) {
  return (
    <Paper variant="outlined" role="alert" sx={{ p: 4 }}>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <SearchOffIcon sx={{ fontSize: 32, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h4" component="p">
          {INSIGHTS_COPY.notFound(resource)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {INSIGHTS_COPY.notFoundBody(resource)}
        </Typography>
      </Stack>
    </Paper>
  );
}
