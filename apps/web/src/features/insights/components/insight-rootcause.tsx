import { useDataScope } from '@/session';
import type { Insight } from '@tidemark/contract';
import { useRootCause } from '../api/get-rootcause';
import { INSIGHTS_COPY } from '../messages';
import { ChartMessage, ChartSkeleton } from './charts/chart-frame';
import { RootCauseChart } from './charts/lazy';

/** The root-cause pane of a card: fetches the insight's root cause. */
export function InsightRootCause({ insight, height = 260 }: { insight: Insight; height?: number }) {
  const scope = useDataScope();
  const rootcause = useRootCause(scope, insight.insight_id);
  if (rootcause.isPending) return <ChartSkeleton height={height} label="Loading root cause" />;
  if (rootcause.isError)
    return (
      <ChartMessage
        height={height}
        tone="error"
        message={INSIGHTS_COPY.rootCauseFailed}
        onRetry={() => void rootcause.refetch()}
      />
    );
  if (rootcause.data.status !== 'ok' || rootcause.data.rootcause_data.length === 0)
    return <ChartMessage height={height} message={INSIGHTS_COPY.rootCauseNone} />;
  return <RootCauseChart rootcause={rootcause.data} height={height} />;
}
