import LinkIcon from '@mui/icons-material/Link';
import Chip from '@mui/material/Chip';

/**
 * A small outlined chip that points at something related elsewhere (a card's "Likely related to the Stripe
 * outage"). The warning colour is on the outline and the icon; the text stays body colour, as orange text
 * is under 4.5:1 on white.
 */
export function NoticeChip({ label, testId }: { label: string; testId?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<LinkIcon />}
      label={label}
      data-testid={testId}
      sx={{
        color: 'text.primary',
        borderColor: 'warning.main',
        '& .MuiChip-icon': { color: 'warning.dark' },
      }}
    />
  );
}
