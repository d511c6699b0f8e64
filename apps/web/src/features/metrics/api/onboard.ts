import { routes, type OnboardBody } from '@tidemark/contract';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, type TenantScope } from '@/session';

/** POST /v1/metrics_hub/onboard. */
export function onboardMetrics(scope: TenantScope, body: OnboardBody) {
  return apiRequest(routes.onboardMetrics, { query: tenantQuery(scope), body });
}

/** PATCH /v1/preferences/pipelines: the date column of a table. */
export function setDateColumn(
  scope: TenantScope,
  input: { datasourceId: string; dateColumn: string; destinationTable: string },
) {
  return apiRequest(routes.setPipelinePreference, {
    query: tenantQuery(scope),
    body: {
      datasource_id: input.datasourceId,
      preference_value: { date_column: input.dateColumn, destination_table_name: input.destinationTable },
    },
  });
}

/** POST /v1/metrics_hub/onboard/replicate: a template workspace's setup onto this data source. */
export function replicateMetrics(
  scope: TenantScope,
  input: { fromTenantId: number; toTenantId: number; datasourceId: string },
) {
  return apiRequest(routes.replicateMetrics, {
    query: tenantQuery(scope),
    body: {
      from_tenant_id: input.fromTenantId,
      to_tenant_id: input.toTenantId,
      datasource_id: input.datasourceId,
    },
  });
}
