import type { NotificationPreview } from '@tidemark/contract';
import type { BaseContext, TenantContext } from '../../plugins/context';
import { matches, selectAlerts, type Candidate } from './alert-selection';
import type { NotificationSeverity } from './channel';
import * as repo from './notifications.repository';

const WEEK_MS = 7 * 86_400_000;

/**
 * Replays the items that took place in the last 4 weeks through the given filters (the saved ones where
 * not given), with the caller's alert scope: one alert per item at its present severity.
 */
export async function previewAlerts({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    severity?: NotificationSeverity[] | undefined;
    monetary_impact_threshold?: number | undefined;
    now?: Date;
  };
}): Promise<NotificationPreview> {
  const to = input.now ?? new Date();
  const from = new Date(to.getTime() - 4 * WEEK_MS);
  const [me] = await repo.recipients(ctx.db, ctx.tenantId, ctx.user.userId);
  const filters = {
    severities: input.severity ?? me?.severities ?? ['High', 'Medium', 'Low'],
    monetary_impact_threshold: input.monetary_impact_threshold ?? me?.monetary_impact_threshold ?? 0,
    scope_dim_name: me?.scope_dim_name ?? null,
    scope_dim_val: me?.scope_dim_val ?? null,
  };
  const ws = await repo.findWorkspace(ctx.db, ctx.tenantId);
  const items = ws
    ? await selectAlerts(ctx, ctx.db, ws, { select: { from, to }, now: to, rule: 'replay', charts: false })
    : [];
  const weeks = [0, 1, 2, 3].map((i) => ({
    week_start: new Date(from.getTime() + i * WEEK_MS).toISOString(),
    count: 0,
  }));
  const bySeverity = { High: 0, Medium: 0, Low: 0 };
  const byKind = { insight_group: 0, event_group: 0 };
  for (const i of items) {
    if (!matches(i, filters)) continue;
    bySeverity[i.severity]++;
    byKind[i.kind]++;
    const w = Math.min(3, Math.floor((i.happenedAt.getTime() - from.getTime()) / WEEK_MS));
    weeks[Math.max(0, w)]!.count++;
  }
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: bySeverity.High + bySeverity.Medium + bySeverity.Low,
    by_severity: bySeverity,
    by_kind: byKind,
    weeks,
  };
}

/**
 * Every item of a period as if Tidemark had been watching when it took place, before anyone's filters: what
 * the invariants over a whole store check (one loss is alerted once).
 */
export async function replayAlerts({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { tenantId: number; from: Date; to: Date };
}): Promise<Candidate[]> {
  const ws = await repo.findWorkspace(ctx.db, input.tenantId);
  if (!ws) return [];
  return selectAlerts(ctx, ctx.db, ws, {
    select: { from: input.from, to: input.to },
    now: input.to,
    rule: 'replay',
    charts: false,
  });
}
