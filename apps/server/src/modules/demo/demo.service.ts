import { Readable } from 'node:stream';

import {
  SAMPLE_METRICS,
  generateStore,
  toCsv,
  type SampleMetricTable,
  type SampleTable,
} from '@tidemark/sample-data';

import type { BaseContext, TenantContext } from '../../plugins/context';

import { createConnection, listCsvConnectorUuid } from '../connections';
import { onboardMetrics, setPipelinePreference } from '../metrics';
import { loadDemoOutages } from '../outages';

import * as repo from './demo.repository';

/** The demo store is the same every time it is made from the same seed and end hour (its answer key too). */
export const DEMO_SEED = 42;

/**
 * Loads the sample store into the demo workspace through the product's own path: each table is uploaded
 * to the CSV connector, its metrics configured and its date column set, which then computes the series.
 * Runs once: a workspace that already has data sources is left alone.
 */
export async function loadSampleStore({
  ctx: base,
  input,
}: {
  ctx: BaseContext;
  input: { tenantId: number };
}): Promise<boolean> {
  const owner = await repo.demoOwner(base.db, input.tenantId);
  if (!owner || (await repo.hasConnections(base.db, input.tenantId))) return false;
  const end = new Date();
  end.setUTCMinutes(0, 0, 0);
  const store = generateStore({ seed: DEMO_SEED, end });
  await repo.setTimezone(base.db, input.tenantId, store.timezone);
  await repo.rememberSampleStore(base.db, { tenantId: input.tenantId, seed: DEMO_SEED, end: store.end });
  const ctx: TenantContext = {
    ...base,
    tenantId: input.tenantId,
    isDemo: false,
    user: {
      userId: owner.user_id,
      userUuid: owner.user_uuid,
      email: owner.email,
      tenantId: input.tenantId,
      isOperator: false,
      sessionHash: '',
    },
  };
  await importSampleStore({ ctx, input: store });
  // Filed and weighted as a merchant would: categories, the checkout funnel, tiers and impact on the topline.
  await repo.dressDemoMetrics(base.db, input.tenantId);
  // Provider incidents: a CDN outage over the planted slowdown, a payments one over the site's payment errors.
  const dip = store.answerKey.anomalies.find((a) => a.id === 'site-slowdown');
  await loadDemoOutages(base, {
    tenantId: input.tenantId,
    userId: owner.user_id,
    anchors: {
      slowdown: dip ? { start: new Date(dip.start), end: new Date(dip.end) } : null,
      // generateSiteTraffic's payment API answers 5xx from 14 to 12 hours before its end (the last whole hour).
      paymentErrors: {
        start: new Date(end.getTime() - 14 * 3_600_000),
        end: new Date(end.getTime() - 12 * 3_600_000),
      },
    },
  });
  base.log.info({ tenantId: input.tenantId, end: store.end }, 'demo workspace loaded with the sample store');
  return true;
}

/**
 * A generated store into a workspace through the product's own path: each table uploaded to the CSV
 * connector, its metrics and dimensions configured and its date column set (which computes the series).
 */
/** A generated store's tables and, when it is not the demo's shape, the metrics a merchant would set up. */
export interface ImportableStore {
  tables: readonly SampleTable[];
  metrics?: readonly SampleMetricTable[];
}

export async function importSampleStore({
  ctx,
  input: store,
}: {
  ctx: TenantContext;
  input: ImportableStore;
}): Promise<void> {
  const connectorUuid = await listCsvConnectorUuid(ctx);
  const destinations: Record<string, string> = {};
  for (const table of store.tables) {
    const setup = (store.metrics ?? SAMPLE_METRICS).find((m) => m.table === table.name)!;
    const filename = `${table.name}.csv`;
    const created = await createConnection({
      ctx,
      input: {
        connector_uuid: connectorUuid,
        connection_name: table.name === 'orders' ? 'Store orders' : 'Store traffic',
        file: { filename, stream: Readable.from(bytesOf(toCsv(table))) },
      },
    });
    const destination = created.import!.destination_table_name;
    destinations[table.name] = destination;
    const item = (fieldName: string, displayName: string) => ({
      source_table_name: filename,
      destination_table_name: destination,
      field_name: fieldName,
      display_name: displayName,
    });
    await onboardMetrics({
      ctx,
      input: {
        datasource_id: created.datasource_id,
        metrics: setup.metrics.map((m) => ({
          ...item(m.field_name, m.display_name),
          accent: m.accent,
          aggregation:
            m.aggregation.type === 'formula'
              ? { type: 'formula' as const, value: m.aggregation.value! }
              : { type: 'operation' as const, value: m.aggregation.type },
        })),
        dimensions: setup.dimensions.map((d) => item(d.field_name, d.display_name)),
      },
    });
    // What a movement is worth, so the demo's insights show their dollar impact: revenue is money already,
    // an order is worth the store's average order value.
    const revenue = setup.metrics.find((m) => m.display_name === 'Revenue');
    if (table.name === 'orders' && revenue)
      await repo.setOrdersDollarImpact(ctx.db, ctx.tenantId, destination, revenue.field_name);
    await setPipelinePreference({
      ctx,
      input: {
        preference_value: { date_column: setup.dateColumn, destination_table_name: destination },
        datasource_id: created.datasource_id,
      },
    });
  }
  if (destinations.orders && destinations.traffic) {
    await repo.setFunnelDollarImpact(ctx.db, ctx.tenantId, {
      orders: destinations.orders,
      traffic: destinations.traffic,
    });
  }
}

function* bytesOf(chunks: Iterable<string>): Generator<Buffer> {
  for (const chunk of chunks) yield Buffer.from(chunk);
}

/** Where the demo store of a workspace came from, so tests and the detection quality check can rebuild its answer key. */
export async function sampleStoreOf({ ctx, input }: { ctx: BaseContext; input: { tenantId: number } }) {
  return repo.sampleStoreOf(ctx.db, input.tenantId);
}
