import { useParams } from 'react-router';
import { MetricPage } from '@/features/metrics';
import { useTenantInfo } from '@/features/tenants';

/** /metrics/{metricId}: the metric page; the time zone, currency and forecast setting come from the workspace. */
export function Component() {
  const { metricId = '' } = useParams();
  const info = useTenantInfo();
  return (
    <MetricPage
      key={metricId}
      kpiId={metricId}
      timezone={info.data?.timezone}
      currencySymbol={info.data?.currency_symbol}
      forecast={info.data?.is_forecast_enabled}
    />
  );
}
