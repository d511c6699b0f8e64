import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AUTH_COPY } from '../messages';
import { CUSTOMER_LOGOS, brandLogoUrl } from '../utils/logos';

export function CustomerLogos() {
  return (
    <Box component="section" aria-label={AUTH_COPY.logosHeading}>
      <Typography
        variant="caption"
        sx={{ textTransform: 'uppercase', letterSpacing: '0.08em', opacity: 0.7 }}
      >
        {AUTH_COPY.logosHeading}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 2,
          alignItems: 'center',
        }}
      >
        {CUSTOMER_LOGOS.map((brand) => {
          const src = brandLogoUrl(brand.file);
          return (
            <Box component="li" key={brand.file}>
              {src && (
                <Box
                  component="img"
                  src={src}
                  alt={brand.name}
                  sx={{ height: 28, maxWidth: '100%', filter: 'brightness(0) invert(1)', opacity: 0.75 }}
                />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
