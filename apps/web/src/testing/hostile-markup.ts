import { expect } from 'vitest';

/** User data that is markup: what an uploaded CSV may carry in a metric name or a dimension value. */
export const HOSTILE_MARKUP = [
  '<img src=x onerror=alert(1)>',
  '<style>body{display:none}</style>',
  '<a href="https://evil.example">Click</a>',
  '<img src=/v1/logout>',
] as const;

/**
 * Asserts that chart HTML, parsed as the browser would, shows `payload` as literal text and holds none of its
 * elements (ECharts sets a formatter's string as the tooltip's innerHTML).
 */
export function expectShownAsText(html: string, payload: string): void {
  const box = document.createElement('div');
  box.innerHTML = html;
  expect(box.querySelectorAll('img, style, a, script, iframe').length, html).toBe(0);
  expect(box.textContent).toContain(payload);
}
