import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { oauthStartHref, type OauthStartInput } from '../api/oauth-start';
import { AUTH_COPY } from '../messages';
import { PROVIDER_LOGOS } from '../utils/logos';

export interface SocialSignInProps extends OauthStartInput {
  /** Replaced in tests; a real click leaves the app for the provider. */
  navigate?: (href: string) => void;
}

const defaultNavigate = (href: string) => window.location.assign(href);

export function SocialSignIn({ navigate = defaultNavigate, ...input }: SocialSignInProps) {
  const providers = [
    { id: 'google', label: AUTH_COPY.google, logo: PROVIDER_LOGOS.google },
    { id: 'microsoft', label: AUTH_COPY.microsoft, logo: PROVIDER_LOGOS.microsoft },
  ] as const;
  return (
    <Stack spacing={1.5}>
      {providers.map((p) => (
        <Button
          key={p.id}
          variant="outlined"
          color="inherit"
          size="large"
          fullWidth
          onClick={() => navigate(oauthStartHref(p.id, input))}
          startIcon={<Box component="img" src={p.logo} alt="" sx={{ width: 20, height: 20 }} />}
          sx={{ borderColor: 'divider', bgcolor: 'background.paper', color: 'text.primary' }}
        >
          {p.label}
        </Button>
      ))}
    </Stack>
  );
}
