import { routes, type MetricUpdate } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { hubQuery, type HubScope } from '../utils/hub-scope';

/** PUT /v1/metrics_hub/metrics/:kpi_id with only the attributes that changed. */
function updateMetric(scope: HubScope, kpiId: string, body: MetricUpdate) {
  return apiRequest(routes.updateMetric, { params: { kpi_id: kpiId }, query: hubQuery(scope), body });
}

export function useUpdateMetric(scope: HubScope, kpiId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MetricUpdate) => updateMetric(scope, kpiId, body),
    // The list, its filter values, options (a new funnel or category) and the detail all may change.
    onSuccess: () => client.invalidateQueries({ queryKey: ['metrics'] }),
  });
}
