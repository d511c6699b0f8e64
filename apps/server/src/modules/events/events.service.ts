import {
  COLLECTOR_DOMAINS_MAX,
  COLLECTOR_DOMAIN_MESSAGES,
  COLLECTOR_DROPS_DAYS,
  COLLECT_MESSAGES,
  COLLECT_PAYLOAD_VERSION,
  EVENTS_SAMPLING_DEFAULT,
  collectorSnippet,
  type CollectConfig,
  type CollectorDomains,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext, TenantContext } from '../../plugins/context';
import {
  collectorSitesOf,
  countDroppedBeacon,
  deleteCollectorDomain,
  deleteDropCountsBefore,
  droppedBeaconsSince,
  insertCollectorDomain,
  listCollectorDomains,
  dropPartitionsBefore,
  ensurePartitions,
  rollUpQueued,
  filteringOf,
  samplingOf,
  saveFiltering,
  saveSampling,
  siteKeyOf,
  tenantOfSiteKey,
} from './events.repository';
import { writerFor } from './event-writer';
import { REKEY_JOB, rekeyJob } from './fingerprint-rekey';
import { GROUP_JOB, groupTenantErrors, tenantsToGroup } from './event-groups.service';
import { parsePayload } from './payload';
import { agentOf, isBot } from './user-agent';
import { isAllowedHost, normaliseDomain, pageHostOf, storeDomainOf } from './collector-domains';

export const ROLL_UP_JOB = 'events.roll-up';
export const PARTITIONS_JOB = 'events.maintain-partitions';
const ROLL_UP_BATCH = 20_000;
const DAY_MS = 86_400_000;
/** Partitions exist this many days ahead, so the ingest never waits on DDL. */
const DAYS_AHEAD = 3;

// Every beacon names its site key: a short in-process memory spares a query per request. Unknown keys are
// remembered too, so a flood of made-up keys costs no database work.
const KEY_TTL_MS = 60_000;
interface Memory {
  keys: Map<string, { tenantId: number | null; until: number }>;
  sites: Map<number, { allowed: string[]; until: number }>;
}
// One memory per database: tenant ids are the database's own, so two apps in one process (tests) never share.
const memories = new WeakMap<object, Memory>();
function memoryOf(ctx: Pick<BaseContext, 'db'>): Memory {
  let memory = memories.get(ctx.db);
  if (!memory) memories.set(ctx.db, (memory = { keys: new Map(), sites: new Map() }));
  return memory;
}

async function tenantForKey(ctx: BaseContext, key: string): Promise<number> {
  const now = Date.now();
  const { keys } = memoryOf(ctx);
  let known = keys.get(key);
  if (!known || known.until < now) {
    const tenantId = /^[a-z0-9]{8,64}$/.test(key) ? await tenantOfSiteKey(ctx.db, key) : null;
    if (keys.size > 10_000) keys.clear();
    known = { tenantId, until: now + KEY_TTL_MS };
    keys.set(key, known);
  }
  if (known.tenantId === null) throw new AppError('not_found', COLLECT_MESSAGES.unknownKey);
  return known.tenantId;
}

// The allowed sites are read per beacon: remembered a minute like keys, forgotten at once when edited here.
async function allowedSitesOf(ctx: BaseContext, tenantId: number): Promise<string[]> {
  const now = Date.now();
  const { sites } = memoryOf(ctx);
  let known = sites.get(tenantId);
  if (!known || known.until < now) {
    const { storeUrl, domains } = await collectorSitesOf(ctx.db, tenantId);
    const store = storeDomainOf(storeUrl);
    if (sites.size > 10_000) sites.clear();
    known = { allowed: store ? [store, ...domains] : domains, until: now + KEY_TTL_MS };
    sites.set(tenantId, known);
  }
  return known.allowed;
}

export interface IngestResult {
  success: true;
  accepted: number;
  dropped: number;
}

/**
 * Stores a collector batch. Returns only once the events are committed, so the caller's 202 means stored;
 * bots' batches are acknowledged and dropped.
 */
export async function ingestEvents({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: {
    key: string;
    body: unknown;
    userAgent: string | undefined;
    /** The Origin and Referer headers: the page the beacon came from. */
    origin: string | undefined;
    referer: string | undefined;
  };
}): Promise<IngestResult> {
  const tenantId = await tenantForKey(ctx, input.key);
  // Anyone can read a site key from a page: beacons from other sites are refused and counted, not stored.
  if (!isAllowedHost(pageHostOf(input.origin, input.referer), await allowedSitesOf(ctx, tenantId))) {
    await countDroppedBeacon(ctx.db, tenantId);
    throw new AppError('forbidden', COLLECT_MESSAGES.otherSite);
  }
  if (typeof input.body !== 'string' || input.body.length === 0) {
    throw new AppError('bad_request', COLLECT_MESSAGES.malformed);
  }
  const batch = parsePayload(input.body);
  if (batch === 'malformed') throw new AppError('bad_request', COLLECT_MESSAGES.malformed);
  if (batch === 'version') throw new AppError('bad_request', COLLECT_MESSAGES.version);
  if (isBot(input.userAgent))
    return { success: true, accepted: 0, dropped: batch.events.length + batch.dropped };
  if (batch.events.length === 0) return { success: true, accepted: 0, dropped: batch.dropped };
  await writerFor(ctx.db).write({
    tenantId,
    sessionId: batch.sessionId,
    agent: agentOf(input.userAgent!),
    events: batch.events,
  });
  return { success: true, accepted: batch.events.length, dropped: batch.dropped };
}

const fraction = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;

/**
 * The collector's rates from EVENTS_SAMPLING_PREFERENCE (spec 1 §3): js errors take js_error's rate, failed
 * requests the larger of network_error's and fetch_error's, each only when its toggle is on; everything else
 * the global rate, 10% when unset.
 */
export function samplingRates(preference: unknown): CollectConfig['s'] {
  const p = (preference && typeof preference === 'object' ? preference : {}) as {
    sampling_rate?: unknown;
    event_sampling_configuration?: unknown;
  };
  const global = fraction(p.sampling_rate) ?? EVENTS_SAMPLING_DEFAULT;
  const byType = new Map<string, number>();
  if (Array.isArray(p.event_sampling_configuration)) {
    for (const item of p.event_sampling_configuration as Array<Record<string, unknown>>) {
      const rate = fraction(item?.sampling_rate);
      if (item?.enable_sampling === true && typeof item.event_type === 'string' && rate !== undefined) {
        byType.set(item.event_type, rate);
      }
    }
  }
  const network = [byType.get('network_error'), byType.get('fetch_error')].filter((r) => r !== undefined);
  return {
    js: byType.get('js_error') ?? global,
    net: network.length ? Math.max(...network) : global,
    ast: global,
    bcn: global,
  };
}

export async function collectorConfig({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { key: string };
}): Promise<CollectConfig> {
  const tenantId = await tenantForKey(ctx, input.key);
  return { v: COLLECT_PAYLOAD_VERSION, s: samplingRates(await samplingOf(ctx.db, tenantId)) };
}

/** A workspace's public site key (seeds send the demo's traffic with it). */
export const siteKeyOfTenant = (base: BaseContext, tenantId: number): Promise<string | null> =>
  siteKeyOf(base.db, tenantId);

/** Stores EVENTS_SAMPLING_PREFERENCE as the collector reads it. */
export const saveSiteSampling = (base: BaseContext, tenantId: number, sampling: unknown): Promise<void> =>
  saveSampling(base.db, tenantId, sampling);

export async function getSiteKey({ ctx }: { ctx: TenantContext }) {
  const key = await siteKeyOf(ctx.db, ctx.tenantId);
  if (!key) throw new AppError('not_found', COLLECT_MESSAGES.unknownKey);
  const collectorUrl = `${ctx.config.publicUrl}/collector.js`;
  return {
    site_key: key,
    collector_url: collectorUrl,
    snippet: collectorSnippet(collectorUrl, key),
  };
}

/** Rebuilds the rollups of every queued hour; returns the number of hours rebuilt. */
export async function rollUpEvents(
  ctx: BaseContext,
  onHour?: (tenantId: number, hour: Date) => Promise<void>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { hours, queued } = await rollUpQueued(ctx.db, ROLL_UP_BATCH, onHour);
    total += hours;
    if (queued < ROLL_UP_BATCH) return total;
  }
}

/** Makes the coming days' partitions and drops those past the retention. */
export async function maintainPartitions(ctx: BaseContext, now = new Date()): Promise<string[]> {
  await ensurePartitions(ctx.db, now, DAYS_AHEAD);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  await deleteDropCountsBefore(ctx.db, new Date(today - ctx.config.eventsRetentionDays * DAY_MS));
  return dropPartitionsBefore(ctx.db, new Date(today - ctx.config.eventsRetentionDays * DAY_MS));
}

export async function scheduleEventJobs(ctx: BaseContext): Promise<void> {
  // Once per start: re-keys workspaces whose stored errors predate the current fingerprint (a no-op after).
  await ctx.jobs.send(REKEY_JOB, {}, { singletonKey: REKEY_JOB });
  // And a rollup now: events accepted before a stop or a crash reach the rollups at start, not a minute on.
  await ctx.jobs.send(ROLL_UP_JOB, {}, { singletonKey: ROLL_UP_JOB });
  await ctx.jobs.upsertSchedule({
    key: ROLL_UP_JOB,
    name: ROLL_UP_JOB,
    cron: '* * * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
  await ctx.jobs.upsertSchedule({
    key: GROUP_JOB,
    name: GROUP_JOB,
    cron: '*/10 * * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
  await ctx.jobs.upsertSchedule({
    key: PARTITIONS_JOB,
    name: PARTITIONS_JOB,
    cron: '7 0 * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
}

export function eventsJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    defineJob<Record<string, never>>({
      name: ROLL_UP_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 5,
      retryDelay: 5,
      async handler(job) {
        let hours = 0;
        const touched = new Set<number>();
        await rollUpEvents(base, async (tenantId) => {
          touched.add(tenantId);
          if (++hours % 100 === 0) await job.progress({ hours });
        });
        // Grouping follows the rollups it reads, as a durable job of its own per workspace.
        for (const tenantId of touched) {
          await base.jobs.send(GROUP_JOB, { tenantId }, { singletonKey: `${GROUP_JOB}:${tenantId}` });
        }
      },
    }) as JobDefinition<never>,
    defineJob<{ tenantId?: number }>({
      name: GROUP_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 5,
      retryDelay: 10,
      async handler(job) {
        // Without a tenant (the schedule): every workspace with recent errors, so quiet groups close on time.
        const tenants = job.data.tenantId ? [job.data.tenantId] : await tenantsToGroup(base);
        for (const tenantId of tenants) await groupTenantErrors(base, tenantId);
      },
    }) as JobDefinition<never>,
    defineJob<Record<string, never>>({
      name: PARTITIONS_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 5,
      async handler() {
        const dropped = await maintainPartitions(base);
        if (dropped.length) base.log.info({ dropped }, 'dropped site event partitions past retention');
      },
    }) as JobDefinition<never>,
    rekeyJob(base),
  ];
}

/**
 * The workspace's event settings as saved (null when never saved): EVENTS_SAMPLING_PREFERENCE, which the
 * collector config applies, and EVENTS_FILTERING_PREFERENCE. The settings screen reads and writes them here.
 */
export async function getEventSettings({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<{ sampling: unknown; filtering: unknown }> {
  const [sampling, filtering] = await Promise.all([
    samplingOf(ctx.db, ctx.tenantId),
    filteringOf(ctx.db, ctx.tenantId),
  ]);
  return { sampling, filtering };
}

/** Saves one of the workspace's event settings; values arrive validated by the preferences' schemas. */
export async function saveEventSetting({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { sampling: object } | { filtering: object };
}): Promise<void> {
  if ('sampling' in input) await saveSampling(ctx.db, ctx.tenantId, input.sampling);
  else await saveFiltering(ctx.db, ctx.tenantId, input.filtering);
}

/** The sites the collector accepts beacons from, as the events settings show them. */
export async function getCollectorDomains({ ctx }: { ctx: TenantContext }): Promise<CollectorDomains> {
  const [{ storeUrl }, domains, dropped] = await Promise.all([
    collectorSitesOf(ctx.db, ctx.tenantId),
    listCollectorDomains(ctx.db, ctx.tenantId),
    droppedBeaconsSince(ctx.db, ctx.tenantId, COLLECTOR_DROPS_DAYS),
  ]);
  const store = storeDomainOf(storeUrl);
  return {
    store_domain: store,
    domains: domains.map((d) => ({ domain: d.domain, created_at: d.created_at.toISOString() })),
    accepts_all: store === null && domains.length === 0,
    dropped_recently: dropped,
  };
}

export async function addCollectorDomain({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { domain: string };
}): Promise<CollectorDomains> {
  const domain = normaliseDomain(input.domain);
  if (!domain) throw new AppError('bad_request', COLLECTOR_DOMAIN_MESSAGES.invalid);
  const added = await insertCollectorDomain(ctx.db, {
    tenantId: ctx.tenantId,
    domain,
    userId: ctx.user.userId || null,
    max: COLLECTOR_DOMAINS_MAX,
  });
  if (!added) throw new AppError('bad_request', COLLECTOR_DOMAIN_MESSAGES.tooMany);
  memoryOf(ctx).sites.delete(ctx.tenantId);
  return getCollectorDomains({ ctx });
}

export async function removeCollectorDomain({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { domain: string };
}): Promise<CollectorDomains> {
  // Only a domain as stored can be listed: anything else (control characters too) is not in the list.
  const domain = normaliseDomain(input.domain);
  if (!domain) throw new AppError('not_found', COLLECTOR_DOMAIN_MESSAGES.notFound);
  if (!(await deleteCollectorDomain(ctx.db, ctx.tenantId, domain))) {
    const { storeUrl } = await collectorSitesOf(ctx.db, ctx.tenantId);
    const fromStore = domain === storeDomainOf(storeUrl);
    throw new AppError(
      fromStore ? 'bad_request' : 'not_found',
      fromStore ? COLLECTOR_DOMAIN_MESSAGES.fromStore : COLLECTOR_DOMAIN_MESSAGES.notFound,
    );
  }
  memoryOf(ctx).sites.delete(ctx.tenantId);
  return getCollectorDomains({ ctx });
}
