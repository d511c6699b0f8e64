import type { Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';
import * as catalogue from './catalogue.repository';

export type WarehouseTable = catalogue.WarehouseTableRow;

/** After the workspace's time zone changed: every table's series are rebuilt whole, in the new zone. */
export async function markAllSeriesForRebuild({
  ctx,
}: {
  ctx: { db: Queryable; tenantId: number };
}): Promise<void> {
  await catalogue.markTenantNeedsFullRecompute(ctx.db, ctx.tenantId);
}

/** The warehouse tables of one data source, or of the whole workspace. */
export async function tablesOfConnection({
  ctx,
  input,
}: {
  ctx: BaseContext & { tenantId: number };
  /** Without a connection: every table of the workspace. */
  input?: { connectionId?: number };
}): Promise<WarehouseTable[]> {
  const connectionId = input?.connectionId;
  return connectionId === undefined
    ? catalogue.listTenantWarehouseTables(ctx.db, ctx.tenantId)
    : catalogue.listWarehouseTables(ctx.db, ctx.tenantId, connectionId);
}

export async function setTableDateColumn({
  ctx,
  input,
}: {
  ctx: BaseContext & { tenantId: number };
  input: { tableId: number; column: string };
}): Promise<void> {
  const { tableId, column } = input;
  await catalogue.setDateColumn(ctx.db, ctx.tenantId, tableId, column);
}

export async function markSeriesComputed({
  ctx,
  input,
}: {
  ctx: BaseContext & { tenantId: number };
  input: { tableId: number; computedAt: Date };
}): Promise<void> {
  const { tableId, computedAt } = input;
  await catalogue.markSeriesComputed(ctx.db, ctx.tenantId, tableId, computedAt);
}
