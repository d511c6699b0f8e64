import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

export interface AreaPlaceholderProps {
  title: string;
  /** What will appear here, in the user's words. */
  description: string;
  icon: ReactNode;
  /** Short points previewing the screen. */
  highlights?: readonly string[];
  badge?: string;
  children?: ReactNode;
}

interface PlaceholderPanelProps extends Omit<AreaPlaceholderProps, 'title'> {
  /** A heading inside the panel (a tab's name); without it the description is the panel's large line. */
  heading?: string;
}

/** The panel of a screen still being built: icon, badge and what will appear. Never a blank panel. */
function PlaceholderPanel({
  heading,
  description,
  icon,
  highlights = [],
  badge = 'Coming soon',
  children,
}: PlaceholderPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: { md: 'center' } }}>
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'brand.foam',
            color: 'primary.main',
            flexShrink: 0,
            '& svg': { fontSize: 36 },
          }}
        >
          {icon}
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1 }}>
          <Box>
            <Chip label={badge} size="small" color="primary" variant="outlined" />
          </Box>
          {heading ? (
            <>
              <Typography variant="h4" component="h2">
                {heading}
              </Typography>
              <Typography variant="body1" sx={{ color: 'text.secondary' }}>
                {description}
              </Typography>
            </>
          ) : (
            <Typography variant="h4" component="p">
              {description}
            </Typography>
          )}
          {highlights.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
              {highlights.map((h) => (
                <Typography component="li" variant="body2" key={h} sx={{ py: 0.25 }}>
                  {h}
                </Typography>
              ))}
            </Box>
          )}
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** A designed page for an area whose screen is still being built: never a blank page. */
export function AreaPlaceholder({ title, ...panel }: AreaPlaceholderProps) {
  return (
    <Box>
      <PageHeader title={title} />
      <PlaceholderPanel {...panel} />
    </Box>
  );
}
