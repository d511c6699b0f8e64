import raw from '../testimonials.json';

/** Spec 1 §3, Testimonials. Shipped as a JSON file with the app instead of a content network. */
export interface Testimonial {
  description: string;
  logo: string;
  name: string;
  position: string;
  company: string;
}

export const TESTIMONIALS: readonly Testimonial[] = raw;
