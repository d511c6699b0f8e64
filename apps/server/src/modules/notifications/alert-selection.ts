import { grainRank } from '@tidemark/contract';
import { formatDate, type MetricFormat } from '@tidemark/format';
import type { Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';
import type { NotificationSeverity } from './channel';
import { insightChartInput } from './chart-data';
import { SEVERITY_RANK, type AlertDetails, type NotificationContent } from './content';
import * as repo from './notifications.repository';

export type ItemKind = 'insight_group' | 'event_group';

/** An item that alerts (or alerted), before the members' filters: what any member's outbox row would hold. */
export interface Candidate {
  kind: ItemKind;
  itemId: string;
  severity: NotificationSeverity;
  dollarImpact: number | null;
  /** The dimension value an insight is about; null for site-wide items (event groups, overall insights). */
  dim: { name: string; val: string } | null;
  kpiIds: string[];
  topKpiId: string | null;
  /** Open, Resolved, Flagged (insight groups); Active, Closed (event groups). */
  status: string;
  /** 'insight', or the event group's type ('outage', 'error'). */
  type: string;
  helpful: number;
  rated: number;
  /** When it took place: an insight group's newest anomaly bucket, an event group's start. */
  happenedAt: Date;
  content: NotificationContent;
}

const DAY_MS = 86_400_000;
/**
 * How recent an insight must be to alert. Loading a year of history finds a year of past anomalies: those
 * belong in the feed, not in a burst of e-mails about last spring.
 */
const FRESH_MS: Record<string, number> = { h: 3 * DAY_MS, d: 7 * DAY_MS, w: 21 * DAY_MS, m: 62 * DAY_MS };

/**
 * The item-level alert rule: an insight group alerts while it is not resolved and ended recently; an event
 * group while it is Active (one first seen already Closed never alerts).
 */
export function alertable(
  item:
    | { kind: 'insight_group'; team_state: string; grain: string; ts_end: Date }
    | { kind: 'event_group'; status: string },
  now: Date,
): boolean {
  if (item.kind === 'event_group') return item.status === 'Active';
  if (item.team_state === 'Resolved') return false;
  return item.ts_end.getTime() >= now.getTime() - (FRESH_MS[item.grain] ?? 4 * DAY_MS);
}

/** The member's filters: severity, minimum dollar impact and, when they scoped their alerts, one dimension value. */
export function matches(
  c: Pick<Candidate, 'severity' | 'dollarImpact' | 'dim' | 'kind'>,
  m: Pick<repo.RecipientRow, 'severities' | 'monetary_impact_threshold' | 'scope_dim_name' | 'scope_dim_val'>,
): boolean {
  if (!m.severities.includes(c.severity)) return false;
  if (m.monetary_impact_threshold > 0) {
    // Without a dollar figure an item cannot be shown to clear a minimum the member asked for.
    if (c.dollarImpact === null || Math.abs(c.dollarImpact) < m.monetary_impact_threshold) return false;
  }
  if (m.scope_dim_name !== null && c.kind === 'insight_group') {
    if (!c.dim || c.dim.name !== m.scope_dim_name || c.dim.val !== m.scope_dim_val) return false;
  }
  return true;
}

const SEVERITY_OF: Record<number, NotificationSeverity> = { 3: 'High', 2: 'Medium', 1: 'Low' };

export interface AlertSelection {
  /** The given ids of one kind (new or changed items), or every item that took place in [from, to). */
  select: { kind: ItemKind; ids: string[] } | { from: Date; to: Date };
  now: Date;
  /**
   * 'now': the items that alert at `now` (a new alert). 'alerted': also those that alerted before, at the
   * highest severity they alerted at, whatever became of them since (a summary of a period's alerts).
   * 'replay': every item, at its present severity, as if Tidemark had been watching when it took place (the
   * settings' preview of what given filters would send).
   */
  rule: 'now' | 'alerted' | 'replay';
  /** Draw each insight's chart (alerts); summaries list items without one. */
  charts: boolean;
}

/**
 * The alerts of a set of items: the one selection both the alerts and the summaries use, so a summary lists
 * exactly what was (or, for a member whose channels are off, would have been) alerted, with the same figures.
 */
export async function selectAlerts(
  ctx: BaseContext,
  db: Queryable,
  ws: repo.WorkspaceRow,
  s: AlertSelection,
): Promise<Candidate[]> {
  const period = 'ids' in s.select ? null : s.select;
  const wants = (kind: ItemKind) => period !== null || ('kind' in s.select && s.select.kind === kind);
  const loader: repo.ItemSelector = period ?? { ids: 'ids' in s.select ? s.select.ids : [] };
  const out: Candidate[] = [];
  if (wants('insight_group')) {
    for (const g of await repo.insightGroupItems(db, ws.tenant_id, loader)) {
      if (!admit({ kind: 'insight_group', ...g }, g.alerted_rank, s)) continue;
      if (isEcho(g, s)) continue;
      out.push(await insightCandidate(ctx, db, ws, g, s));
    }
  }
  if (wants('event_group')) {
    for (const e of await repo.eventGroupItems(db, ws.tenant_id, loader)) {
      if (!admit({ kind: 'event_group', status: e.status }, e.alerted_rank, s)) continue;
      out.push(eventCandidate(ctx, ws, e, s));
    }
  }
  return out;
}

function admit(
  item: Parameters<typeof alertable>[0],
  alertedRank: number | null,
  s: AlertSelection,
): boolean {
  if (s.rule === 'replay') return true;
  return alertable(item, s.now) || (s.rule === 'alerted' && alertedRank !== null);
}

/**
 * Whether a group that never alerted tells what another grain's group tells (one afternoon's spike seen by
 * the hourly and the daily pipeline): one loss is alerted once. The other one is told instead when it
 * alerted at this severity or above, or when it alerts now and is more severe, or as severe and finer
 * (sooner and more precise). A more severe echo still alerts: it is an escalation the member may filter for.
 */
export function isEcho(
  g: Pick<repo.InsightGroupItem, 'grain' | 'severity' | 'alerted_rank' | 'peers'>,
  s: Pick<AlertSelection, 'rule' | 'now'>,
): boolean {
  if (g.alerted_rank !== null) return false;
  const rank = SEVERITY_RANK[g.severity];
  const mine = grainRank(g.grain);
  return g.peers.some((p) => {
    // Alerted, it was told (and a team that resolved it since has dealt with this loss).
    if (p.alerted_rank !== null) return p.alerted_rank >= rank;
    const live =
      s.rule === 'replay' ||
      alertable(
        { kind: 'insight_group', team_state: p.team_state, grain: p.grain, ts_end: new Date(p.ts_end) },
        s.now,
      );
    const theirs = SEVERITY_RANK[p.severity];
    return live && (theirs > rank || (theirs === rank && grainRank(p.grain) < mine));
  });
}

/** The severity a summary shows: the highest the item alerted at, or its present one if that is higher. */
function severityFor(current: NotificationSeverity, alertedRank: number | null, s: AlertSelection) {
  if (s.rule !== 'alerted' || alertedRank === null || alertedRank <= SEVERITY_RANK[current]) return current;
  return SEVERITY_OF[alertedRank] ?? current;
}

const appUrl = (ctx: BaseContext, path: string) => `${ctx.config.publicUrl}${path}`;

async function insightCandidate(
  ctx: BaseContext,
  db: Queryable,
  ws: repo.WorkspaceRow,
  g: repo.InsightGroupItem,
  s: AlertSelection,
): Promise<Candidate> {
  // A money metric's figures are in the workspace's currency.
  const format: MetricFormat = g.top_kpi_money
    ? 'currency'
    : ((g.top_kpi_format ?? 'number') as MetricFormat);
  const severity = severityFor(g.severity, g.alerted_rank, s);
  const details: AlertDetails = {
    type: 'alert',
    kind: 'insight_group',
    item_label: 'Insight',
    metric_name: g.top_kpi_display_name,
    format,
    when: formatDate(g.ts_start, {
      tz: ws.timezone,
      format: g.grain === 'h' ? 'ddd D MMM YYYY, h A z' : 'ddd D MMM YYYY',
    }),
    chart: s.charts && g.top_insight_ts ? await insightChart(db, ws, g, format, s.now) : null,
    // Alerted before at a lower severity: the subject says it escalated.
    escalated: g.alerted_rank !== null,
  };
  return {
    kind: 'insight_group',
    itemId: g.group_id,
    severity,
    dollarImpact: g.dollar_impact,
    dim: g.dim_name ? { name: g.dim_name, val: g.dim_val } : null,
    kpiIds: g.kpi_ids ?? [g.top_kpi_id],
    topKpiId: g.top_kpi_id,
    status: g.team_state,
    type: 'insight',
    helpful: g.helpful,
    rated: g.rated,
    happenedAt: g.ts_end,
    content: {
      title: g.title,
      summary: g.summary,
      severity,
      expected: g.expected,
      actual: g.actual,
      dollar_impact: g.dollar_impact,
      currency: ws.currency,
      currency_symbol: ws.currency_symbol,
      app_url: appUrl(ctx, `/groups/${g.group_id}`),
      details,
    },
  };
}

async function insightChart(
  db: Queryable,
  ws: repo.WorkspaceRow,
  g: repo.InsightGroupItem,
  format: MetricFormat,
  now: Date,
) {
  const series = await repo.seriesOf(db, {
    tenantId: ws.tenant_id,
    kpiId: g.top_kpi_id,
    grain: g.grain,
    dimName: g.top_dim_name ?? '',
    dimVal: g.top_dim_val ?? '',
  });
  return insightChartInput(series, {
    grain: g.grain,
    insightTs: g.top_insight_ts!,
    bad: (g.accent === 'positive') === (g.direction === 'down'),
    format,
    currencySymbol: ws.currency_symbol,
    timezone: ws.timezone,
    now,
  });
}

function eventCandidate(
  ctx: BaseContext,
  ws: repo.WorkspaceRow,
  e: repo.EventGroupItem,
  s: AlertSelection,
): Candidate {
  const impact = e.impact_value === null ? null : -Math.abs(e.impact_value);
  const severity = severityFor(e.severity, e.alerted_rank, s);
  return {
    kind: 'event_group',
    itemId: e.event_group_id,
    severity,
    dollarImpact: impact,
    dim: null,
    kpiIds: [],
    topKpiId: null,
    status: e.status,
    type: e.type,
    helpful: e.helpful,
    rated: e.rated,
    happenedAt: e.ts_start,
    content: {
      title: e.title,
      summary: e.summary,
      severity,
      expected: null,
      actual: null,
      dollar_impact: impact,
      currency: ws.currency,
      currency_symbol: ws.currency_symbol,
      app_url: appUrl(ctx, `/events/groups/${e.event_group_id}`),
      details: {
        type: 'alert',
        kind: 'event_group',
        item_label:
          e.type === 'outage'
            ? 'Provider outage'
            : e.sub_type === 'experience'
              ? 'Experience'
              : 'Site errors',
        metric_name: null,
        format: 'number',
        when: formatDate(e.ts_start, { tz: ws.timezone }),
        chart: null,
        escalated: e.alerted_rank !== null,
      },
    },
  };
}
