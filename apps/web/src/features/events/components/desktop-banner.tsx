import Alert from '@mui/material/Alert';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { EVENTS_COPY } from '../messages';

/** On narrow screens: a plain note that the detail screen is made for a desktop (spec 2 §2.3). */
export function DesktopBanner() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  if (!narrow) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {EVENTS_COPY.detail.desktopBanner}
    </Alert>
  );
}
