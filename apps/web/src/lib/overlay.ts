import type { Location } from 'react-router';

/**
 * Detail pages opened "as overlays" (spec 3 §2): the link carries the page behind it in the history state.
 * The route then draws that page and the detail in a dialog over it; a direct load (no state) shows the
 * detail as a page of its own. Closing goes back to the page behind.
 */
export interface BackgroundLocation {
  pathname: string;
  search: string;
}

export interface OverlayState {
  background: BackgroundLocation;
}

/** The background a link from `location` opens over: the page itself, or the page an overlay already covers. */
export function overlayState(location: Pick<Location, 'pathname' | 'search' | 'state'>): OverlayState {
  const existing = backgroundOf(location.state);
  return { background: existing ?? { pathname: location.pathname, search: location.search } };
}

export function backgroundOf(state: unknown): BackgroundLocation | null {
  if (!state || typeof state !== 'object' || !('background' in state)) return null;
  const bg = (state as { background: unknown }).background;
  if (!bg || typeof bg !== 'object') return null;
  const { pathname, search } = bg as Record<string, unknown>;
  // Only an in-app path can be a background.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return { pathname, search: typeof search === 'string' ? search : '' };
}
