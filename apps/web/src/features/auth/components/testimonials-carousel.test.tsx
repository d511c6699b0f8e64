import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TESTIMONIALS } from '../utils/testimonials';
import { TestimonialsCarousel } from './testimonials-carousel';

describe('TestimonialsCarousel', () => {
  it('moves to the next testimonial on its own and stops when paused', () => {
    vi.useFakeTimers();
    render(<TestimonialsCarousel items={TESTIMONIALS} intervalMs={1000} />);
    expect(screen.getByText(TESTIMONIALS[0]!.name)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText(TESTIMONIALS[1]!.name)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText(TESTIMONIALS[1]!.name)).toBeTruthy();
  });

  it('stays still for someone who asks for reduced motion until they press play', () => {
    vi.useFakeTimers();
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({ ...original(query), matches: query.includes('prefers-reduced-motion: reduce') }) as MediaQueryList;
    try {
      render(<TestimonialsCarousel items={TESTIMONIALS} intervalMs={1000} />);
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.getByText(TESTIMONIALS[0]!.name)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByText(TESTIMONIALS[1]!.name)).toBeTruthy();
    } finally {
      window.matchMedia = original;
      vi.useRealTimers();
    }
  });

  it('jumps to a chosen testimonial', () => {
    render(<TestimonialsCarousel items={TESTIMONIALS} />);
    fireEvent.click(screen.getByRole('button', { name: `Show testimonial 3 of ${TESTIMONIALS.length}` }));
    expect(screen.getByText(TESTIMONIALS[2]!.name)).toBeTruthy();
  });
});
