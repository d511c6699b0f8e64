import { AppError } from '../../errors';
import type { BaseContext } from '../../plugins/context';
import { chartPng } from './chart';
import { readChartToken } from './chart-token';
import * as repo from './notifications.repository';

/**
 * An alert's chart as a PNG, for the chart link in its Slack message (Slack fetches image blocks without a
 * session). The signed token names the outbox row; anything else, or a row without a chart, is not found.
 */
export async function alertChartPng({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { secret: string; token: string };
}): Promise<Buffer> {
  const claim = readChartToken(input.secret, input.token);
  const row = claim ? await repo.findOutbox(ctx.db, claim.tenantId, claim.notificationId) : undefined;
  const details = row?.content.details;
  if (details?.type !== 'alert' || !details.chart)
    throw new AppError('not_found', 'It looks like there is no chart here.');
  return chartPng(details.chart);
}
