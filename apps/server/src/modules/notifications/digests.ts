import { PREFERENCE_DEFAULTS } from '@tidemark/contract';
import { formatDate, safeTimezone, type MetricFormat } from '@tidemark/format';
import type { Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';
import { matches, selectAlerts } from './alert-selection';
import { channelSender } from './channel';
import { periodChartInput } from './chart-data';
import {
  SEVERITY_RANK,
  type AlertDetails,
  type DigestDetails,
  type DigestItem,
  type NotificationContent,
} from './content';
import { kickDispatch } from './delivery';
import * as repo from './notifications.repository';
import { chosenLocalTime, duePeriods, type DigestKind, type DuePeriod } from './schedule';

export const DIGEST_JOB = 'notifications.send-digests';

const DIGEST_LIMIT: Record<DigestKind, number> = { daily: 50, weekly: 10, monthly: 15, quarterly: 20 };
const DAY_MS = 86_400_000;

/**
 * Writes the summaries due at `now` for every member (or one workspace's): each period once per user
 * (`digest_runs`), never while its switch is off. E-mail only: summaries are long reads.
 */
export async function sendDueDigests(ctx: BaseContext, now = new Date(), tenantId?: number): Promise<number> {
  const rows = await repo.digestSchedules(ctx.db, tenantId);
  const email = channelSender('email');
  if (!email || !email.isConfigured(ctx.config)) return 0;
  let written = 0;
  for (const r of rows) {
    // The Alerts tab's e-mail switch is about alerts; summaries have the Reports tab's switches.
    const due = duePeriods(now, r.timezone, scheduleOf(r, now));
    const unsubscribed = r.unsubscribed.email ?? [];
    for (const p of due) {
      if (unsubscribed.includes(p.kind)) continue;
      const made = await ctx.db.transaction(async (tx) => {
        const claimed = await repo.claimDigest(tx, {
          tenantId: r.tenant_id,
          userId: r.user_id,
          kind: p.kind,
          periodKey: p.periodKey,
          sentAt: now,
        });
        if (!claimed) return false;
        const ws = await repo.findWorkspace(tx, r.tenant_id);
        if (!ws) return false;
        const content = await digestContent(ctx, tx, { ws, userId: r.user_id, period: p, now });
        await repo.insertOutbox(tx, {
          tenantId: r.tenant_id,
          userId: r.user_id,
          channel: 'email',
          kind: p.kind,
          itemId: null,
          dedupeKey: `${p.kind}:${p.periodKey}`,
          content,
          sendAfter: now,
        });
        return true;
      });
      if (made) written++;
    }
  }
  if (written > 0) await kickDispatch(ctx);
  return written;
}

/** The saved NOTIFICATION_SCHEDULE_PREFERENCE, or the spec's defaults (every day, Sunday, 12:00 local). */
function scheduleOf(r: repo.ScheduleRow, now: Date) {
  const d = PREFERENCE_DEFAULTS.NOTIFICATION_SCHEDULE_PREFERENCE;
  const v = r.preference_active === false ? null : r.preference_value;
  const daily = v?.daily_alerts ?? d.daily_alerts;
  const weekly = v?.weekly_digest ?? d.weekly_digest;
  const localTime = v?.weekly_digest?.day_time
    ? chosenLocalTime(v.weekly_digest.day_time, weekly.time_zone ?? r.timezone, r.preference_saved_at ?? now)
    : '12:00';
  return {
    localTime,
    daily: {
      active: r.preference_active !== false && (daily.is_active ?? true),
      days: daily.days_of_week ?? [],
    },
    weekly: {
      active: r.preference_active !== false && (weekly.is_active ?? true),
      startOfWeek: weekly.start_of_week ?? 'sunday',
    },
  };
}

function periodLabel(p: DuePeriod, tz: string): string {
  switch (p.kind) {
    case 'daily':
      return formatDate(p.from, { tz, format: 'dddd D MMMM YYYY' });
    case 'weekly':
      return `${formatDate(p.from, { tz, format: 'D MMM' })} – ${formatDate(p.to.getTime() - 1, { tz, format: 'D MMM YYYY' })}`;
    case 'monthly':
      return formatDate(p.from, { tz, format: 'MMMM YYYY' });
    case 'quarterly':
      return p.periodKey.replace(/^(\d{4})-(Q\d)$/, '$2 $1');
  }
}

/**
 * One member's summary of a period: the alerts of the items that took place in it, chosen by the alerts'
 * own selection and the member's own filters (what was, or with their channels on would have been, sent
 * to them), with the figures the alerts showed.
 */
export async function digestContent(
  ctx: BaseContext,
  tx: Queryable,
  input: { ws: repo.WorkspaceRow; userId: number; period: DuePeriod; now: Date },
): Promise<NotificationContent> {
  const { ws, period: p, now } = input;
  const [member] = await repo.recipients(tx, ws.tenant_id, input.userId);
  const alerts = (
    await selectAlerts(ctx, tx, ws, {
      select: { from: p.from, to: p.to },
      now,
      rule: 'alerted',
      charts: false,
    })
  ).filter((c) => member !== undefined && matches(c, member));
  const ranked = [...alerts].sort(
    (a, b) =>
      Math.abs(b.dollarImpact ?? 0) - Math.abs(a.dollarImpact ?? 0) ||
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity],
  );
  const items: DigestItem[] = ranked.slice(0, DIGEST_LIMIT[p.kind]).map((c) => {
    const d = c.content.details as AlertDetails;
    return {
      kind: c.kind,
      id: c.itemId,
      title: c.content.title,
      severity: c.severity,
      dollar_impact: c.content.dollar_impact,
      expected: c.content.expected,
      actual: c.content.actual,
      format: d.format,
      when: d.when,
      url: c.content.app_url,
      status: c.status,
    };
  });
  const resolved = alerts.filter((c) => c.status === 'Resolved' || c.status === 'Closed').length;
  const movers: DigestDetails['movers'] = [];
  if (p.kind !== 'daily') {
    const topKpis = [...new Set(ranked.flatMap((c) => (c.topKpiId ? [c.topKpiId] : [])))].slice(0, 3);
    const names = new Map((await repo.metricNames(tx, ws.tenant_id, topKpis)).map((m) => [m.kpi_id, m]));
    for (const kpi of topKpis) {
      const m = names.get(kpi);
      if (!m) continue;
      const format: MetricFormat = m.is_money ? 'currency' : (m.kpi_format as MetricFormat);
      const s = await repo.seriesOf(tx, {
        tenantId: ws.tenant_id,
        kpiId: kpi,
        grain: 'd',
        dimName: '',
        dimVal: '',
      });
      const { chart, first, last } = periodChartInput(s, {
        from: new Date(p.from.getTime() - 14 * DAY_MS),
        to: p.to,
        format,
        currencySymbol: ws.currency_symbol,
        timezone: ws.timezone,
        now,
      });
      movers.push({
        name: m.kpi_display_name,
        format,
        change: first && last !== null ? (last - first) / Math.abs(first) : null,
        chart,
        url: `${ctx.config.publicUrl}/metrics/${kpi}`,
      });
    }
  }
  const details: DigestDetails = {
    type: 'digest',
    kind: p.kind,
    period_label: periodLabel(p, safeTimezone(ws.timezone)),
    items,
    total: alerts.length,
    movers,
    open: alerts.length - resolved,
    resolved,
    providers: alerts
      .filter((c) => c.type === 'outage')
      .map((c) => ({ title: c.content.title, severity: c.severity, status: c.status })),
    precision: {
      helpful: alerts.reduce((n, c) => n + c.helpful, 0),
      rated: alerts.reduce((n, c) => n + c.rated, 0),
    },
  };
  return {
    title: `${p.kind[0]!.toUpperCase()}${p.kind.slice(1)} summary`,
    summary: `${alerts.length} alert${alerts.length === 1 ? '' : 's'} in ${details.period_label}`,
    severity: null,
    expected: null,
    actual: null,
    dollar_impact: null,
    currency: ws.currency,
    currency_symbol: ws.currency_symbol,
    app_url: `${ctx.config.publicUrl}/feed`,
    details,
  };
}

/** Tenant info's last_digest_ts (spec 1 §3): the last daily, monthly and quarterly summary sent. */
export async function lastDigestTimes(
  ctx: BaseContext,
  tenantId: number,
): Promise<{ day: string | null; month: string | null; quarter: string | null }> {
  const last = await repo.lastDigests(ctx.db, tenantId);
  const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
  return { day: iso(last.daily), month: iso(last.monthly), quarter: iso(last.quarterly) };
}
