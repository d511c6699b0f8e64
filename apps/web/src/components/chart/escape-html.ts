const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for chart HTML (tooltip formatters): ECharts puts a formatter's string into the page as markup, so
 * a metric name or dimension value from an upload must reach it as text. Quotes too: it may land in an attribute.
 */
export function escapeHtml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
