import { PREFERENCE_DEFAULTS, NOTIFICATION_MESSAGES as M } from '@tidemark/contract';
import { AppError } from '../../errors';
import type { BaseContext } from '../../plugins/context';
import * as repo from './notifications.repository';
import { readUnsubscribeToken, type UnsubscribeType } from './unsubscribe-token';

const TYPE_NAMES: Record<UnsubscribeType, string> = {
  alerts: 'alert',
  daily: 'daily alert',
  weekly: 'weekly digest',
  monthly: 'monthly summary',
  quarterly: 'quarterly summary',
};

export function describeUnsubscribe(secret: string, token: string): { what: string } {
  const claim = readUnsubscribeToken(secret, token);
  if (!claim) throw new AppError('bad_request', M.badToken);
  return {
    what: `${TYPE_NAMES[claim.type]} ${claim.channel === 'email' ? 'e-mails' : `messages by ${claim.channel}`}`,
  };
}

/**
 * One-click unsubscribe: the signed token names the user, workspace, channel and kind, and changes only
 * that. E-mail alerts, daily alerts and the weekly digest turn the settings' own switches off, so the
 * settings tell the truth (the saved report time is kept: `updated_at` is what reads it back); monthly and
 * quarterly summaries, which have no switch of their own, and other channels are remembered per user.
 */
export async function unsubscribe({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { secret: string; token: string };
}): Promise<{ success: true; message: string; what: string }> {
  const claim = readUnsubscribeToken(input.secret, input.token);
  if (!claim) throw new AppError('bad_request', M.badToken);
  const { what } = describeUnsubscribe(input.secret, input.token);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.isMember(tx, claim.tenantId, claim.userId))) return;
    if (claim.type === 'alerts' && claim.channel === 'email') {
      await repo.turnEmailAlertsOff(tx, claim.tenantId, claim.userId);
      return;
    }
    if (claim.channel === 'email' && (claim.type === 'daily' || claim.type === 'weekly')) {
      await repo.turnScheduleOff(tx, {
        tenantId: claim.tenantId,
        userId: claim.userId,
        part: claim.type === 'daily' ? 'daily_alerts' : 'weekly_digest',
        defaults: PREFERENCE_DEFAULTS.NOTIFICATION_SCHEDULE_PREFERENCE,
      });
      return;
    }
    const s = await repo.findSettings(tx, claim.tenantId, claim.userId);
    const list = new Set(s.unsubscribed[claim.channel] ?? []);
    list.add(claim.type);
    await repo.saveSettings(tx, claim.tenantId, claim.userId, {
      ...s,
      unsubscribed: { ...s.unsubscribed, [claim.channel]: [...list].sort() },
    });
  });
  return { success: true, message: M.unsubscribed, what };
}
