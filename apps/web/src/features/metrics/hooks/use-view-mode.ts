import { useCallback, useState } from 'react';

export type MetricsViewMode = 'table' | 'cards';

/** Spec 3 §2: the metrics view mode is kept in the browser, across visits. */
export const VIEW_MODE_KEY = 'tidemark.metrics-view';

export function readViewMode(): MetricsViewMode {
  try {
    return window.localStorage.getItem(VIEW_MODE_KEY) === 'cards' ? 'cards' : 'table';
  } catch {
    return 'table';
  }
}

export function useViewMode(): [MetricsViewMode, (mode: MetricsViewMode) => void] {
  const [mode, setMode] = useState<MetricsViewMode>(readViewMode);
  const set = useCallback((next: MetricsViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(VIEW_MODE_KEY, next);
    } catch {
      // Private mode or a full quota: the choice lasts for this visit only.
    }
  }, []);
  return [mode, set];
}
