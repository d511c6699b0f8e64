import { routes } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import {
  filterQuery,
  tenantQuery,
  useAppliedFilter,
  useTenantScope,
  type AppliedFilter,
  type TenantScope,
  scopeReady,
} from '@/session';

export type EventReports = ResponseOf<typeof routes.eventReports>;

export interface ReportRange {
  start_time: string;
  end_time: string;
}

/** GET /v1/events/reports: provider health over the period (spec 2 §7 call 5). */
export function getEventReports(
  scope: TenantScope,
  filter: AppliedFilter | null,
  range: ReportRange,
  signal?: AbortSignal,
): Promise<EventReports> {
  return apiRequest(routes.eventReports, {
    query: { ...tenantQuery(scope), ...filterQuery(filter), ...range },
    signal,
  });
}

export function eventReportsQueryOptions(
  scope: TenantScope,
  filter: AppliedFilter | null,
  range: ReportRange,
) {
  return queryOptions({
    queryKey: [
      'events',
      'reports',
      scope.tenantId,
      scope.isDemo,
      filter?.dim_name ?? null,
      filter?.dim_val ?? null,
      range,
    ] as const,
    queryFn: ({ signal }) => getEventReports(scope, filter, range, signal),
    enabled: scopeReady(scope),
    placeholderData: keepPreviousData,
  });
}

export function useEventReports(range: ReportRange) {
  return useQuery(eventReportsQueryOptions(useTenantScope(), useAppliedFilter(), range));
}
