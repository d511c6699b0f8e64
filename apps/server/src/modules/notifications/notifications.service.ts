import { PREFERENCE_DEFAULTS, SNOOZE_DURATIONS, NOTIFICATION_MESSAGES as M } from '@tidemark/contract';
import type {
  CreateSnoozeBody,
  NotificationPreview,
  NotificationSettings,
  Snooze,
  UpdateNotificationSettingsBody,
} from '@tidemark/contract';
import { formatDate, safeTimezone, type MetricFormat } from '@tidemark/format';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { BaseContext, TenantContext } from '../../plugins/context';
import { chartPng, type ChartInput } from './chart';
import { readChartToken } from './chart-token';
import {
  channelSender,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationSeverity,
} from './channel';
import {
  SEVERITY_RANK,
  type AlertDetails,
  type DigestDetails,
  type DigestItem,
  type NotificationContent,
} from './content';
import * as repo from './notifications.repository';
import { chosenLocalTime, duePeriods, quietUntil, type DigestKind, type DuePeriod } from './schedule';
import { readUnsubscribeToken, type UnsubscribeType } from './unsubscribe-token';

export const DISPATCH_JOB = 'notifications.dispatch';
export const DIGEST_JOB = 'notifications.send-digests';
export const deliverJobName = (channel: NotificationChannel) => `notifications.deliver-${channel}`;

type ItemKind = 'insight_group' | 'event_group';

// ---- Matching: every new or escalated item, in the item's own transaction ----

/** A candidate alert before the members' filters: what any member's outbox row would hold. */
interface Candidate {
  kind: ItemKind;
  itemId: string;
  severity: NotificationSeverity;
  dollarImpact: number | null;
  /** The dimension value an insight is about; null for site-wide items (event groups, overall insights). */
  dim: { name: string; val: string } | null;
  kpiIds: string[];
  content: NotificationContent;
}

const appUrl = (ctx: BaseContext, path: string) => `${ctx.config.publicUrl}${path}`;

/**
 * Matches new and escalated items against every member's subscriptions and writes their outbox rows, in
 * the caller's transaction (`tx`): the item and its alerts commit together or not at all. An item alerts
 * once; it alerts again only when its severity goes up (the repeat rule). Delivery jobs pick the rows up
 * after the commit.
 */
export async function notifyItems({
  ctx,
  tx,
  input,
}: {
  ctx: BaseContext;
  tx: Queryable;
  input: { tenantId: number; kind: ItemKind; ids: Array<string | number>; now?: Date };
}): Promise<number> {
  if (input.ids.length === 0) return 0;
  const now = input.now ?? new Date();
  const ws = await repo.findWorkspace(tx, input.tenantId);
  // The demo workspace is shared by every visitor: it never sends anything.
  if (!ws || ws.is_demo || ws.is_all_customers) return 0;
  const ids = input.ids.map(String);
  const candidates =
    input.kind === 'insight_group'
      ? await insightCandidates(ctx, tx, ws, ids, now)
      : await eventCandidates(ctx, tx, ws, ids);
  let written = 0;
  let members: repo.RecipientRow[] | null = null;
  let snoozes: repo.SnoozeRow[] = [];
  for (const c of candidates) {
    const first = await repo.claimAlertLevel(tx, {
      tenantId: ws.tenant_id,
      kind: c.kind,
      itemId: c.itemId,
      rank: SEVERITY_RANK[c.severity],
    });
    if (!first) continue;
    if (!members) {
      members = await repo.recipients(tx, ws.tenant_id);
      snoozes = await repo.activeSnoozes(tx, ws.tenant_id, now);
    }
    for (const m of members) {
      if (!matches(c, m)) continue;
      if (isSnoozed(c, m.user_id, snoozes)) continue;
      const sendAfter =
        quietUntil(now, ws.timezone, {
          is_active: m.quiet_hours_active,
          start: m.quiet_start,
          end: m.quiet_end,
        }) ?? now;
      for (const channel of await channelsFor(ctx, tx, ws.tenant_id, m)) {
        const id = await repo.insertOutbox(tx, {
          tenantId: ws.tenant_id,
          userId: m.user_id,
          channel,
          kind: c.kind,
          itemId: c.itemId,
          dedupeKey: `${c.kind}:${c.itemId}:${c.severity}`,
          content: c.content,
          sendAfter,
        });
        if (id) written++;
      }
    }
  }
  if (written > 0) await kickDispatch(ctx);
  return written;
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

function isSnoozed(c: Candidate, userId: number, snoozes: repo.SnoozeRow[]): boolean {
  return snoozes.some(
    (s) =>
      s.user_id === userId &&
      ((s.target_type === c.kind && s.target_id === c.itemId) ||
        (s.target_type === 'metric' && c.kpiIds.includes(s.target_id))),
  );
}

/** Channels on for the member whose provider this server has, and that can reach them (a verified phone…). */
async function channelsFor(
  ctx: BaseContext,
  tx: Queryable,
  tenantId: number,
  m: repo.RecipientRow,
): Promise<NotificationChannel[]> {
  const on: Record<NotificationChannel, boolean> = {
    email: m.email_active && !(m.unsubscribed.email ?? []).includes('alerts'),
    slack: m.slack_active && !(m.unsubscribed.slack ?? []).includes('alerts'),
    sms: m.sms_active && m.phone_number !== null && !(m.unsubscribed.sms ?? []).includes('alerts'),
  };
  const out: NotificationChannel[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    if (!on[channel]) continue;
    const sender = channelSender(channel);
    if (!sender || !sender.isConfigured(ctx.config)) continue;
    if (sender.canReach && !(await sender.canReach(tx, { tenantId, userId: m.user_id }))) continue;
    out.push(channel);
  }
  return out;
}

const GRAIN_WINDOW: Record<string, number> = { h: 72, d: 45, w: 26, m: 18 };
const DAY_MS = 86_400_000;
/**
 * How recent an insight must be to alert. Loading a year of history finds a year of past anomalies: those
 * belong in the feed, not in a burst of e-mails about last spring.
 */
const FRESH_MS: Record<string, number> = { h: 3 * DAY_MS, d: 7 * DAY_MS, w: 21 * DAY_MS, m: 62 * DAY_MS };

async function insightCandidates(
  ctx: BaseContext,
  tx: Queryable,
  ws: repo.WorkspaceRow,
  ids: string[],
  now: Date,
): Promise<Candidate[]> {
  const rows = await repo.insightGroupItems(tx, ws.tenant_id, ids);
  const out: Candidate[] = [];
  for (const g of rows) {
    if (g.team_state === 'Resolved') continue;
    if (g.ts_end.getTime() < now.getTime() - (FRESH_MS[g.grain] ?? 4 * DAY_MS)) continue;
    const format = (g.top_kpi_format ?? 'number') as MetricFormat;
    const chart = await insightChart(tx, ws.tenant_id, g);
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
      chart,
      escalated: false,
    };
    out.push({
      kind: 'insight_group',
      itemId: g.group_id,
      severity: g.severity,
      dollarImpact: g.dollar_impact,
      dim: g.dim_name ? { name: g.dim_name, val: g.dim_val } : null,
      kpiIds: g.kpi_ids ?? [g.top_kpi_id],
      content: {
        title: g.title,
        summary: g.summary,
        severity: g.severity,
        expected: g.expected,
        actual: g.actual,
        dollar_impact: g.dollar_impact,
        currency: ws.currency,
        currency_symbol: ws.currency_symbol,
        app_url: appUrl(ctx, `/groups/${g.group_id}`),
        details,
      },
    });
  }
  return markEscalations(tx, ws.tenant_id, out);
}

/** The top insight's series around it, with the expected band, its own buckets highlighted. */
async function insightChart(
  tx: Queryable,
  tenantId: number,
  g: repo.InsightGroupItem,
): Promise<ChartInput | null> {
  if (!g.top_insight_ts) return null;
  const s = await repo.seriesOf(tx, {
    tenantId,
    kpiId: g.top_kpi_id,
    grain: g.grain,
    dimName: g.top_dim_name ?? '',
    dimVal: g.top_dim_val ?? '',
  });
  if (!s || s.ts.length < 2) return null;
  const at = s.ts.findIndex((t) => t.getTime() >= g.top_insight_ts!.getTime());
  const end =
    at < 0 ? s.ts.length - 1 : Math.min(s.ts.length - 1, at + Math.ceil((GRAIN_WINDOW[g.grain] ?? 30) / 6));
  const start = Math.max(0, end - (GRAIN_WINDOW[g.grain] ?? 30));
  const slice = <T>(a: T[] | null) => (a ? a.slice(start, end + 1) : undefined);
  const bad = (g.accent === 'positive') === (g.direction === 'down');
  const chart: ChartInput = {
    values: s.y.slice(start, end + 1),
    tone: bad ? 'bad' : 'good',
    ...(at >= 0 ? { highlight: [at - start, at - start] as [number, number] } : {}),
  };
  const lower = slice(s.yhat_lower);
  const upper = slice(s.yhat_upper);
  if (lower && upper) {
    chart.lower = lower;
    chart.upper = upper;
  }
  return chart;
}

async function eventCandidates(
  ctx: BaseContext,
  tx: Queryable,
  ws: repo.WorkspaceRow,
  ids: string[],
): Promise<Candidate[]> {
  const rows = await repo.eventGroupItems(tx, ws.tenant_id, ids);
  const out: Candidate[] = [];
  for (const e of rows) {
    // A group that was already over when first seen goes to the daily e-mail, not to an alert.
    if (e.status !== 'Active') continue;
    out.push({
      kind: 'event_group',
      itemId: e.event_group_id,
      severity: e.severity,
      dollarImpact: e.impact_value === null ? null : -Math.abs(e.impact_value),
      dim: null,
      kpiIds: [],
      content: {
        title: e.title,
        summary: e.summary,
        severity: e.severity,
        expected: null,
        actual: null,
        dollar_impact: e.impact_value === null ? null : -Math.abs(e.impact_value),
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
          escalated: false,
        },
      },
    });
  }
  return markEscalations(tx, ws.tenant_id, out);
}

/** An item alerted before at a lower severity says so in its subject. */
async function markEscalations(tx: Queryable, tenantId: number, cs: Candidate[]): Promise<Candidate[]> {
  if (cs.length === 0) return cs;
  const rows = await tx.query<{ kind: string; item_id: string }>(
    `select kind, item_id from notification_items where tenant_id = $1 and item_id = any($2::text[])`,
    [tenantId, cs.map((c) => c.itemId)],
  );
  const seen = new Set(rows.map((r) => `${r.kind}:${r.item_id}`));
  for (const c of cs) {
    if (seen.has(`${c.kind}:${c.itemId}`) && c.content.details.type === 'alert')
      c.content.details.escalated = true;
  }
  return cs;
}

/**
 * Wakes the dispatcher soon after the caller's commit; the every-minute schedule catches anything it
 * misses (a long transaction, a restart), so no row is left behind.
 */
async function kickDispatch(ctx: BaseContext): Promise<void> {
  try {
    await ctx.jobs.send(DISPATCH_JOB, {}, { singletonKey: DISPATCH_JOB, startAfterSeconds: 2 });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not wake the notification dispatcher; its schedule will');
  }
}

// ---- Dispatch and delivery ----

/** Hands every due outbox row to its channel's delivery job (one job per row, keyed by it). */
export async function dispatchDue(ctx: BaseContext, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await repo.takeDueOutbox(ctx.db, now, 200);
    for (const r of rows) {
      await ctx.jobs.send(
        deliverJobName(r.channel),
        { tenantId: r.tenant_id, notificationId: r.id },
        { singletonKey: `notification:${r.id}` },
      );
    }
    total += rows.length;
    if (rows.length < 200) return total;
  }
}

export const DELIVERY_RETRY_LIMIT = 8;

/**
 * Sends one outbox row. A row already sent is left alone (a retried or duplicated job sends nothing); a
 * failure is recorded and thrown so the job retries with back-off, until the last retry marks it failed.
 * Senders pass the row id as the provider's idempotency key (e-mail: a fixed Message-ID).
 */
export async function deliverNotification(
  ctx: BaseContext,
  input: { tenantId: number; notificationId: string; finalAttempt: boolean },
): Promise<'sent' | 'skipped' | 'failed'> {
  const row = await repo.findOutbox(ctx.db, input.tenantId, input.notificationId);
  if (!row || row.status !== 'pending') return 'skipped';
  const sender = channelSender(row.channel);
  if (!sender || !sender.isConfigured(ctx.config)) {
    await repo.finishOutbox(ctx.db, {
      tenantId: row.tenant_id,
      id: row.notification_id,
      status: 'cancelled',
      error: `The ${row.channel} channel is not configured on this server.`,
    });
    return 'skipped';
  }
  const attempt = await repo.startAttempt(ctx.db, row.tenant_id, row.notification_id);
  if (attempt === null) return 'skipped';
  const recipient = (await repo.userEmail(ctx.db, row.user_id)) ?? `user ${row.user_id}`;
  const c = row.content;
  try {
    const result = await sender.send(ctx, {
      id: row.notification_id,
      tenant_id: row.tenant_id,
      user_id: row.user_id,
      channel: row.channel,
      kind: row.kind,
      item_id: row.item_id,
      title: c.title,
      summary: c.summary,
      severity: c.severity,
      expected: c.expected,
      actual: c.actual,
      dollar_impact: c.dollar_impact,
      currency: c.currency,
      app_url: c.app_url,
      attempt,
      details: { ...c.details, currency_symbol: c.currency_symbol },
    });
    await ctx.db.transaction((tx) =>
      repo.recordAttempt(tx, {
        tenantId: row.tenant_id,
        id: row.notification_id,
        channel: row.channel,
        recipient:
          result.recipient ?? (row.channel === 'email' ? recipient : `${row.channel}:${row.user_id}`),
        status: 'sent',
        providerMessageId: result.providerMessageId,
        error: null,
      }),
    );
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof Error && error.name === 'PermanentSendError';
    await ctx.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, {
        tenantId: row.tenant_id,
        id: row.notification_id,
        channel: row.channel,
        recipient: row.channel === 'email' ? recipient : `${row.channel}:${row.user_id}`,
        status: 'failed',
        providerMessageId: null,
        error: message.slice(0, 1000),
      });
      if (permanent || input.finalAttempt) {
        await repo.finishOutbox(tx, {
          tenantId: row.tenant_id,
          id: row.notification_id,
          status: 'failed',
          error: message,
        });
      }
    });
    if (permanent || input.finalAttempt) return 'failed';
    throw error;
  }
}

// ---- Digests ----

const DIGEST_LIMIT: Record<DigestKind, number> = { daily: 50, weekly: 10, monthly: 15, quarterly: 20 };

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
        const content = await digestContent(ctx, tx, ws, p);
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

async function digestContent(
  ctx: BaseContext,
  tx: Queryable,
  ws: repo.WorkspaceRow,
  p: DuePeriod,
): Promise<NotificationContent> {
  const raised = await repo.itemsBetween(tx, {
    tenantId: ws.tenant_id,
    from: p.from,
    to: p.to,
    by: 'raised',
  });
  const ranked = [...raised].sort(
    (a, b) =>
      Math.abs(b.dollar_impact ?? 0) - Math.abs(a.dollar_impact ?? 0) ||
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity],
  );
  const items: DigestItem[] = ranked.slice(0, DIGEST_LIMIT[p.kind]).map((i) => ({
    kind: i.kind,
    title: i.title,
    severity: i.severity,
    dollar_impact:
      i.kind === 'event_group' && i.dollar_impact !== null ? -Math.abs(i.dollar_impact) : i.dollar_impact,
    url: appUrl(ctx, i.kind === 'insight_group' ? `/groups/${i.id}` : `/events/groups/${i.id}`),
    status: i.status,
  }));
  const resolved = raised.filter((i) => i.status === 'Resolved' || i.status === 'Closed').length;
  const movers: DigestDetails['movers'] = [];
  if (p.kind !== 'daily') {
    const topKpis = [...new Set(ranked.filter((i) => i.top_kpi_id).map((i) => i.top_kpi_id!))].slice(0, 3);
    const names = new Map((await repo.metricNames(tx, ws.tenant_id, topKpis)).map((m) => [m.kpi_id, m]));
    for (const kpi of topKpis) {
      const m = names.get(kpi);
      if (!m) continue;
      const s = await repo.seriesOf(tx, {
        tenantId: ws.tenant_id,
        kpiId: kpi,
        grain: 'd',
        dimName: '',
        dimVal: '',
      });
      const inPeriod = s
        ? s.ts
            .map((t, i) => ({ t: t.getTime(), y: s.y[i] ?? null }))
            .filter((x) => x.t >= p.from.getTime() - 14 * 86_400_000 && x.t < p.to.getTime())
        : [];
      const first = inPeriod[0]?.y ?? null;
      const last = inPeriod[inPeriod.length - 1]?.y ?? null;
      movers.push({
        name: m.kpi_display_name,
        format: m.kpi_format as MetricFormat,
        change: first && last !== null ? (last - first) / Math.abs(first) : null,
        chart: inPeriod.length > 1 ? { values: inPeriod.map((x) => x.y), tone: 'neutral' } : null,
        url: appUrl(ctx, `/metrics/${kpi}`),
      });
    }
  }
  const details: DigestDetails = {
    type: 'digest',
    kind: p.kind,
    period_label: periodLabel(p, safeTimezone(ws.timezone)),
    items,
    movers,
    open: raised.length - resolved,
    resolved,
    providers: raised
      .filter((i) => i.type === 'outage')
      .map((i) => ({ title: i.title, severity: i.severity, status: i.status })),
    precision: {
      helpful: raised.reduce((n, i) => n + i.helpful, 0),
      rated: raised.reduce((n, i) => n + i.rated, 0),
    },
  };
  return {
    title: `${p.kind[0]!.toUpperCase()}${p.kind.slice(1)} summary`,
    summary: `${raised.length} item${raised.length === 1 ? '' : 's'} in ${details.period_label}`,
    severity: null,
    expected: null,
    actual: null,
    dollar_impact: null,
    currency: ws.currency,
    currency_symbol: ws.currency_symbol,
    app_url: appUrl(ctx, '/feed'),
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

// ---- Settings, snoozes, preview (the caller's own) ----

export async function getNotificationSettings({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<NotificationSettings> {
  const s = await repo.findSettings(ctx.db, ctx.tenantId, ctx.user.userId);
  return {
    quiet_hours: { is_active: s.quiet_hours_active, start: s.quiet_start, end: s.quiet_end },
    scope_filter_id: s.scope_filter_id,
    channels: NOTIFICATION_CHANNELS.map((name) => ({
      name,
      is_configured: channelSender(name)?.isConfigured(ctx.config) ?? false,
    })),
  };
}

export async function updateNotificationSettings({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: UpdateNotificationSettingsBody;
}): Promise<NotificationSettings> {
  await ctx.db.transaction(async (tx) => {
    if (
      input.scope_filter_id !== null &&
      !(await repo.filterExists(tx, ctx.tenantId, input.scope_filter_id))
    ) {
      throw new AppError('bad_request', M.badFilter);
    }
    const s = await repo.findSettings(tx, ctx.tenantId, ctx.user.userId);
    await repo.saveSettings(tx, ctx.tenantId, ctx.user.userId, {
      ...s,
      quiet_hours_active: input.quiet_hours.is_active,
      quiet_start: input.quiet_hours.start,
      quiet_end: input.quiet_hours.end,
      scope_filter_id: input.scope_filter_id,
    });
  });
  return getNotificationSettings({ ctx });
}

const toSnooze = (r: repo.NamedSnoozeRow): Snooze => ({
  id: r.snooze_id,
  target_type: r.target_type,
  target_id: r.target_id,
  target_name: r.target_name,
  until: r.until.toISOString(),
});

export async function listSnoozes({ ctx }: { ctx: TenantContext }): Promise<{ snoozes: Snooze[] }> {
  const rows = await repo.memberSnoozes(ctx.db, ctx.tenantId, ctx.user.userId, new Date());
  return { snoozes: rows.map(toSnooze) };
}

/** Snoozes alerts about one item or one metric for the caller; snoozing again restarts the time. */
export async function snoozeAlerts({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: CreateSnoozeBody & { now?: Date };
}): Promise<{ success: true; message: string; data: Snooze }> {
  if (!(await repo.targetExists(ctx.db, ctx.tenantId, input.target_type, input.target_id))) {
    throw new AppError('not_found', M.badTarget);
  }
  const now = input.now ?? new Date();
  const row = await repo.upsertSnooze(ctx.db, {
    tenantId: ctx.tenantId,
    userId: ctx.user.userId,
    targetType: input.target_type,
    targetId: input.target_id,
    until: new Date(now.getTime() + SNOOZE_DURATIONS[input.duration] * 1000),
  });
  return { success: true, message: M.snoozed, data: toSnooze(row) };
}

export async function removeSnooze({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: string };
}): Promise<{ success: true; message: string }> {
  if (!(await repo.deleteSnooze(ctx.db, ctx.tenantId, ctx.user.userId, input.id))) {
    throw new AppError('not_found', M.snoozeNotFound);
  }
  return { success: true, message: M.snoozeRemoved };
}

const WEEK_MS = 7 * 86_400_000;

/**
 * Replays the items that took place in the last 4 weeks through the given filters (the saved ones where
 * not given), with the caller's alert scope: one alert per item at its present severity.
 */
export async function previewAlerts({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    severity?: NotificationSeverity[] | undefined;
    monetary_impact_threshold?: number | undefined;
    now?: Date;
  };
}): Promise<NotificationPreview> {
  const to = input.now ?? new Date();
  const from = new Date(to.getTime() - 4 * WEEK_MS);
  const [me] = await repo.recipients(ctx.db, ctx.tenantId, ctx.user.userId);
  const filters = {
    severities: input.severity ?? me?.severities ?? ['High', 'Medium', 'Low'],
    monetary_impact_threshold: input.monetary_impact_threshold ?? me?.monetary_impact_threshold ?? 0,
    scope_dim_name: me?.scope_dim_name ?? null,
    scope_dim_val: me?.scope_dim_val ?? null,
  };
  const items = await repo.itemsBetween(ctx.db, { tenantId: ctx.tenantId, from, to, by: 'happened' });
  const weeks = [0, 1, 2, 3].map((i) => ({
    week_start: new Date(from.getTime() + i * WEEK_MS).toISOString(),
    count: 0,
  }));
  const bySeverity = { High: 0, Medium: 0, Low: 0 };
  const byKind = { insight_group: 0, event_group: 0 };
  for (const i of items) {
    const impact =
      i.kind === 'event_group' && i.dollar_impact !== null ? -Math.abs(i.dollar_impact) : i.dollar_impact;
    const ok = matches(
      {
        kind: i.kind,
        severity: i.severity,
        dollarImpact: impact,
        dim: i.dim_name ? { name: i.dim_name, val: i.dim_val } : null,
      },
      filters,
    );
    if (!ok) continue;
    bySeverity[i.severity]++;
    byKind[i.kind]++;
    const w = Math.min(3, Math.floor((i.item_at.getTime() - from.getTime()) / WEEK_MS));
    weeks[Math.max(0, w)]!.count++;
  }
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: bySeverity.High + bySeverity.Medium + bySeverity.Low,
    by_severity: bySeverity,
    by_kind: byKind,
    weeks,
  };
}

// ---- Unsubscribe ----

const TYPE_NAMES: Record<UnsubscribeType, string> = {
  alerts: 'alert',
  daily: 'daily alert',
  weekly: 'weekly digest',
  monthly: 'monthly summary',
  quarterly: 'quarterly summary',
};

export function describeUnsubscribe(secret: string, token: string): { what: string } {
  const claim = readUnsubscribeToken(secret, token);
  if (!claim) throw new AppError('bad_request', M.badToken);
  return {
    what: `${TYPE_NAMES[claim.type]} ${claim.channel === 'email' ? 'e-mails' : `messages by ${claim.channel}`}`,
  };
}

/**
 * An alert's chart as a PNG, for the chart link in its Slack message (Slack fetches image blocks without a
 * session). The signed token names the outbox row; anything else, or a row without a chart, is not found.
 */
export async function alertChartPng({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { secret: string; token: string };
}): Promise<Buffer> {
  const claim = readChartToken(input.secret, input.token);
  const row = claim ? await repo.findOutbox(ctx.db, claim.tenantId, claim.notificationId) : undefined;
  const details = row?.content.details;
  if (details?.type !== 'alert' || !details.chart)
    throw new AppError('not_found', 'It looks like there is no chart here.');
  return chartPng(details.chart);
}

/**
 * One-click unsubscribe: the signed token names the user, workspace, channel and kind, and changes only
 * that. E-mail alerts, daily alerts and the weekly digest turn the settings' own switches off, so the
 * settings tell the truth (the saved report time is kept: `updated_at` is what reads it back); monthly and
 * quarterly summaries, which have no switch of their own, and other channels are remembered per user.
 */
export async function unsubscribe({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { secret: string; token: string };
}): Promise<{ success: true; message: string; what: string }> {
  const claim = readUnsubscribeToken(input.secret, input.token);
  if (!claim) throw new AppError('bad_request', M.badToken);
  const { what } = describeUnsubscribe(input.secret, input.token);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.isMember(tx, claim.tenantId, claim.userId))) return;
    if (claim.type === 'alerts' && claim.channel === 'email') {
      await repo.turnEmailAlertsOff(tx, claim.tenantId, claim.userId);
      return;
    }
    if (claim.channel === 'email' && (claim.type === 'daily' || claim.type === 'weekly')) {
      await repo.turnScheduleOff(tx, {
        tenantId: claim.tenantId,
        userId: claim.userId,
        part: claim.type === 'daily' ? 'daily_alerts' : 'weekly_digest',
        defaults: PREFERENCE_DEFAULTS.NOTIFICATION_SCHEDULE_PREFERENCE,
      });
      return;
    }
    const s = await repo.findSettings(tx, claim.tenantId, claim.userId);
    const list = new Set(s.unsubscribed[claim.channel] ?? []);
    list.add(claim.type);
    await repo.saveSettings(tx, claim.tenantId, claim.userId, {
      ...s,
      unsubscribed: { ...s.unsubscribed, [claim.channel]: [...list].sort() },
    });
  });
  return { success: true, message: M.unsubscribed, what };
}
