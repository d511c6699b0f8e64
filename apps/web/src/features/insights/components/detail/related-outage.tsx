import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutageLink } from '@tidemark/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** Issue 12: an insight group that moved with a provider outage names it ('Likely related to the Stripe outage'). */
export function RelatedOutage({ links }: { links: OutageLink[] }) {
  if (!links.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="related-outages">
      {links.map((l) => (
        <Alert
          key={l.id}
          severity="warning"
          action={
            <Link
              component={RouterLink}
              to={paths.eventGroup.getHref(l.id)}
              variant="body2"
              sx={{ alignSelf: 'center', mr: 1 }}
            >
              View outage
            </Link>
          }
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {l.label}
          </Typography>
          <Typography variant="caption">{l.title}</Typography>
        </Alert>
      ))}
    </Stack>
  );
}
