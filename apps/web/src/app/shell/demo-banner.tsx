import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SHELL_COPY } from '../messages';

export interface DemoBannerProps {
  onExit: () => void;
}

export function DemoBanner({ onExit }: DemoBannerProps) {
  return (
    <Box
      role="region"
      aria-label="Demo mode"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 3,
        py: 1,
        bgcolor: '#fffbeb',
        color: '#78350f',
        borderBottom: '1px solid #fde68a',
      }}
    >
      <ScienceOutlinedIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }}>
        {SHELL_COPY.demoBanner}
      </Typography>
      <Button size="small" color="inherit" onClick={onExit} sx={{ fontWeight: 600 }}>
        {SHELL_COPY.demoExit}
      </Button>
    </Box>
  );
}
