import type { BrowserErrorSubType } from '@tidemark/contract';
import type { Queryable } from '../../db/client';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext } from '../../plugins/context';
import { NOISE_PREFIX, fingerprintOf } from './fingerprint';
import * as repo from './fingerprint-rekey.repository';

/**
 * The fingerprint's version: 2 is issue 27's (build hashes stripped, several in-app frames, `[as x]`, assets by
 * file). Stored errors of a lower version are re-keyed once by REKEY_JOB.
 *
 * Why a job and not a migration: the fingerprint is parsed from stacks in TypeScript, which SQL cannot run; and
 * a workspace's site events may be large, so the server starts at once and re-keys one workspace (one
 * transaction) at a time in the background.
 */
export const FINGERPRINT_VERSION = 2;
export const REKEY_JOB = 'events.rekey-fingerprints';

/** Two groups of one fingerprint are one episode when the later starts within an hour of the earlier's end. */
const EPISODE_GAP_MS = 3_600_000;
const SEVERITY_RANK = { Low: 0, Medium: 1, High: 2 } as const;

function newFingerprint(e: repo.StoredError): string {
  return fingerprintOf(e.sub_type as BrowserErrorSubType, {
    message: e.message ?? '',
    detail: detailOf(e.detail),
    page: e.page,
  });
}

function detailOf(text: string | null): Record<string, string | number> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, string | number>;
  } catch {
    return null;
  }
}

/**
 * Re-keys one workspace's stored errors with the current fingerprint: raw events, hourly rollups and error
 * groups. Groups that now share a fingerprint and overlap in time become the earliest one: events added up,
 * first and last seen widened, Active if any was, the highest severity, and their feedback, outage links,
 * alerts and snoozes moved to it. Returns how many groups were folded into others.
 */
export async function rekeyTenantErrors(db: Queryable, tenantId: number): Promise<number> {
  const stored = await repo.storedErrors(db, tenantId);
  const changed = stored
    .map((e) => ({ ...e, next: newFingerprint(e) }))
    .filter((e) => e.next !== e.fingerprint);
  // An old key may now split (item 11 tells bugs apart): rollups and groups follow its largest part.
  const votes = new Map<string, Map<string, number>>();
  for (const e of changed) {
    if (e.fingerprint === null) continue;
    const tally = votes.get(e.fingerprint) ?? new Map<string, number>();
    tally.set(e.next, (tally.get(e.next) ?? 0) + e.events);
    votes.set(e.fingerprint, tally);
  }
  const map = new Map<string, string>();
  for (const [old, tally] of votes) {
    const [next] = [...tally.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    // The raw events of a key that also stays (part of it unchanged) keep their rows; only a full move re-keys.
    if (!stored.some((e) => e.fingerprint === old && newFingerprint(e) === old)) map.set(old, next);
  }
  await repo.rekeyEvents(db, tenantId, changed);
  await repo.rekeyRollups(db, tenantId, map);
  return mergeGroups(db, tenantId, map);
}

async function mergeGroups(db: Queryable, tenantId: number, map: Map<string, string>): Promise<number> {
  if (map.size === 0) return 0;
  const groups = await repo.errorGroups(db, tenantId);
  const byKey = new Map<string, repo.ErrorGroupRow[]>();
  for (const g of groups) {
    const next = map.get(g.fingerprint);
    // Noise is never shown as a group: such a group keeps its old key rather than become one.
    const key = next && !next.startsWith(NOISE_PREFIX) ? next : g.fingerprint;
    byKey.set(key, [...(byKey.get(key) ?? []), g]);
  }
  let folded = 0;
  for (const [key, list] of byKey) {
    if (!list.some((g) => g.fingerprint !== key)) continue;
    // Oldest first (the repository's order): each episode keeps its first group.
    let episode: repo.ErrorGroupRow[] = [];
    const episodes: repo.ErrorGroupRow[][] = [];
    for (const g of list) {
      const end = Math.max(...episode.map((e) => e.ts_end.getTime()));
      if (episode.length && g.ts_start.getTime() > end + EPISODE_GAP_MS) {
        episodes.push(episode);
        episode = [];
      }
      episode.push(g);
    }
    episodes.push(episode);
    for (const [keep, ...rest] of episodes) {
      if (rest.length)
        await repo.foldGroups(
          db,
          tenantId,
          keep!.event_group_id,
          rest.map((g) => g.event_group_id),
        );
      folded += rest.length;
      const all = [keep!, ...rest];
      await repo.updateGroup(db, tenantId, {
        event_group_id: keep!.event_group_id,
        fingerprint: key,
        start_hour: new Date(Math.min(...all.map((g) => g.start_hour.getTime()))),
        ts_start: new Date(Math.min(...all.map((g) => g.ts_start.getTime()))),
        ts_end: new Date(Math.max(...all.map((g) => g.ts_end.getTime()))),
        number_of_events: all.reduce((a, g) => a + g.number_of_events, 0),
        status: all.some((g) => g.status === 'Active') ? 'Active' : 'Closed',
        severity: all.reduce(
          (a, g) => (SEVERITY_RANK[g.severity] > SEVERITY_RANK[a] ? g.severity : a),
          keep!.severity,
        ),
      });
    }
  }
  return folded;
}

/** Every workspace not yet at FINGERPRINT_VERSION, one transaction each. */
export async function rekeyStoredErrors(ctx: Pick<BaseContext, 'db' | 'log'>): Promise<void> {
  for (const tenantId of await repo.tenantsToRekey(ctx.db, FINGERPRINT_VERSION)) {
    const merged = await ctx.db.transaction(async (tx) => {
      const n = await rekeyTenantErrors(tx, tenantId);
      await repo.recordVersion(tx, tenantId, FINGERPRINT_VERSION, n);
      return n;
    });
    if (merged) ctx.log.info({ tenantId, merged }, 'error groups merged under the new fingerprint');
  }
}

export function rekeyJob(base: BaseContext): JobDefinition<never> {
  return defineJob<Record<string, never>>({
    name: REKEY_JOB,
    policy: 'stately',
    concurrency: 1,
    retryLimit: 5,
    retryDelay: 30,
    async handler() {
      await rekeyStoredErrors(base);
    },
  }) as JobDefinition<never>;
}
