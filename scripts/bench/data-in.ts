import path from 'node:path';
import type {
  ConnectorName,
  CreateConnectionResponse,
  DatabaseCredentials,
  Extraction,
  ExtractionResults,
  ExtractionStatus,
  SeriesPoint,
  SeriesSchedule,
} from '@tidemark/contract';
import type { ApiClient } from './api-client';

/** The product's data-in calls, in the order a merchant's screens make them. */

export async function connectorUuid(api: ApiClient, name: ConnectorName): Promise<string> {
  const { data } = await api.get<{ data: Array<{ connector_uuid: string; connector_name: string }> }>(
    '/v1/connectors',
  );
  const connector = data.find((c) => c.connector_name === name);
  if (!connector) throw new Error(`the product lists no ${name} connector`);
  return connector.connector_uuid;
}

/** The csv page's upload: the file streamed from disk into POST /v1/connections, imported before it answers. */
export async function uploadCsv(api: ApiClient, file: string): Promise<CreateConnectionResponse> {
  return api.upload<CreateConnectionResponse>('/v1/connections', {
    fields: { connector_uuid: await connectorUuid(api, 'csv') },
    fileField: 'csvFile',
    file,
    filename: path.basename(file),
  });
}

/** A PostgreSQL data source: create it, save and test its credentials, choose the table (which starts the sync). */
export async function connectPostgres(
  api: ApiClient,
  credentials: DatabaseCredentials,
  table: string,
): Promise<string> {
  const created = await api.send<CreateConnectionResponse>('POST', '/v1/connections', {
    connector_uuid: await connectorUuid(api, 'postgres'),
    connection_name: 'Bench orders database',
  });
  const id = created.datasource_id;
  const saved = await api.send<{ tables: Array<{ name: string }> }>(
    'POST',
    `/v1/connections/${id}/credentials`,
    credentials,
  );
  if (!saved.tables.some((t) => t.name === table)) {
    throw new Error(
      `the source lists no table ${table} (it has ${saved.tables.map((t) => t.name).join(', ')})`,
    );
  }
  await api.send('PUT', `/v1/connections/${id}/tables`, { source_tables: [table] });
  return id;
}

const FINISHED: ExtractionStatus[] = ['READY', 'SUCCESSFUL', 'FAILED', 'CANCELLED'];

/** Waits for the newest extraction of the data source newer than `after` to finish; throws if it failed. */
export async function waitForExtraction(
  api: ApiClient,
  datasourceId: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<Extraction> {
  const deadline = Date.now() + (options.timeoutMs ?? 3_600_000);
  for (;;) {
    const { data } = await api.get<{ data: Extraction[] }>('/v1/extractions', { connector_id: datasourceId });
    const newest = data.find((e) => Number(e.extraction_job_id) > (options.after ?? 0));
    if (newest && FINISHED.includes(newest.status)) {
      if (newest.status === 'FAILED' || newest.status === 'CANCELLED') {
        throw new Error(`extraction ${newest.extraction_job_id} ${newest.status}: ${newest.message ?? ''}`);
      }
      return newest;
    }
    if (Date.now() > deadline) throw new Error(`extraction of ${datasourceId} did not finish in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function extractionResults(api: ApiClient, extractionJobId: string): Promise<ExtractionResults> {
  return api.get<ExtractionResults>(`/v1/extractions/${extractionJobId}/results`);
}

/** The benchmark's metric set: three sums, a count and a formula, over three dimensions. */
export function benchMetrics(sourceTable: string, destination: string) {
  const on = { source_table_name: sourceTable, destination_table_name: destination };
  const operation = (value: 'sum' | 'count') => ({ type: 'operation' as const, value });
  return {
    metrics: [
      { ...on, field_name: 'revenue', display_name: 'Revenue', aggregation: operation('sum') },
      { ...on, field_name: 'order_id', display_name: 'Orders', aggregation: operation('count') },
      {
        ...on,
        field_name: 'average_order_value',
        display_name: 'Average Order Value',
        aggregation: { type: 'formula' as const, value: 'sum(revenue) / count(order_id)' },
      },
      { ...on, field_name: 'discount', display_name: 'Discounts', aggregation: operation('sum') },
      {
        ...on,
        field_name: 'refund_amount',
        display_name: 'Refunds',
        accent: 'negative' as const,
        aggregation: operation('sum'),
      },
    ],
    dimensions: [
      { ...on, field_name: 'channel', display_name: 'Channel' },
      { ...on, field_name: 'country', display_name: 'Country' },
      { ...on, field_name: 'device', display_name: 'Device' },
    ],
  };
}

/** Configures the metrics; returns their ids in the order of benchMetrics(). */
export async function onboardMetrics(
  api: ApiClient,
  datasourceId: string,
  sourceTable: string,
  destination: string,
): Promise<string[]> {
  const res = await api.send<{ kpi_ids: string[] }>('POST', '/v1/metrics_hub/onboard', {
    datasource_id: datasourceId,
    ...benchMetrics(sourceTable, destination),
  });
  return res.kpi_ids;
}

/** The set-preferences step: the date column, after which the series are computed. */
export async function setDateColumn(
  api: ApiClient,
  datasourceId: string,
  destination: string,
  column: string,
): Promise<void> {
  await api.send('PATCH', '/v1/preferences/pipelines', {
    datasource_id: datasourceId,
    preference_value: { date_column: column, destination_table_name: destination },
  });
}

export async function syncNow(api: ApiClient, datasourceId: string): Promise<number> {
  const res = await api.send<{ extraction_job_id: string }>('POST', `/v1/connectors/${datasourceId}/sync`);
  return Number(res.extraction_job_id);
}

export function patternSeries(
  api: ApiClient,
  input: { kpiId: string; grain: SeriesSchedule; start: Date; end: Date },
): Promise<SeriesPoint[]> {
  return api.get<SeriesPoint[]>('/v1/pattern_series', {
    kpi_id: input.kpiId,
    pipeline_schedule: input.grain,
    timestamp_start: input.start.toISOString(),
    timestamp_end: input.end.toISOString(),
  });
}
