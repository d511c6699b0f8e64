import type { BaseContext } from '../../plugins/context';
import {
  CHECKOUT_COMPONENTS,
  atomFeed,
  paymentsIncident,
  rssFeed,
  statuspageIncidents,
  statuspageMaintenance,
  statuspageSummary,
  type ScriptedIncident,
} from './recorded-bodies';
import { setStoreProviders } from '../providers';
import { linkTenantOutages } from './links';
import * as repo from './outages.repository';
import { ingestSnapshot } from './outages.service';
import { parseBody, type ComponentState } from './status-parsers';

// The demo workspace's provider incidents (issue 12 item 7): recorded bodies in each provider's own feed format,
// replayed step by step through the poller's reading and ingest, so the groups are the product's own.

const MIN = 60_000;
const DEMO_PROVIDERS = ['stripe', 'shopify', 'cloudflare', 'klaviyo', 'klarna'] as const;

export interface DemoAnchors {
  /** The sample store's planted site slowdown (sessions, carts and checkouts fall): a CDN outage caused it. */
  slowdown: { start: Date; end: Date } | null;
  /** The demo site traffic's payment-API failures. */
  paymentErrors: { start: Date; end: Date } | null;
}

const shifted = (
  i: ScriptedIncident,
  id: string,
  name: string,
  impact: ScriptedIncident['impact'],
  scale = 1,
) => ({
  ...i,
  id,
  name,
  impact,
  updates: i.updates.map((u) => ({ ...u, at: Math.round(u.at * scale) })),
});

/** Replays one incident's bodies at its update times (and once more after it ended), as polls would read them. */
async function replay(
  base: Pick<BaseContext, 'db'>,
  providerName: string,
  t0: number,
  bodyAt: (minute: number) => string,
  minutes: number[],
  now: number,
): Promise<void> {
  const provider = await repo.providerByName(base.db, providerName);
  if (!provider) return;
  let previous: Record<string, ComponentState> | null = null;
  for (const minute of minutes) {
    const at = t0 + minute * MIN;
    if (at > now) break;
    const snapshot = parseBody(provider.feed_format, bodyAt(minute), at);
    await ingestSnapshot(base.db, { provider, snapshot, previous, now: new Date(at) });
    previous = snapshot.components ?? previous;
  }
}

/** Turns the demo store's providers on and replays its incident history; links what its signals show. */
export async function loadDemoOutages(
  base: Pick<BaseContext, 'db'>,
  input: { tenantId: number; userId: number; anchors: DemoAnchors; now?: Date },
): Promise<void> {
  const now = (input.now ?? new Date()).getTime();
  const ids = await repo.providersNamed(base.db, [...DEMO_PROVIDERS]);
  await setStoreProviders({
    ctx: { db: base.db, tenantId: input.tenantId, user: { userId: input.userId } },
    input: { changes: ids.map((r) => ({ id: r.provider_uuid, is_active: true })) },
  });
  const page = { name: 'Cloudflare', components: CHECKOUT_COMPONENTS.map((c) => ({ ...c })) };
  const statuspage =
    (incidents: ScriptedIncident[], componentsAt: (m: number) => Record<string, string>, t0: number) =>
    (m: number) =>
      m >= incidents[0]!.updates.at(-1)!.at
        ? statuspageIncidents(t0, m, page, incidents)
        : statuspageSummary(t0, m, page, incidents, componentsAt(m));

  // Cloudflare: a major incident over the store's planted slowdown (its checkouts fall 60 %).
  if (input.anchors.slowdown) {
    const t0 = input.anchors.slowdown.start.getTime() + 5 * MIN;
    const length = (input.anchors.slowdown.end.getTime() - t0) / MIN - 10;
    const inc = shifted(
      paymentsIncident('demo-cf-1'),
      'demo-cf-1',
      'Elevated latency and 5xx errors in our CDN',
      'major',
      length / 95,
    );
    inc.components = ['API', 'Checkout'];
    const down = (m: number): Record<string, string> =>
      m < 0 || m >= length
        ? {}
        : m < length * 0.7
          ? { API: 'major_outage', Checkout: 'major_outage' }
          : { API: 'degraded_performance' };
    await replay(
      base,
      'cloudflare',
      t0,
      statuspage([inc], down, t0),
      [-5, 1, ...inc.updates.map((u) => u.at + 1), length + 5],
      now,
    );
  }
  // Stripe (an RSS history feed): a minor incident while the store's payment API failed.
  if (input.anchors.paymentErrors) {
    const t0 = input.anchors.paymentErrors.start.getTime() + 10 * MIN;
    const inc = shifted(
      paymentsIncident('demo-stripe-1'),
      'demo-stripe-1',
      'Increased API error rates for card payments',
      'minor',
      1.1,
    );
    await replay(
      base,
      'stripe',
      t0,
      (m) => rssFeed(t0, m, 'Stripe', [inc]),
      inc.updates.map((u) => u.at + 1),
      now,
    );
  }
  // Shopify (Atom): a checkout disruption six days ago, resolved.
  {
    const t0 = Math.floor((now - 6 * 24 * 3_600_000) / 3_600_000) * 3_600_000 + 20 * MIN;
    const inc = shifted(
      paymentsIncident('demo-shopify-1'),
      'demo-shopify-1',
      'Some merchants may see checkout errors',
      'minor',
      0.8,
    );
    inc.components = ['Checkout'];
    await replay(
      base,
      'shopify',
      t0,
      (m) => atomFeed(t0, m, 'Shopify', [inc]),
      inc.updates.map((u) => u.at + 1),
      now,
    );
  }
  // Klaviyo (Statuspage): a maintenance window three days ago, and delayed sends going on now (Live).
  {
    const t0 = Math.floor((now - 3 * 24 * 3_600_000) / 3_600_000) * 3_600_000;
    const maintenance = (status: string) =>
      statuspageMaintenance(t0, {
        id: 'demo-klaviyo-m1',
        name: 'Scheduled database maintenance',
        from: 0,
        to: 90,
        status,
        components: ['Dashboard'],
      });
    const provider = await repo.providerByName(base.db, 'klaviyo');
    if (provider) {
      for (const [minute, status] of [
        [5, 'in_progress'],
        [95, 'completed'],
      ] as const) {
        const body = JSON.stringify({
          page: { id: 'k' },
          components: [],
          incidents: [],
          scheduled_maintenances: [maintenance(status)],
        });
        await ingestSnapshot(base.db, {
          provider,
          snapshot: parseBody('statuspage_v2', body, t0 + minute * MIN),
          previous: null,
          now: new Date(t0 + minute * MIN),
        });
      }
      const live = Math.floor((now - 40 * MIN) / MIN) * MIN;
      const inc: ScriptedIncident = {
        id: 'demo-klaviyo-2',
        name: 'Delays in sending flow and campaign emails',
        impact: 'minor',
        components: ['Webhooks'],
        updates: [
          {
            at: 0,
            status: 'investigating',
            body: 'We are investigating delays in sending flow and campaign emails.',
          },
          {
            at: 20,
            status: 'identified',
            body: 'Sends are queued and will go out; we are working through the backlog.',
          },
        ],
      };
      const comps = (m: number): Record<string, string> => (m >= 0 ? { Webhooks: 'partial_outage' } : {});
      await replay(base, 'klaviyo', live, statuspage([inc], comps, live), [-5, 1, 21, 35], now);
    }
  }
  await linkTenantOutages(base.db, input.tenantId, new Date(now));
}
