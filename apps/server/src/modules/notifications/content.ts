import type { MetricFormat } from '@tidemark/format';
import type { ChartInput } from './chart';
import type { NotificationKind, NotificationSeverity } from './channel';

/**
 * What an outbox row holds, rendered when the row is written (in the item's transaction): every channel
 * and every retry sends these same figures, whatever changes afterwards.
 */
export interface NotificationContent {
  title: string;
  summary: string;
  severity: NotificationSeverity | null;
  expected: number | null;
  actual: number | null;
  dollar_impact: number | null;
  currency: string;
  currency_symbol: string;
  app_url: string;
  details: AlertDetails | DigestDetails;
}

export interface AlertDetails {
  type: 'alert';
  kind: Extract<NotificationKind, 'insight_group' | 'event_group'>;
  /** 'Insight' or 'Site errors'. */
  item_label: string;
  metric_name: string | null;
  format: MetricFormat;
  /** When it happened, in the workspace's zone. */
  when: string;
  chart: ChartInput | null;
  /** Re-sent because the item's severity went up. */
  escalated: boolean;
}

/** One alert of the period, with the figures its alert showed. */
export interface DigestItem {
  kind: 'insight_group' | 'event_group';
  /** The insight group or event group id (rows written before it was kept have none). */
  id?: string;
  title: string;
  severity: NotificationSeverity;
  dollar_impact: number | null;
  expected?: number | null;
  actual?: number | null;
  format?: MetricFormat;
  /** When it happened, in the workspace's zone. */
  when?: string;
  url: string;
  status: string;
}

export interface DigestDetails {
  type: 'digest';
  kind: Exclude<NotificationKind, 'insight_group' | 'event_group'>;
  /** 'Tue 3 Mar 2026', 'Week of 1 Mar 2026', 'February 2026', 'Q1 2026'. */
  period_label: string;
  /** The period's alerts ranked by dollar impact, largest first (daily: up to 50; weekly: the top 10…). */
  items: DigestItem[];
  /** How many alerts the period held (more than `items` when the list was cut). */
  total?: number;
  /** Weekly and longer: the metrics that moved most, each with a chart. */
  movers: Array<{
    name: string;
    change: number | null;
    format: MetricFormat;
    chart: ChartInput | null;
    url: string;
  }>;
  open: number;
  resolved: number;
  /** Outage event groups of the period (provider health); empty when there were none. */
  providers: Array<{ title: string; severity: NotificationSeverity; status: string }>;
  /** From the team's feedback on the period's items: helpful / rated. */
  precision: { helpful: number; rated: number };
}

export const SEVERITY_RANK: Record<NotificationSeverity, number> = { High: 3, Medium: 2, Low: 1 };
