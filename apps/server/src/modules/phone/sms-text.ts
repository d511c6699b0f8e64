import type { Severity } from '@tidemark/contract';

/** One SMS segment of GSM-7 text; a longer alert costs more and splits on some phones. */
export const SMS_MAX = 160;

function money(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      value,
    );
  } catch {
    return `${Math.round(value)} ${currency}`;
  }
}

/**
 * The alert as one short line with its link: `Tidemark High: Revenue fell 23% (-$1,234) https://…`. The title
 * is shortened so the whole text fits one segment; the link is never cut.
 */
export function alertSmsText(alert: {
  title: string;
  severity: Severity | null;
  dollar_impact: number | null;
  currency: string;
  app_url: string;
}): string {
  const head = `Tidemark${alert.severity ? ` ${alert.severity}` : ''}: `;
  const impact = alert.dollar_impact !== null ? ` (${money(alert.dollar_impact, alert.currency)})` : '';
  const tail = `${impact} ${alert.app_url}`;
  const room = Math.max(20, SMS_MAX - head.length - tail.length);
  const title = alert.title.replace(/\s+/g, ' ').trim();
  const short = title.length <= room ? title : `${title.slice(0, room - 1).trimEnd()}…`;
  return `${head}${short}${tail}`;
}
