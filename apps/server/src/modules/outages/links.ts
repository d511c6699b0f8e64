import { formatMoneyAmount } from '@tidemark/format';
import { OUTAGE_MESSAGES, type OutageLink } from '@tidemark/contract';
import type { Queryable } from '../../db/client';
import { PROVIDER_CATALOGUE } from '../providers';
import * as repo from './outages.repository';

// Outages joined to the business (issue 12 item 4). The rule and its thresholds are in README.md.

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** A signal may begin this long before the outage's start (status pages post minutes after the fact). */
export const LINK_LEAD_MINUTES = 30;
/** … and up to this long after its end (hourly buckets and recovery lag). */
export const LINK_TRAIL_MINUTES = 60;
/** Daily signals link only to outages at least this long (a short blip does not move a day). */
export const LINK_DAILY_MIN_OUTAGE_MINUTES = 60;
/** Outages that ended this long ago are no longer re-linked by the sweep. */
export const LINK_LOOKBACK_DAYS = 14;
/**
 * After a workspace's pipelines ran: a backfill raises insight groups over its whole history, so every outage
 * it had since then (13 months of data at most) is linked again.
 */
export const LINK_AFTER_PIPELINES_DAYS = 400;

export interface Window {
  start: number;
  end: number;
}

/**
 * Whether a signal's window belongs to an outage's: it overlaps [start − lead, end + trail] and, for a signal
 * of hourly resolution, began no earlier than the lead before the outage (a drop already under way was not
 * caused by it). Answers the minutes they overlap, or null.
 */
export function overlapOf(outage: Window, signal: Window, grain: 'h' | 'd' | 'event'): number | null {
  const from = outage.start - LINK_LEAD_MINUTES * MINUTE_MS;
  const to = outage.end + LINK_TRAIL_MINUTES * MINUTE_MS;
  const length = grain === 'd' ? 24 * HOUR_MS : grain === 'h' ? HOUR_MS : 0;
  const sEnd = Math.max(signal.end, signal.start + length);
  if (sEnd <= from || signal.start >= to) return null;
  if (grain !== 'd' && signal.start < from) return null;
  if (grain === 'd' && outage.end - outage.start < LINK_DAILY_MIN_OUTAGE_MINUTES * MINUTE_MS) return null;
  const overlap = Math.min(sEnd, to) - Math.max(signal.start, from);
  return Math.max(1, Math.round(overlap / MINUTE_MS));
}

/** Hosts of a provider: the catalogue's list plus its home page's domain; subdomains match. */
export function providerHosts(providerName: string, homePage: string): string[] {
  const listed = PROVIDER_CATALOGUE.find((p) => p.name === providerName)?.hosts ?? [];
  let home: string[];
  try {
    home = [new URL(homePage).hostname.replace(/^www\./, '')];
  } catch {
    home = [];
  }
  return [...new Set([...listed, ...home].map((h) => h.toLowerCase()))];
}

export const hostMatches = (host: string, hosts: string[]) =>
  hosts.some((h) => host === h || host.endsWith(`.${h}`));

/**
 * Re-links every outage group of the workspace that ended in the last `lookbackDays`: insight groups with a
 * harmful move (their top insight's accent negative) and experience events in the window, and site-error groups
 * in the window whose errors reached the provider's hosts. Each outage's dollar impact becomes the largest lost
 * revenue among its links (they are mostly one drop seen several ways, so never summed).
 */
export async function linkTenantOutages(
  db: Queryable,
  tenantId: number,
  now = new Date(),
  lookbackDays = LINK_LOOKBACK_DAYS,
): Promise<number> {
  const since = new Date(now.getTime() - lookbackDays * 24 * HOUR_MS);
  const outages = await repo.outageGroupsBetween(db, tenantId, since, new Date(now.getTime() + HOUR_MS));
  let links = 0;
  for (const outage of outages) {
    const w: Window = {
      start: outage.ts_start.getTime(),
      end: (outage.status === 'Active' ? now : outage.ts_end).getTime(),
    };
    const from = new Date(w.start - 24 * HOUR_MS);
    const to = new Date(w.end + LINK_TRAIL_MINUTES * MINUTE_MS);
    const provider = await repo.providerByUuid(db, outage.provider_uuid);
    const hosts = provider ? providerHosts(provider.provider_name, provider.home_page_url) : [];
    const found: repo.LinkWrite[] = [];
    for (const s of await repo.insightGroupsBetween(db, tenantId, from, to)) {
      if (!s.harmful) continue;
      const overlap = overlapOf(w, { start: s.ts_start.getTime(), end: s.ts_end.getTime() }, s.grain);
      if (overlap === null) continue;
      found.push({
        signalKind: 'insight_group',
        signalId: s.id,
        overlapMinutes: overlap,
        direction: s.direction,
        lostRevenue: s.lost_revenue,
      });
    }
    for (const e of await repo.eventSignalsBetween(db, tenantId, from, to)) {
      const window = { start: e.ts_start.getTime(), end: e.ts_end.getTime() };
      if (e.sub_type === 'experience') {
        if (e.accent === 'positive') continue;
        const overlap = overlapOf(w, window, 'event');
        if (overlap === null) continue;
        found.push({
          signalKind: 'experience_event',
          signalId: e.id,
          overlapMinutes: overlap,
          direction: e.direction === 'up' ? 'up' : 'down',
          lostRevenue: e.impact_value,
        });
      } else if (e.sub_type !== 'outage' && e.hosts.some((h) => hostMatches(h, hosts))) {
        const overlap = overlapOf(w, window, 'event');
        if (overlap === null) continue;
        found.push({
          signalKind: 'site_error_group',
          signalId: e.id,
          overlapMinutes: overlap,
          direction: 'up',
          lostRevenue: e.impact_value,
        });
      }
    }
    await repo.replaceLinks(db, tenantId, outage.event_group_id, found);
    const values = found
      .map((l) => l.lostRevenue)
      .filter((v): v is number => v !== null && Number.isFinite(v));
    await repo.setOutageImpact(
      db,
      tenantId,
      outage.event_group_id,
      values.length ? Math.max(...values) : null,
    );
    links += found.length;
  }
  return links;
}

/** An amount in the workspace's currency (its symbol read with the row), never a hard-coded '$'. */
const money = (value: number | null, symbol: string | undefined) =>
  value === null ? null : formatMoneyAmount(value, symbol);

function linkOf(row: repo.LinkRow, side: 'signal' | 'outage'): OutageLink {
  const provider = row.provider?.display_name ?? 'provider';
  const outageSide = side === 'outage';
  return {
    id: outageSide ? row.outage_group_id : row.signal_id,
    kind: outageSide ? 'outage' : row.signal_kind,
    title: (outageSide ? row.outage_title : row.signal_title) ?? '',
    provider_uuid: row.provider_uuid,
    provider_display_name: provider,
    provider_logo_url: row.provider?.logo_url ?? null,
    ts_start: ((outageSide ? row.outage_start : row.signal_start) ?? row.outage_start).toISOString(),
    ts_end: ((outageSide ? row.outage_end : row.signal_end) ?? row.outage_end).toISOString(),
    lost_revenue: row.lost_revenue,
    formatted_lost_revenue: money(row.lost_revenue, row.currency_symbol),
    label: OUTAGE_MESSAGES.likelyRelated(provider),
    overlap_minutes: row.overlap_minutes,
    direction: row.direction,
  };
}

/** An outage group's linked signals (its detail's related_signals). */
export async function relatedSignals({
  ctx,
  input,
}: {
  ctx: { db: Queryable; tenantId: number };
  input: { outageGroupId: string };
}): Promise<OutageLink[]> {
  return (await repo.linksOfOutage(ctx.db, ctx.tenantId, input.outageGroupId)).map((r) =>
    linkOf(r, 'signal'),
  );
}

/** The outages a signal is linked to (related_outages of an event group or an insight group). */
export async function relatedOutages({
  ctx,
  input,
}: {
  ctx: { db: Queryable; tenantId: number };
  input: { kind: 'event_group' | 'insight_group'; id: string };
}): Promise<OutageLink[]> {
  return (
    (await relatedOutagesOfMany({ ctx, input: { kind: input.kind, ids: [input.id] } })).get(input.id) ?? []
  );
}

/** The same for a page of a feed, in one read: each signal id with its outages (absent when none). */
export async function relatedOutagesOfMany({
  ctx,
  input,
}: {
  ctx: { db: Queryable; tenantId: number };
  input: { kind: 'event_group' | 'insight_group'; ids: string[] };
}): Promise<Map<string, OutageLink[]>> {
  const out = new Map<string, OutageLink[]>();
  if (input.ids.length === 0) return out;
  const kinds = input.kind === 'insight_group' ? ['insight_group'] : ['experience_event', 'site_error_group'];
  for (const row of await repo.linksOfSignals(ctx.db, ctx.tenantId, kinds, input.ids)) {
    const links = out.get(row.signal_id) ?? [];
    links.push(linkOf(row, 'outage'));
    out.set(row.signal_id, links);
  }
  return out;
}
