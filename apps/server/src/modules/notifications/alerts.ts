import type { Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';
import { matches, selectAlerts, type Candidate, type ItemKind } from './alert-selection';
import { channelSender, NOTIFICATION_CHANNELS, type NotificationChannel } from './channel';
import { SEVERITY_RANK } from './content';
import { kickDispatch } from './delivery';
import * as repo from './notifications.repository';
import { quietUntil } from './schedule';

/**
 * Matches new and escalated items against every member's subscriptions and writes their outbox rows, in
 * the caller's transaction (`tx`): the item and its alerts commit together or not at all. An item alerts
 * once; it alerts again only when its severity goes up (the repeat rule). Delivery jobs pick the rows up
 * after the commit.
 */
export async function notifyItems({
  ctx,
  tx,
  input,
}: {
  ctx: BaseContext;
  tx: Queryable;
  input: { tenantId: number; kind: ItemKind; ids: Array<string | number>; now?: Date };
}): Promise<number> {
  if (input.ids.length === 0) return 0;
  const now = input.now ?? new Date();
  const ws = await repo.findWorkspace(tx, input.tenantId);
  // The demo workspace is shared by every visitor: it never sends anything.
  if (!ws || ws.is_demo || ws.is_all_customers) return 0;
  const candidates = await selectAlerts(ctx, tx, ws, {
    select: { kind: input.kind, ids: input.ids.map(String) },
    now,
    rule: 'now',
    charts: true,
  });
  let written = 0;
  let members: repo.RecipientRow[] | null = null;
  let snoozes: repo.SnoozeRow[] = [];
  for (const c of candidates) {
    const first = await repo.claimAlertLevel(tx, {
      tenantId: ws.tenant_id,
      kind: c.kind,
      itemId: c.itemId,
      rank: SEVERITY_RANK[c.severity],
    });
    if (!first) continue;
    if (!members) {
      members = await repo.recipients(tx, ws.tenant_id);
      snoozes = await repo.activeSnoozes(tx, ws.tenant_id, now);
    }
    for (const m of members) {
      if (!matches(c, m)) continue;
      if (isSnoozed(c, m.user_id, snoozes)) continue;
      const sendAfter =
        quietUntil(now, ws.timezone, {
          is_active: m.quiet_hours_active,
          start: m.quiet_start,
          end: m.quiet_end,
        }) ?? now;
      for (const channel of await channelsFor(ctx, tx, ws.tenant_id, m)) {
        const id = await repo.insertOutbox(tx, {
          tenantId: ws.tenant_id,
          userId: m.user_id,
          channel,
          kind: c.kind,
          itemId: c.itemId,
          dedupeKey: `${c.kind}:${c.itemId}:${c.severity}`,
          content: c.content,
          sendAfter,
        });
        if (id) written++;
      }
    }
  }
  if (written > 0) await kickDispatch(ctx);
  return written;
}

function isSnoozed(c: Candidate, userId: number, snoozes: repo.SnoozeRow[]): boolean {
  return snoozes.some(
    (s) =>
      s.user_id === userId &&
      ((s.target_type === c.kind && s.target_id === c.itemId) ||
        (s.target_type === 'metric' && c.kpiIds.includes(s.target_id))),
  );
}

/** Channels on for the member whose provider this server has, and that can reach them (a verified phone…). */
async function channelsFor(
  ctx: BaseContext,
  tx: Queryable,
  tenantId: number,
  m: repo.RecipientRow,
): Promise<NotificationChannel[]> {
  const on: Record<NotificationChannel, boolean> = {
    email: m.email_active && !(m.unsubscribed.email ?? []).includes('alerts'),
    slack: m.slack_active && !(m.unsubscribed.slack ?? []).includes('alerts'),
    sms: m.sms_active && m.phone_number !== null && !(m.unsubscribed.sms ?? []).includes('alerts'),
  };
  const out: NotificationChannel[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    if (!on[channel]) continue;
    const sender = channelSender(channel);
    if (!sender || !sender.isConfigured(ctx.config)) continue;
    if (sender.canReach && !(await sender.canReach(tx, { tenantId, userId: m.user_id }))) continue;
    out.push(channel);
  }
  return out;
}
