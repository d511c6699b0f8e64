import { DEFAULT_PLAN } from '@tidemark/contract';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { DocumentTitle } from '@/components/page-header';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useDemoMode } from '@/session';
import { AUTH_COPY } from '../messages';
import { loginRedirectTarget } from '../utils/redirect-target';
import { TESTIMONIALS } from '../utils/testimonials';
import { CustomerLogos } from './customer-logos';
import { LoginErrorBanner } from './login-error-banner';
import { MagicLinkForm } from './magic-link-form';
import { SocialSignIn } from './social-sign-in';
import { TestimonialsCarousel } from './testimonials-carousel';

export type AuthMode = 'login' | 'signup';

export interface AuthPageProps {
  mode: AuthMode;
}

function rememberedFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string')
    return state.from;
  return null;
}

/** Sign-up and login share one layout (spec 1 §2, Sign-up and login page). */
export function AuthPage({ mode }: AuthPageProps) {
  const [search] = useSearchParams();
  const location = useLocation();
  const [demoMode, setDemoMode] = useDemoMode();

  const isDemoLink = search.get('mode') === 'demo';
  const plan = search.get('plan') || DEFAULT_PLAN;
  const shopifyData = search.get('shopify_data');
  const redirectTo = loginRedirectTarget({
    from: rememberedFrom(location.state),
    redirect: search.get('redirect'),
    location: search.get('location'),
  });

  // mode=demo turns demo mode on and it stays on (spec 1 §2, Startup behaviour).
  useEffect(() => {
    if (isDemoLink && !demoMode) setDemoMode(true);
  }, [isDemoLink, demoMode, setDemoMode]);

  // Switching between login and sign-up keeps the query (plan, shopify_data, mode) and the target.
  const other = mode === 'login' ? paths.signup.path : paths.login.path;
  const otherHref = `${other}${location.search}`;
  const switchCopy = mode === 'login' ? AUTH_COPY.toSignup : AUTH_COPY.toLogin;
  const subtitle = isDemoLink
    ? AUTH_COPY.subtitleDemo
    : mode === 'login'
      ? AUTH_COPY.subtitleLogin
      : AUTH_COPY.subtitleSignup;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(460px, 1fr) minmax(420px, 1fr)' },
        bgcolor: 'background.default',
      }}
    >
      <DocumentTitle
        title={mode === 'login' ? AUTH_COPY.documentTitleLogin : AUTH_COPY.documentTitleSignup}
      />
      <Box
        component="main"
        sx={{ display: 'flex', justifyContent: 'center', px: { xs: 3, sm: 6 }, py: { xs: 4, md: 6 } }}
      >
        <Stack spacing={3} sx={{ width: '100%', maxWidth: 420 }}>
          <BrandMark />
          <LoginErrorBanner code={search.get('error')} />
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.625rem', md: '1.875rem' } }}>
              {isDemoLink ? AUTH_COPY.headingDemo : AUTH_COPY.headingDefault}
            </Typography>
            <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1 }}>
              {subtitle}
            </Typography>
          </Box>
          <SocialSignIn redirectTo={redirectTo} plan={plan} shopifyData={shopifyData} />
          <Divider>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {AUTH_COPY.divider}
            </Typography>
          </Divider>
          <MagicLinkForm
            redirectTo={redirectTo}
            plan={plan}
            shopifyData={shopifyData}
            isDemo={isDemoLink || demoMode}
          />
          {mode === 'signup' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {AUTH_COPY.joiningRule}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {AUTH_COPY.termsBefore}
            <Link href={env.termsUrl} target="_blank" rel="noopener noreferrer">
              {AUTH_COPY.terms}
            </Link>
            {AUTH_COPY.termsBetween}
            <Link href={env.privacyUrl} target="_blank" rel="noopener noreferrer">
              {AUTH_COPY.privacy}
            </Link>
            {AUTH_COPY.termsAfter}
          </Typography>
          <Typography variant="body2">
            {switchCopy.prompt}{' '}
            <Link component={RouterLink} to={otherHref} state={location.state} sx={{ fontWeight: 600 }}>
              {switchCopy.link}
            </Link>
          </Typography>
        </Stack>
      </Box>
      <Box
        component="aside"
        sx={{
          color: 'common.white',
          background: 'linear-gradient(160deg, #0b1b3a 0%, #12306b 55%, #1d4ed8 120%)',
          px: { xs: 3, sm: 6, lg: 8 },
          py: { xs: 5, md: 8 },
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          gap: 6,
        }}
      >
        <Stack
          spacing={1.5}
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label="Getting started"
        >
          {AUTH_COPY.steps.map((step, i) => (
            <Stack component="li" direction="row" spacing={1.5} key={step} sx={{ alignItems: 'center' }}>
              <CheckCircleOutlineIcon fontSize="small" sx={{ color: '#93c5fd' }} aria-hidden />
              <Typography variant="body1">
                <Box component="span" className="tabular-nums" sx={{ opacity: 0.6, mr: 1 }}>
                  {i + 1}.
                </Box>
                {step}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <TestimonialsCarousel items={TESTIMONIALS} />
        <CustomerLogos />
      </Box>
    </Box>
  );
}
