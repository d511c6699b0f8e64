import { afterEach, vi } from 'vitest';

// Pure logic files run in Node (`// @vitest-environment node` at their top): without a window, neither jsdom's
// stand-ins nor Testing Library (with React DOM) are loaded for them.
const testingLibrary = typeof window === 'undefined' ? null : await import('@testing-library/react');

if (testingLibrary) {
  // A screen's first render loads its lazy chunks and MUI in jsdom: on a 2-core machine that also runs the
  // browser suite, one took over 5 s (metric-page, in CI). Waits allow fifteen; a wait that is met returns at once.
  testingLibrary.configure({ asyncUtilTimeout: 15_000 });

  // jsdom has no matchMedia; MUI asks it for breakpoints and reduced motion.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  // jsdom does not implement scrolling; ScrollRestoration calls it.
  window.scrollTo = () => {};
}

afterEach(() => {
  if (testingLibrary) {
    testingLibrary.cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
