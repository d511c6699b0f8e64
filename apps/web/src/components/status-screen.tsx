import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from './page-header';

export interface StatusScreenProps {
  /** Large figure above the title, e.g. "404". */
  code?: string;
  title: string;
  message: string;
  actions?: ReactNode;
  icon?: ReactNode;
  /** Fill the viewport (when there is no app shell around it). */
  fullPage?: boolean;
}

/** A centred title, message and actions: page not found, unexpected error, no access. */
export function StatusScreen({ code, title, message, actions, icon, fullPage = false }: StatusScreenProps) {
  return (
    <Box
      component={fullPage ? 'main' : 'section'}
      sx={{
        minHeight: fullPage ? '100vh' : '60vh',
        display: 'grid',
        placeItems: 'center',
        px: 3,
        py: 6,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <DocumentTitle title={title} />
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        {icon}
        {code && (
          <Typography
            aria-hidden
            className="tabular-nums"
            sx={{
              fontSize: 64,
              fontWeight: 700,
              lineHeight: 1,
              color: 'primary.main',
              letterSpacing: '-0.04em',
            }}
          >
            {code}
          </Typography>
        )}
        <Typography variant="h1">{title}</Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>
          {message}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
