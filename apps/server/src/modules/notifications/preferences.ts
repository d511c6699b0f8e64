import { SNOOZE_DURATIONS, NOTIFICATION_MESSAGES as M } from '@tidemark/contract';
import type {
  CreateSnoozeBody,
  NotificationSettings,
  Snooze,
  UpdateNotificationSettingsBody,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import type { TenantContext } from '../../plugins/context';
import { channelSender, NOTIFICATION_CHANNELS } from './channel';
import * as repo from './notifications.repository';

// The caller's own noise controls: quiet hours, alert scope and snoozes.

export async function getNotificationSettings({
  ctx,
}: {
  ctx: TenantContext;
}): Promise<NotificationSettings> {
  const s = await repo.findSettings(ctx.db, ctx.tenantId, ctx.user.userId);
  return {
    quiet_hours: { is_active: s.quiet_hours_active, start: s.quiet_start, end: s.quiet_end },
    scope_filter_id: s.scope_filter_id,
    channels: NOTIFICATION_CHANNELS.map((name) => ({
      name,
      is_configured: channelSender(name)?.isConfigured(ctx.config) ?? false,
    })),
  };
}

export async function updateNotificationSettings({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: UpdateNotificationSettingsBody;
}): Promise<NotificationSettings> {
  await ctx.db.transaction(async (tx) => {
    if (
      input.scope_filter_id !== null &&
      !(await repo.filterExists(tx, ctx.tenantId, input.scope_filter_id))
    ) {
      throw new AppError('bad_request', M.badFilter);
    }
    const s = await repo.findSettings(tx, ctx.tenantId, ctx.user.userId);
    await repo.saveSettings(tx, ctx.tenantId, ctx.user.userId, {
      ...s,
      quiet_hours_active: input.quiet_hours.is_active,
      quiet_start: input.quiet_hours.start,
      quiet_end: input.quiet_hours.end,
      scope_filter_id: input.scope_filter_id,
    });
  });
  return getNotificationSettings({ ctx });
}

const toSnooze = (r: repo.NamedSnoozeRow): Snooze => ({
  id: r.snooze_id,
  target_type: r.target_type,
  target_id: r.target_id,
  target_name: r.target_name,
  until: r.until.toISOString(),
});

export async function listSnoozes({ ctx }: { ctx: TenantContext }): Promise<{ snoozes: Snooze[] }> {
  const rows = await repo.memberSnoozes(ctx.db, ctx.tenantId, ctx.user.userId, new Date());
  return { snoozes: rows.map(toSnooze) };
}

/** Snoozes alerts about one item or one metric for the caller; snoozing again restarts the time. */
export async function snoozeAlerts({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: CreateSnoozeBody & { now?: Date };
}): Promise<{ success: true; message: string; data: Snooze }> {
  if (!(await repo.targetExists(ctx.db, ctx.tenantId, input.target_type, input.target_id))) {
    throw new AppError('not_found', M.badTarget);
  }
  const now = input.now ?? new Date();
  const row = await repo.upsertSnooze(ctx.db, {
    tenantId: ctx.tenantId,
    userId: ctx.user.userId,
    targetType: input.target_type,
    targetId: input.target_id,
    until: new Date(now.getTime() + SNOOZE_DURATIONS[input.duration] * 1000),
  });
  return { success: true, message: M.snoozed, data: toSnooze(row) };
}

export async function removeSnooze({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: string };
}): Promise<{ success: true; message: string }> {
  if (!(await repo.deleteSnooze(ctx.db, ctx.tenantId, ctx.user.userId, input.id))) {
    throw new AppError('not_found', M.snoozeNotFound);
  }
  return { success: true, message: M.snoozeRemoved };
}
