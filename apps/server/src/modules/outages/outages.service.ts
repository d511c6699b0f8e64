import { PROVIDER_CATEGORIES, type EventLogRow, type ProviderCategory } from '@tidemark/contract';
import type { Db, Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';
import { notifyItems } from '../notifications';
import { linkTenantOutages } from './links';
import { diffComponents, outageLogLine, outageTitle, rowStatus, severityOfImpact } from './outage-rules';
import * as repo from './outages.repository';
import { backoffSeconds, fetchStatus, type FetchResult } from './status-fetch';
import {
  UnreadableBodyError,
  parseBody,
  parseStatuspage,
  type ComponentState,
  type ParsedIncident,
  type StatusSnapshot,
} from './status-parsers';

export const POLL_DUE_JOB = 'outages.poll-due';
export const POLL_PROVIDER_JOB = 'outages.poll-provider';
export { OUTAGE_LINK_JOB as LINK_JOB } from '../../jobs/stages';

const HOUR_MS = 3_600_000;
const DONE = new Set(['resolved', 'completed', 'postmortem_published']);

export const outageFingerprint = (providerUuid: string, incidentKey: string) =>
  `outage:${providerUuid}:${incidentKey}`;

/** Statuspage's history lists beside its summary, read when a followed incident leaves the summary. */
const statuspageHistoryUrl = (feedUrl: string, kind: 'incident' | 'maintenance') =>
  feedUrl.replace(
    /summary\.json(\?.*)?$/,
    kind === 'incident' ? 'incidents.json' : 'scheduled-maintenances.json',
  );
const instatusComponentsUrl = (feedUrl: string) =>
  feedUrl.replace(/summary\.json(\?.*)?$/, 'v2/components.json');

export interface PollOutcome {
  result: 'ok' | 'not_modified' | 'unreachable' | 'malformed';
  error: string | null;
  /** Incidents whose record or history changed. */
  touched: string[];
  /** Event groups written (new or refreshed), over every workspace. */
  groups: number;
  skipped: string[];
}

/**
 * Polls one provider's status page once: a conditional GET, then the body read, diffed against the last
 * component snapshot and stored, and the outage groups of every workspace watching it raised or refreshed.
 * An unreachable or unreadable page is recorded as such (with back-off) and changes nothing else.
 */
export async function pollProvider(
  base: BaseContext,
  input: { providerUuid: string; now?: Date; signal?: AbortSignal },
): Promise<PollOutcome> {
  const now = input.now ?? new Date();
  const provider = await repo.providerByUuid(base.db, input.providerUuid);
  if (!provider)
    return { result: 'unreachable', error: 'unknown provider', touched: [], groups: 0, skipped: [] };
  const state = await repo.pollState(base.db, provider.provider_uuid);
  const interval = state?.poll_interval_seconds ?? base.config.statusPollIntervalSeconds;
  const fetched = await fetchStatus(
    provider.feed_url,
    { etag: state?.etag ?? null, lastModified: state?.last_modified ?? null },
    input.signal ? { signal: input.signal } : {},
  );
  const fail = async (result: 'unreachable' | 'malformed', error: string): Promise<PollOutcome> => {
    const failures = (state?.consecutive_failures ?? 0) + 1;
    await repo.savePollState(base.db, provider.provider_uuid, {
      result,
      error,
      failures,
      polledAt: now,
      nextPollAt: new Date(now.getTime() + backoffSeconds(interval, failures) * 1000),
    });
    base.log.warn({ provider: provider.provider_name, result, error }, 'status page not read');
    return { result, error, touched: [], groups: 0, skipped: [] };
  };
  if (fetched.kind === 'unreachable') return fail('unreachable', fetched.error);
  if (fetched.kind === 'not_modified') {
    await repo.savePollState(base.db, provider.provider_uuid, {
      result: 'not_modified',
      error: null,
      failures: 0,
      polledAt: now,
      nextPollAt: new Date(now.getTime() + interval * 1000),
    });
    // Nothing new on the page, but open groups' end (the time seen so far) moves on.
    const open = await repo.openIncidents(base.db, provider.provider_uuid);
    const groups = await base.db.transaction((tx) =>
      raiseOutageGroups(
        tx,
        provider,
        open.map((i) => i.incident_key),
        now,
        base,
      ),
    );
    return { result: 'not_modified', error: null, touched: [], groups, skipped: [] };
  }
  let snapshot: StatusSnapshot;
  try {
    let extra: string | null = null;
    if (provider.feed_format === 'instatus') {
      const c = await fetchStatus(instatusComponentsUrl(provider.feed_url), {
        etag: null,
        lastModified: null,
      });
      extra = c.kind === 'ok' ? c.body : null;
    }
    snapshot = parseBody(provider.feed_format, fetched.body, now.getTime(), extra);
  } catch (err) {
    if (err instanceof UnreadableBodyError) return fail('malformed', err.message);
    throw err;
  }
  if (snapshot.activeOnly && provider.feed_format === 'statuspage_v2') {
    await addStatuspageHistory(
      provider,
      snapshot,
      await repo.openIncidents(base.db, provider.provider_uuid),
      now,
    );
  }
  const { touched, groups } = await ingestSnapshot(base.db, {
    provider,
    snapshot,
    previous: state?.components ?? null,
    now,
    alerts: base,
  });
  await repo.savePollState(base.db, provider.provider_uuid, {
    result: 'ok',
    error: null,
    etag: (fetched as Extract<FetchResult, { kind: 'ok' }>).etag,
    lastModified: (fetched as Extract<FetchResult, { kind: 'ok' }>).lastModified,
    components: snapshot.components,
    failures: 0,
    polledAt: now,
    nextPollAt: new Date(now.getTime() + interval * 1000),
  });
  if (snapshot.skipped.length)
    base.log.info(
      { provider: provider.provider_name, skipped: snapshot.skipped.slice(0, 20) },
      'status page parts skipped',
    );
  return { result: 'ok', error: null, touched, groups, skipped: snapshot.skipped };
}

/** Followed incidents missing from a summary are looked up in the history lists (resolved ones are there). */
async function addStatuspageHistory(
  provider: repo.PolledProvider,
  snapshot: StatusSnapshot,
  open: repo.IncidentRow[],
  now: Date,
): Promise<void> {
  const listed = new Set(snapshot.incidents.map((i) => i.key));
  const missing = open.filter((i) => !listed.has(i.incident_key));
  for (const kind of ['incident', 'maintenance'] as const) {
    const wanted = new Set(missing.filter((i) => i.kind === kind).map((i) => i.incident_key));
    if (!wanted.size) continue;
    const r = await fetchStatus(statuspageHistoryUrl(provider.feed_url, kind), {
      etag: null,
      lastModified: null,
    });
    if (r.kind !== 'ok') continue;
    try {
      for (const i of parseStatuspage(r.body, now.getTime()).incidents) {
        if (wanted.has(i.key)) snapshot.incidents.push(i);
      }
    } catch {
      // An unreadable history list leaves them to the rule below: gone from the summary means ended.
    }
  }
}

/**
 * Stores what one readable body says (shared by the poller and the demo's replay): incidents and their updates
 * as history rows, the component transitions against the previous snapshot, incidents that left an
 * active-only page as resolved; then raises the groups. Idempotent: rows are deduplicated by their keys.
 */
export async function ingestSnapshot(
  db: Db,
  input: {
    provider: repo.PolledProvider;
    snapshot: StatusSnapshot;
    previous: Record<string, ComponentState> | null;
    now: Date;
    /** The poller's context: new and escalated outage groups alert (the demo's replay passes none). */
    alerts?: BaseContext;
  },
): Promise<{ touched: string[]; groups: number }> {
  const { provider, snapshot, now } = input;
  const uuid = provider.provider_uuid;
  const touched = new Set<string>();
  return db.transaction(async (tx) => {
    const before = new Map((await repo.openIncidents(tx, uuid)).map((i) => [i.incident_key, i]));
    const listed = new Set<string>();
    for (const incident of snapshot.incidents) {
      listed.add(incident.key);
      const [known] = await repo.incidentsByKeys(tx, uuid, [incident.key]);
      await repo.upsertIncident(tx, uuid, incident);
      if (!known || known.status !== incident.status || known.resolved !== incident.resolved)
        touched.add(incident.key);
      for (const u of incident.updates) {
        const added = await repo.addLogRow(tx, uuid, incident.key, {
          dedupeKey: `update:${u.id}`,
          at: u.at,
          currentStatus: rowStatus(incident, DONE.has(u.status), []),
          description: u.body || null,
          changes: [],
          payload: { status: u.status, body: u.body, incident: incident.title },
        });
        if (added) touched.add(incident.key);
      }
    }
    if (snapshot.activeOnly) {
      for (const [key] of before) {
        if (listed.has(key)) continue;
        await repo.resolveIncident(tx, uuid, key, now);
        await repo.addLogRow(tx, uuid, key, {
          dedupeKey: `left-page:${now.toISOString()}`,
          at: now,
          currentStatus: 'up',
          description: null,
          changes: [],
          payload: { status: 'resolved', note: 'no longer listed on the status page' },
        });
        touched.add(key);
      }
    }
    // The poller's own transition log: each change goes to the incidents it concerns (all open ones when an
    // incident names no component), including those resolved by this very body.
    const changes = diffComponents(input.previous, snapshot.components);
    if (changes.length) {
      const concerned = await repo.incidentsByKeys(tx, uuid, [...new Set([...before.keys(), ...listed])]);
      for (const incident of concerned) {
        if (incident.resolved && !touched.has(incident.incident_key)) continue;
        const names = new Set(incident.affected_components);
        const mine = names.size ? changes.filter((c) => names.has(c.name)) : changes;
        if (!mine.length) continue;
        await repo.addLogRow(tx, uuid, incident.incident_key, {
          dedupeKey: `components:${now.toISOString()}`,
          at: now,
          currentStatus: rowStatus(incident, incident.resolved, mine),
          description: null,
          changes: mine,
          payload: { components: mine },
        });
        touched.add(incident.incident_key);
      }
    }
    const open = (await repo.openIncidents(tx, uuid)).map((i) => i.incident_key);
    const groups = await raiseOutageGroups(
      tx,
      provider,
      [...new Set([...touched, ...open])],
      now,
      input.alerts,
    );
    return { touched: [...touched], groups };
  });
}

const durationLabel = (ms: number) => (ms < HOUR_MS ? 'Short' : ms < 24 * HOUR_MS ? 'Medium' : 'Long');

/**
 * One group per incident per workspace that turned the provider on; a workspace that turned it off gets no new
 * group, and its existing ones are still brought up to date (an end is not a new event). Incidents of impact
 * none and maintenances that have not begun raise nothing.
 */
export async function raiseOutageGroups(
  db: Queryable,
  provider: repo.PolledProvider,
  keys: string[],
  now: Date,
  /** When given, each group written is matched to its workspace's alert subscriptions in the same transaction. */
  alerts?: BaseContext,
): Promise<number> {
  if (!keys.length) return 0;
  const incidents = await repo.incidentsByKeys(db, provider.provider_uuid, keys);
  const watching = await repo.tenantsWatching(db, provider.provider_uuid);
  const category = provider.categories[0] as ProviderCategory | undefined;
  let written = 0;
  for (const incident of incidents) {
    const severity = severityOfImpact(incident.impact);
    if (!severity || incident.started_at.getTime() > now.getTime()) continue;
    if (incident.kind === 'maintenance' && incident.status === 'scheduled' && !incident.resolved) continue;
    const fingerprint = outageFingerprint(provider.provider_uuid, incident.incident_key);
    const tenants = new Set([...watching, ...(await repo.tenantsWithGroup(db, fingerprint))]);
    if (!tenants.size) continue;
    const rows = await repo.logRows(db, provider.provider_uuid, incident.incident_key, 500);
    const seen = new Set(incident.affected_components);
    for (const r of rows)
      for (const c of r.component_changes) if (c.current_status !== 'up') seen.add(c.name);
    const components = [...seen].slice(0, 20);
    const end = incident.resolved ? (incident.resolved_at ?? now) : now;
    const latest = rows.find((r) => r.description)?.description ?? null;
    const name = provider.display_name;
    const title = outageTitle(name, severity);
    const description = [
      `${name} reports: ${incident.title}.`,
      ...(latest ? [`Latest update: ${latest}`] : []),
      ...(components.length ? [`Affected components: ${components.join(', ')}.`] : []),
    ].join('\n');
    for (const tenantId of tenants) {
      const groupId = await repo.upsertOutageGroup(db, tenantId, {
        fingerprint,
        startHour: new Date(Math.floor(incident.started_at.getTime() / HOUR_MS) * HOUR_MS),
        providerUuid: provider.provider_uuid,
        status: incident.resolved ? 'Closed' : 'Active',
        tsStart: incident.started_at,
        tsEnd: end,
        events: rows.length,
        severity,
        title,
        summary: `${incident.title} (${incident.resolved ? 'resolved' : incident.status.replace(/_/g, ' ')}).`,
        description,
        action: [
          `Follow ${name}'s status page until the incident is resolved.`,
          'Check your checkout, sign-up and notification flows that depend on it.',
          'Tell your customers, or switch to a fallback, if it lasts.',
        ].join('\n'),
        errorMessage: incident.title,
        components,
        labels: {
          duration: durationLabel(end.getTime() - incident.started_at.getTime()),
          frequency: 'Rare',
          primary_driver: null,
          primary_driver_os: null,
          primary_driver_browser: null,
          is_default: true,
          category: category ? PROVIDER_CATEGORIES[category] : null,
          site: null,
        },
        impactBasis: {
          quantified: false,
          affected_sessions: 0,
          affected_conversions: 0,
          affected_conversion_rate: null,
          comparable_sessions: 0,
          comparable_conversions: 0,
          comparable_conversion_rate: null,
          average_order_value: null,
          order_value_source: null,
          minimum_sessions: 0,
          formula: 'the largest lost revenue among the signals linked to the outage',
        },
        figures: {
          affected_page_views: 0,
          total_page_views: 0,
          affected_sessions: 0,
          incident_key: incident.incident_key,
          incident_kind: incident.kind,
          incident_status: incident.status,
          impact: incident.impact,
          shortlink: incident.shortlink,
          provider: {
            provider_uuid: provider.provider_uuid,
            provider_name: provider.provider_name,
            display_name: name,
            logo_url: provider.logo_url,
            home_page_url: provider.home_page_url,
            status_page_url: provider.status_page_url,
          },
        },
      });
      // Only Active groups alert, and a live one again only when its severity rises (notifications).
      if (alerts)
        await notifyItems({ ctx: alerts, tx: db, input: { tenantId, kind: 'event_group', ids: [groupId] } });
      written++;
    }
  }
  return written;
}

/** Polls every due provider that at least one store turned on (the schedule's job sends one job per provider). */
export async function dueProviderUuids(base: Pick<BaseContext, 'db'>, now = new Date()): Promise<string[]> {
  return (await repo.dueProviders(base.db, now)).map((p) => p.provider_uuid);
}

/** Reruns the link rule for every workspace with outages in the last 14 days. */
export async function linkRecentOutages(base: Pick<BaseContext, 'db'>, now = new Date()): Promise<void> {
  for (const tenantId of await repo.tenantsWithRecentOutages(
    base.db,
    new Date(now.getTime() - 14 * 24 * HOUR_MS),
  )) {
    await linkTenantOutages(base.db, tenantId, now);
  }
}

// ---- Reads for the events and insights APIs ----

/** An outage group's Outage History rows, newest first (spec 2 §3 Event, §4 log line). */
export async function outageHistory({
  ctx,
  input,
}: {
  ctx: { db: Queryable; tenantId: number };
  input: { groupId: string; limit: number };
}): Promise<EventLogRow[]> {
  const group = await repo.outageGroupById(ctx.db, ctx.tenantId, input.groupId);
  if (!group) return [];
  const key = group.fingerprint.slice(`outage:${group.provider_uuid}:`.length);
  const rows = await repo.logRows(ctx.db, group.provider_uuid, key, input.limit);
  return rows.map((r) => ({
    event_uuid: `${group.event_group_id}-${r.log_id}`,
    start_time: r.at.toISOString(),
    status_code: null,
    payload: r.payload,
    description: r.description,
    data: { current_status: r.current_status, details: r.payload },
    component_status_changes: r.component_changes,
    top_dimension: null,
    summary: outageLogLine({
      description: r.description,
      current_status: r.current_status,
      changes: r.component_changes,
    }),
  }));
}

export type { ParsedIncident };

/** The events filters' provider options for outages (appended to the site's by the events API). */
export async function outageFilterOptions({ ctx }: { ctx: { db: Queryable; tenantId: number } }) {
  const providers = await repo.filterProviders(ctx.db, ctx.tenantId);
  const categories = [...new Set(providers.flatMap((p) => p.categories))] as ProviderCategory[];
  const components = await repo.outageComponents(ctx.db, ctx.tenantId);
  return {
    providers: providers.map((p) => ({
      provider_uuid: p.provider_uuid,
      provider_name: p.provider_name,
      provider_display_name: p.display_name,
      provider_logo_url: p.logo_url,
    })),
    provider_types: categories
      .filter((c) => c in PROVIDER_CATEGORIES)
      .map((c) => ({ provider_type_name: c, provider_type_display_name: PROVIDER_CATEGORIES[c] })),
    provider_checks: components.map((c) => ({
      provider_check_name: c.component,
      provider_check_display_name: c.component,
      metric_id: null,
      parent_uuid: c.provider_uuid,
    })),
  };
}
