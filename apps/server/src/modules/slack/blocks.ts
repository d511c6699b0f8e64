import type { ActionsBlockElement, KnownBlock } from '@slack/types';
import { formatMetricValue, type MetricFormat } from '@tidemark/format';
import {
  SLACK_ACTION_IDS,
  SLACK_ALERT_MESSAGES,
  SLACK_SNOOZES,
  type Severity,
  type TeamState,
} from '@tidemark/contract';

export type SlackItemKind = 'insight_group' | 'event_group';

export type SlackBlock = KnownBlock;
type ActionElement = ActionsBlockElement;

/** What an alert says, kept with its Slack message so an edit redraws the same figures. */
export interface SlackAlert {
  kind: SlackItemKind;
  item_id: string;
  title: string;
  summary: string;
  severity: Severity | null;
  expected: number | null;
  actual: number | null;
  dollar_impact: number | null;
  currency: string;
  app_url: string;
  /**
   * The metric's format and the workspace's currency symbol, so Expected and Actual read as in the app and the
   * e-mail (106.6, not 107). Optional: messages stored without them redraw as plain numbers.
   */
  format?: MetricFormat;
  currency_symbol?: string;
  /** The alert's chart (a public, signed PNG link), shown under the figures. */
  chart_url?: string;
}

/** The item's state as the message shows it after someone acted on it. */
export interface SlackAlertState {
  state: TeamState;
  snoozed_until: Date | null;
  /** What the last action was and who did it, e.g. 'Resolved by Ada Lovelace via Slack'. */
  note: string | null;
}

export const OPEN_STATE: SlackAlertState = { state: 'Open', snoozed_until: null, note: null };

// Block Kit's documented limits: header text 150, section text 3,000, button text 75.
const HEADER_MAX = 150;
const SECTION_MAX = 3000;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Slack's mrkdwn reads &, < and > as markup; item texts are shown as written. */
export const escapeMrkdwn = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      value,
    );
  } catch {
    return `${Math.round(value).toLocaleString('en-US')} ${currency}`;
  }
}

/** The symbol of an ISO currency code ('EUR' → '€'), for rows written before the symbol was kept. */
function symbolOf(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

const figure = (alert: SlackAlert, value: number) =>
  formatMetricValue(value, alert.format ?? 'number', alert.currency_symbol ?? symbolOf(alert.currency));

const SEVERITY_MARK: Record<Severity, string> = { High: '🔴', Medium: '🟠', Low: '🟡' };

/** The notification text (shown in Slack's notifications and by clients without blocks). */
export function alertText(alert: SlackAlert): string {
  const severity = alert.severity ? `[${alert.severity}] ` : '';
  const impact = alert.dollar_impact !== null ? ` (${formatMoney(alert.dollar_impact, alert.currency)})` : '';
  return clip(`${severity}${alert.title}${impact}`, SECTION_MAX);
}

/** `insight_group:42` — what a button carries, so the click names its item. */
export const itemValue = (alert: Pick<SlackAlert, 'kind' | 'item_id'>) => `${alert.kind}:${alert.item_id}`;

/**
 * The alert as Block Kit: title, summary, figures, the state once someone acted, and the buttons. An insight
 * group offers Resolve and Flag (its team states); an event group closes by itself when its errors stop, so it
 * offers Snooze and Open only.
 */
export function alertBlocks(alert: SlackAlert, state: SlackAlertState = OPEN_STATE): SlackBlock[] {
  const fields: Array<{ type: 'mrkdwn'; text: string }> = [];
  if (alert.severity)
    fields.push({ type: 'mrkdwn', text: `*Severity*\n${SEVERITY_MARK[alert.severity]} ${alert.severity}` });
  if (alert.dollar_impact !== null) {
    fields.push({
      type: 'mrkdwn',
      text: `*Dollar impact*\n${formatMoney(alert.dollar_impact, alert.currency)}`,
    });
  }
  if (alert.expected !== null)
    fields.push({ type: 'mrkdwn', text: `*Expected*\n${figure(alert, alert.expected)}` });
  if (alert.actual !== null)
    fields.push({ type: 'mrkdwn', text: `*Actual*\n${figure(alert, alert.actual)}` });

  const blocks: SlackBlock[] = [
    {
      type: 'header',
      text: { type: 'plain_text', text: clip(alert.title || 'Tidemark alert', HEADER_MAX), emoji: true },
    },
  ];
  if (alert.summary) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: clip(escapeMrkdwn(alert.summary), SECTION_MAX) },
    });
  }
  if (fields.length) blocks.push({ type: 'section', fields });
  if (alert.chart_url) {
    blocks.push({
      type: 'image',
      image_url: alert.chart_url,
      alt_text: clip(`Chart: ${alert.title || 'Tidemark alert'}`, 2000),
    });
  }
  const status = stateLine(state);
  if (status) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(status) }] });
  blocks.push({ type: 'actions', block_id: 'actions', elements: buttons(alert, state) });
  return blocks;
}

function stateLine(state: SlackAlertState): string | null {
  const parts: string[] = [];
  if (state.state === 'Resolved') parts.push('✅ Resolved');
  if (state.state === 'Flagged') parts.push('🚩 Flagged');
  if (state.snoozed_until && state.snoozed_until.getTime() > Date.now()) {
    parts.push(`💤 Snoozed until ${state.snoozed_until.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  }
  if (state.note) parts.push(state.note);
  return parts.length ? parts.join(' · ') : null;
}

function buttons(alert: SlackAlert, state: SlackAlertState): ActionElement[] {
  const value = itemValue(alert);
  const out: ActionElement[] = [];
  if (alert.kind === 'insight_group') {
    if (state.state !== 'Resolved') {
      out.push({
        type: 'button',
        action_id: SLACK_ACTION_IDS.resolve,
        text: { type: 'plain_text', text: SLACK_ALERT_MESSAGES.buttons.resolve },
        style: 'primary',
        value,
      });
    }
    if (state.state !== 'Flagged') {
      out.push({
        type: 'button',
        action_id: SLACK_ACTION_IDS.flag,
        text: { type: 'plain_text', text: SLACK_ALERT_MESSAGES.buttons.flag },
        style: 'danger',
        value,
      });
    }
  }
  if (state.state !== 'Resolved') {
    out.push({
      type: 'static_select',
      action_id: SLACK_ACTION_IDS.snooze,
      placeholder: { type: 'plain_text', text: SLACK_ALERT_MESSAGES.snoozePlaceholder },
      options: SLACK_SNOOZES.map((s) => ({
        text: { type: 'plain_text', text: s.label },
        value: `${value}:${s.id}`,
      })),
    });
  }
  out.push({
    type: 'button',
    action_id: SLACK_ACTION_IDS.open,
    text: { type: 'plain_text', text: SLACK_ALERT_MESSAGES.buttons.open },
    url: alert.app_url,
  });
  return out;
}
