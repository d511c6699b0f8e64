import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '@/components/error-state';
import { DocumentTitle } from '@/components/page-header';
import { isApiError } from '@/lib/api-client';
import { ONBOARD_COPY } from '../messages';
import { storeHandle } from '../utils/store-admin';

const COPY = ONBOARD_COPY.appInstallation;

export interface AppInstallationCardProps {
  /** Whether the server can install the store app; undefined while that is being checked. */
  configured: boolean | undefined;
  /** The server's words when it is not: what a customer can do, or the missing setting for an operator. */
  notice?: string | null;
  loadFailed?: boolean;
  onRetry?: () => void;
  /** The store the user signed up from, when they came through the store platform. */
  initialShop: string | null;
  /** Starts the install; it leaves the app for the store platform's approval page. */
  onInstall: (shop: string) => Promise<void>;
  onContinue: () => void;
}

/** app_installation: the store-platform app card with its three prerequisites and Install. */
export function AppInstallationCard({
  configured,
  notice,
  loadFailed,
  onRetry,
  initialShop,
  onInstall,
  onContinue,
}: AppInstallationCardProps) {
  const [shop, setShop] = useState(initialShop ?? '');
  const [installing, setInstalling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canInstall = configured === true && storeHandle(shop) !== null && !installing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canInstall) return;
    setError(null);
    setInstalling(true);
    try {
      await onInstall(shop.trim());
    } catch (e) {
      setError(isApiError(e) && e.serverMessage ? e.serverMessage : COPY.installFailed);
      setInstalling(false);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ maxWidth: 640, mx: 'auto' }}>
      <DocumentTitle title={COPY.title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 56,
              height: 56,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'brand.foam',
              color: 'primary.main',
              flexShrink: 0,
            }}
          >
            <StorefrontOutlinedIcon fontSize="large" />
          </Box>
          <Box>
            <Typography variant="h3" component="h1">
              {COPY.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {COPY.subtitle}
            </Typography>
          </Box>
        </Stack>

        <Typography variant="h5" component="h2" sx={{ mt: 4 }}>
          {COPY.prerequisitesTitle}
        </Typography>
        <List dense>
          {COPY.prerequisites.map((item) => (
            <ListItem key={item} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlineIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={item} />
            </ListItem>
          ))}
        </List>

        <Box sx={{ mt: 2 }}>
          {configured === undefined && !loadFailed && (
            <Skeleton variant="rounded" height={56} aria-label={COPY.checking} />
          )}
          {loadFailed && (
            <ErrorState title={COPY.loadFailed} message="" onRetry={onRetry} retryLabel={COPY.retry} />
          )}
          {configured === false && (
            <Alert severity="warning" role="status">
              {notice ?? COPY.notConfigured}
            </Alert>
          )}
          {configured === true && (
            <TextField
              fullWidth
              label={COPY.shopLabel}
              placeholder={COPY.shopPlaceholder}
              value={shop}
              onChange={(e) => setShop(e.target.value)}
            />
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </Box>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>
          <Button variant={configured === true ? 'text' : 'contained'} size="large" onClick={onContinue}>
            {COPY.continue}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canInstall}
            startIcon={installing ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {COPY.install}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
