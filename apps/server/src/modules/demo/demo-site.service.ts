import { generateSiteTraffic, type SiteTraffic } from '@tidemark/sample-data';
import type { BaseContext } from '../../plugins/context';
import { groupTenantErrors, ingestEvents, rollUpEvents, saveSiteSampling, siteKeyOfTenant } from '../events';
import { DEMO_SEED } from './demo.service';
import * as repo from './demo.repository';

/** Beacons in flight at once: the ingest's writer puts concurrent batches in one statement. */
const IN_FLIGHT = 64;
/** The demo store's site (its store URL, seeded): the collector only keeps beacons from allowed domains. */
const DEMO_SITE_ORIGIN = 'https://demo-store.example';

/**
 * The demo store's last day of site traffic, sent through the collector's ingest (the same verb
 * POST /v1/collect calls, so parsing, bot filtering, fingerprints and the rollup queue are the real ones), then
 * rolled up and grouped at once so the Events screens have their planted incidents on first sign-in.
 * Runs once per workspace. The demo samples every error (a small store can afford it).
 */
export async function loadDemoSiteTraffic(
  base: BaseContext,
  input: { tenantId: number; end?: Date },
): Promise<SiteTraffic | null> {
  if (await repo.hasSiteEvents(base.db, input.tenantId)) return null;
  const key = await siteKeyOfTenant(base, input.tenantId);
  if (!key) return null;
  await saveSiteSampling(base, input.tenantId, { sampling_rate: 1 });
  // Up to the last whole hour: the same traffic, only shifted, whenever it is made.
  const end = input.end ?? new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const traffic = generateSiteTraffic({ seed: DEMO_SEED, end, sampleRate: 1, origin: DEMO_SITE_ORIGIN });
  for (let i = 0; i < traffic.beacons.length; i += IN_FLIGHT) {
    await Promise.all(
      traffic.beacons.slice(i, i + IN_FLIGHT).map((b) =>
        ingestEvents({
          ctx: base,
          input: { key, body: b.body, userAgent: b.userAgent, origin: DEMO_SITE_ORIGIN, referer: undefined },
        }),
      ),
    );
  }
  await rollUpEvents(base);
  await groupTenantErrors(base, input.tenantId);
  base.log.info({ tenantId: input.tenantId, ...traffic.counts }, 'demo workspace loaded with site traffic');
  return traffic;
}
