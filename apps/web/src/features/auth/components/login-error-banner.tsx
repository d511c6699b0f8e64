import { LOGIN_ERRORS, type LoginErrorCode } from '@tidemark/contract';
import Alert from '@mui/material/Alert';

export interface LoginErrorBannerProps {
  /** The `error` query value; unknown values show nothing, so a link cannot inject text. */
  code: string | null;
}

function isKnown(code: string): code is LoginErrorCode {
  return Object.hasOwn(LOGIN_ERRORS, code);
}

export function LoginErrorBanner({ code }: LoginErrorBannerProps) {
  if (!code || !isKnown(code)) return null;
  return (
    <Alert severity="error" variant="outlined" role="alert">
      {LOGIN_ERRORS[code]}
    </Alert>
  );
}
