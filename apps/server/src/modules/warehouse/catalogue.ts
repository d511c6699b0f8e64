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
  connectionId,
}: {
  ctx: BaseContext & { tenantId: number };
  connectionId?: number;
}): Promise<WarehouseTable[]> {
  return connectionId === undefined
    ? catalogue.listTenantWarehouseTables(ctx.db, ctx.tenantId)
    : catalogue.listWarehouseTables(ctx.db, ctx.tenantId, connectionId);
}

export async function setTableDateColumn({
  ctx,
  tableId,
  column,
}: {
  ctx: BaseContext & { tenantId: number };
  tableId: number;
  column: string;
}): Promise<void> {
  await catalogue.setDateColumn(ctx.db, ctx.tenantId, tableId, column);
}

export async function markSeriesComputed({
  ctx,
  tableId,
  computedAt,
}: {
  ctx: BaseContext & { tenantId: number };
  tableId: number;
  computedAt: Date;
}): Promise<void> {
  await catalogue.markSeriesComputed(ctx.db, ctx.tenantId, tableId, computedAt);
}
