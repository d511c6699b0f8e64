import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled block of a settings tab. */
export function SettingsSection({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}
      >
        <div>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {intro ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {intro}
            </Typography>
          ) : null}
        </div>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
