import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface BrandMarkProps {
  /** Show the word mark beside the symbol. */
  withName?: boolean;
  size?: number;
}

/** The Tidemark symbol: two tide lines in a rounded square. */
export function BrandMark({ withName = true, size = 28 }: BrandMarkProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
      >
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path
          d="M6 19c3-4 6-4 9 0s6 4 11-1"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <path
          d="M6 13c3-4 6-4 9 0s6 4 11-1"
          fill="none"
          stroke="#93c5fd"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </Box>
      {withName && (
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.02em' }}
        >
          Tidemark
        </Typography>
      )}
    </Box>
  );
}
