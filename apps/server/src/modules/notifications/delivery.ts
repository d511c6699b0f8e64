import type { BaseContext } from '../../plugins/context';
import { channelSender, type NotificationChannel } from './channel';
import * as repo from './notifications.repository';

export const DISPATCH_JOB = 'notifications.dispatch';
export const deliverJobName = (channel: NotificationChannel) => `notifications.deliver-${channel}`;
export const DELIVERY_RETRY_LIMIT = 8;

/**
 * Wakes the dispatcher soon after the caller's commit; the every-minute schedule catches anything it
 * misses (a long transaction, a restart), so no row is left behind.
 */
export async function kickDispatch(ctx: BaseContext): Promise<void> {
  try {
    await ctx.jobs.send(DISPATCH_JOB, {}, { singletonKey: DISPATCH_JOB, startAfterSeconds: 2 });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not wake the notification dispatcher; its schedule will');
  }
}

/** Hands every due outbox row to its channel's delivery job (one job per row, keyed by it). */
export async function dispatchDue(ctx: BaseContext, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await repo.takeDueOutbox(ctx.db, now, 200);
    for (const r of rows) {
      await ctx.jobs.send(
        deliverJobName(r.channel),
        { tenantId: r.tenant_id, notificationId: r.id },
        { singletonKey: `notification:${r.id}` },
      );
    }
    total += rows.length;
    if (rows.length < 200) return total;
  }
}

/**
 * Sends one outbox row. A row already sent is left alone (a retried or duplicated job sends nothing); a
 * failure is recorded and thrown so the job retries with back-off, until the last retry marks it failed.
 * Senders pass the row id as the provider's idempotency key (e-mail: a fixed Message-ID).
 */
export async function deliverNotification(
  ctx: BaseContext,
  input: { tenantId: number; notificationId: string; finalAttempt: boolean },
): Promise<'sent' | 'skipped' | 'failed'> {
  const row = await repo.findOutbox(ctx.db, input.tenantId, input.notificationId);
  if (!row || row.status !== 'pending') return 'skipped';
  const sender = channelSender(row.channel);
  if (!sender || !sender.isConfigured(ctx.config)) {
    await repo.finishOutbox(ctx.db, {
      tenantId: row.tenant_id,
      id: row.notification_id,
      status: 'cancelled',
      error: `The ${row.channel} channel is not configured on this server.`,
    });
    return 'skipped';
  }
  const attempt = await repo.startAttempt(ctx.db, row.tenant_id, row.notification_id);
  if (attempt === null) return 'skipped';
  const recipient = (await repo.userEmail(ctx.db, row.user_id)) ?? `user ${row.user_id}`;
  const c = row.content;
  try {
    const result = await sender.send(ctx, {
      id: row.notification_id,
      tenant_id: row.tenant_id,
      user_id: row.user_id,
      channel: row.channel,
      kind: row.kind,
      item_id: row.item_id,
      title: c.title,
      summary: c.summary,
      severity: c.severity,
      expected: c.expected,
      actual: c.actual,
      dollar_impact: c.dollar_impact,
      currency: c.currency,
      app_url: c.app_url,
      attempt,
      details: { ...c.details, currency_symbol: c.currency_symbol },
    });
    await ctx.db.transaction((tx) =>
      repo.recordAttempt(tx, {
        tenantId: row.tenant_id,
        id: row.notification_id,
        channel: row.channel,
        recipient:
          result.recipient ?? (row.channel === 'email' ? recipient : `${row.channel}:${row.user_id}`),
        status: 'sent',
        providerMessageId: result.providerMessageId,
        error: null,
      }),
    );
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof Error && error.name === 'PermanentSendError';
    await ctx.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, {
        tenantId: row.tenant_id,
        id: row.notification_id,
        channel: row.channel,
        recipient: row.channel === 'email' ? recipient : `${row.channel}:${row.user_id}`,
        status: 'failed',
        providerMessageId: null,
        error: message.slice(0, 1000),
      });
      if (permanent || input.finalAttempt) {
        await repo.finishOutbox(tx, {
          tenantId: row.tenant_id,
          id: row.notification_id,
          status: 'failed',
          error: message,
        });
      }
    });
    if (permanent || input.finalAttempt) return 'failed';
    throw error;
  }
}
