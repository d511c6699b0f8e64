import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface HubEmptyProps {
  title: string;
  message?: string;
  action?: ReactNode;
}

/** The designed empty state of the metrics screens ('No metrics found', 'No data available'). */
export function HubEmpty({ title, message, action }: HubEmptyProps) {
  return (
    <Paper variant="outlined" sx={{ p: 6 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <InsightsOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h4" component="p">
          {title}
        </Typography>
        {message && (
          <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 440 }}>
            {message}
          </Typography>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
