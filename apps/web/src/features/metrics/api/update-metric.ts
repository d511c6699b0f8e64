import { dataScopeQuery, type DataScope } from '@/session';
import { routes, type MetricUpdate } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /v1/metrics_hub/metrics/:kpi_id with only the attributes that changed. */
function updateMetric(scope: DataScope, kpiId: string, body: MetricUpdate) {
  return apiRequest(routes.updateMetric, { params: { kpi_id: kpiId }, query: dataScopeQuery(scope), body });
}

export function useUpdateMetric(scope: DataScope, kpiId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MetricUpdate) => updateMetric(scope, kpiId, body),
    // The list, its filter values, options (a new funnel or category) and the detail all may change.
    onSuccess: () => client.invalidateQueries({ queryKey: ['metrics'] }),
  });
}
