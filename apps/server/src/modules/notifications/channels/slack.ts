import { isSlackReachable, postSlackAlert, SlackDeliveryError } from '../../slack';
import { sessionSecret } from '../../../db/app-settings';
import { PermanentSendError, registerChannelSender, type ChannelSender } from '../channel';
import { chartToken } from '../chart-token';
import type { AlertDetails } from '../content';

/**
 * Slack: the alert as a Block Kit message with Resolve, Flag, Snooze and Open in the workspace's chosen channel,
 * once per item (modules/slack keeps its ts, edits it later and follows up in its thread).
 */
export const slackSender: ChannelSender = {
  channel: 'slack',
  isConfigured: (config) => config.slack !== undefined,
  canReach: (db, input) => isSlackReachable({ ctx: { db }, input: { tenantId: input.tenantId } }),
  async send(ctx, n) {
    if ((n.kind !== 'insight_group' && n.kind !== 'event_group') || !n.item_id) {
      throw new PermanentSendError('Slack carries alerts only; reports go by e-mail.');
    }
    // The figures' format, as the e-mail reads it from the same row.
    const details = n.details as Partial<AlertDetails> & { currency_symbol?: string };
    // The e-mail's chart, as an image block Slack fetches from our public address.
    const chartUrl = details.chart
      ? `${ctx.config.publicUrl}/v1/notifications/charts/${chartToken(await sessionSecret(ctx.db, ctx.config.sessionSecret), { tenantId: n.tenant_id, notificationId: n.id })}`
      : null;
    try {
      const { ts } = await postSlackAlert({
        ctx,
        input: {
          tenantId: n.tenant_id,
          alert: {
            kind: n.kind,
            item_id: n.item_id,
            title: n.title,
            summary: n.summary,
            severity: n.severity,
            expected: n.expected,
            actual: n.actual,
            dollar_impact: n.dollar_impact,
            currency: n.currency,
            app_url: n.app_url,
            ...(details.format ? { format: details.format } : {}),
            ...(details.currency_symbol ? { currency_symbol: details.currency_symbol } : {}),
            ...(chartUrl ? { chart_url: chartUrl } : {}),
          },
        },
      });
      return { providerMessageId: ts };
    } catch (error) {
      if (error instanceof SlackDeliveryError && error.permanent) throw new PermanentSendError(error.message);
      throw error;
    }
  },
};

registerChannelSender(slackSender);
