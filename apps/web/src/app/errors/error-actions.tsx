import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ERROR_COPY } from '../messages';

export interface ErrorActionsProps {
  /** After a crash, start over with a fresh page load so no broken state survives. */
  hardReset?: boolean;
}

/** 'Go Back' returns to the previous page (home when there is none); 'Start Over' goes home. */
export function ErrorActions({ hardReset = false }: ErrorActionsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ArrowBackIcon />}
        onClick={() => void (hasHistory ? navigate(-1) : navigate(paths.home.getHref()))}
      >
        {ERROR_COPY.goBack}
      </Button>
      <Button
        variant="contained"
        startIcon={<RestartAltIcon />}
        onClick={() => {
          if (hardReset) window.location.assign(paths.home.getHref());
          else void navigate(paths.home.getHref());
        }}
      >
        {ERROR_COPY.startOver}
      </Button>
    </>
  );
}
