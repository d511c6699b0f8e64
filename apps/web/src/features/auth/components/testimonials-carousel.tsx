import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { AUTH_COPY } from '../messages';
import { brandLogoUrl } from '../utils/logos';
import type { Testimonial } from '../utils/testimonials';

export const TESTIMONIAL_INTERVAL_MS = 6000;

export interface TestimonialsCarouselProps {
  items: readonly Testimonial[];
  intervalMs?: number;
}

/**
 * Rotates on its own; hovering or focusing it holds the current quote, and a pause button stops
 * it for people who need more time to read (WCAG 2.2.2).
 */
export function TestimonialsCarousel({
  items,
  intervalMs = TESTIMONIAL_INTERVAL_MS,
}: TestimonialsCarouselProps) {
  const [index, setIndex] = useState(0);
  // Someone who asks for reduced motion starts with it still; the play button turns it on.
  const stillByDefault = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [paused, setPaused] = useState(stillByDefault);
  const [held, setHeld] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (paused || held || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, held, count, intervalMs]);

  const current = items[index];
  if (!current) return null;
  const logo = brandLogoUrl(current.logo);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={AUTH_COPY.testimonialsLabel}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Box
        component="figure"
        key={index}
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${count}`}
        sx={{
          m: 0,
          minHeight: 220,
          display: 'flex',
          flexDirection: 'column',
          gap: 3,
          '@media (prefers-reduced-motion: no-preference)': {
            animation: 'tm-fade-in 400ms ease-out',
            '@keyframes tm-fade-in': {
              from: { opacity: 0, transform: 'translateY(4px)' },
              to: { opacity: 1 },
            },
          },
        }}
      >
        {logo && (
          <Box
            component="img"
            src={logo}
            alt={`${current.company} logo`}
            sx={{
              height: 28,
              width: 'auto',
              alignSelf: 'flex-start',
              filter: 'brightness(0) invert(1)',
              opacity: 0.9,
            }}
          />
        )}
        <Typography
          component="blockquote"
          sx={{ m: 0, fontSize: '1.25rem', lineHeight: 1.5, fontWeight: 500 }}
        >
          “{current.description}”
        </Typography>
        <Box component="figcaption">
          <Typography sx={{ fontWeight: 600 }}>{current.name}</Typography>
          <Typography variant="body2" sx={{ opacity: 0.75 }}>
            {current.position}, {current.company}
          </Typography>
        </Box>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 3 }}>
        {items.map((item, i) => (
          <Box
            key={item.name}
            component="button"
            type="button"
            aria-label={AUTH_COPY.showTestimonial(i + 1, count)}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
            sx={{
              width: i === index ? 24 : 8,
              height: 8,
              p: 0,
              border: 0,
              borderRadius: 4,
              cursor: 'pointer',
              bgcolor: i === index ? 'common.white' : 'rgba(255,255,255,0.4)',
              transition: 'width 200ms ease',
              '&:focus-visible': { outline: '2px solid white', outlineOffset: 2 },
            }}
          />
        ))}
        <Box sx={{ flex: 1 }} />
        <IconButton
          size="small"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? AUTH_COPY.play : AUTH_COPY.pause}
          sx={{ color: 'inherit' }}
        >
          {paused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
        </IconButton>
      </Stack>
    </Box>
  );
}
