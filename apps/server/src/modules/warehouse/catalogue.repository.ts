import type { WarehouseColumnType } from '@tidemark/contract';
import type { Queryable } from '../../db/client';

// The catalogue of the workspace's warehouse tables (warehouse_tables): what each source table landed as,
// its columns, its date column and how much of its series is up to date.

export async function countTableNames(db: Queryable, tenantId: number, connectionId: number) {
  return db.query<{ source_table_name: string }>(
    'select source_table_name from warehouse_tables where tenant_id = $1 and connection_id = $2 order by table_id',
    [tenantId, connectionId],
  );
}

export interface WarehouseTableRow {
  tenant_id: number;
  table_id: number;
  connection_id: number;
  source_table_name: string;
  destination_table_name: string;
  columns: Array<{
    field_name: string;
    display_name: string;
    source_name: string;
    data_type: WarehouseColumnType;
    null_fraction: number;
    sample_values: string[];
    /** CSV: the zone offset-less times were read in (the column is then timestamptz). */
    time_zone?: string | null;
    /** CSV: the currency the column's values, header or the file's currency column name. */
    currency?: string | null;
  }>;
  key_columns: string[];
  cursor_column: string | null;
  cursor_value: string | null;
  date_column: string | null;
  row_count: number;
  loaded_at: Date | null;
  dirty_from: Date | null;
  needs_full_recompute: boolean;
}

export async function listWarehouseTables(
  db: Queryable,
  tenantId: number,
  connectionId: number,
): Promise<WarehouseTableRow[]> {
  return db.query<WarehouseTableRow>(
    'select * from warehouse_tables where tenant_id = $1 and connection_id = $2 order by table_id',
    [tenantId, connectionId],
  );
}

export async function findWarehouseTable(
  db: Queryable,
  tenantId: number,
  destination: string,
): Promise<WarehouseTableRow | undefined> {
  return (
    await db.query<WarehouseTableRow>(
      'select * from warehouse_tables where tenant_id = $1 and destination_table_name = $2',
      [tenantId, destination],
    )
  )[0];
}

export async function destinationNamesTaken(db: Queryable, tenantId: number): Promise<Set<string>> {
  const rows = await db.query<{ destination_table_name: string }>(
    'select destination_table_name from warehouse_tables where tenant_id = $1',
    [tenantId],
  );
  return new Set(rows.map((r) => r.destination_table_name));
}

export async function upsertWarehouseTable(
  db: Queryable,
  t: Omit<
    WarehouseTableRow,
    'table_id' | 'loaded_at' | 'date_column' | 'dirty_from' | 'needs_full_recompute'
  > & {
    dirty_from: Date | null;
  },
): Promise<WarehouseTableRow> {
  const rows = await db.query<WarehouseTableRow>(
    `insert into warehouse_tables (tenant_id, connection_id, source_table_name, destination_table_name, columns,
       key_columns, cursor_column, cursor_value, row_count, loaded_at, dirty_from)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), $10)
     on conflict (tenant_id, connection_id, source_table_name) do update set
       columns = excluded.columns, key_columns = excluded.key_columns, cursor_column = excluded.cursor_column,
       cursor_value = excluded.cursor_value, row_count = excluded.row_count, loaded_at = excluded.loaded_at,
       dirty_from = least(warehouse_tables.dirty_from, excluded.dirty_from)
     returning *`,
    [
      t.tenant_id,
      t.connection_id,
      t.source_table_name,
      t.destination_table_name,
      JSON.stringify(t.columns),
      t.key_columns,
      t.cursor_column,
      t.cursor_value,
      t.row_count,
      t.dirty_from,
    ],
  );
  return rows[0]!;
}

/** Every table of the workspace is rebuilt whole next time (its buckets depend on the time zone). */
export async function markTenantNeedsFullRecompute(db: Queryable, tenantId: number): Promise<void> {
  await db.query('update warehouse_tables set needs_full_recompute = true where tenant_id = $1', [tenantId]);
}

export async function markNeedsFullRecompute(
  db: Queryable,
  tenantId: number,
  tableId: number,
): Promise<void> {
  await db.query(
    'update warehouse_tables set needs_full_recompute = true where tenant_id = $1 and table_id = $2',
    [tenantId, tableId],
  );
}

export async function listTenantWarehouseTables(
  db: Queryable,
  tenantId: number,
): Promise<WarehouseTableRow[]> {
  return db.query<WarehouseTableRow>(
    'select * from warehouse_tables where tenant_id = $1 order by table_id',
    [tenantId],
  );
}

export async function setDateColumn(
  db: Queryable,
  tenantId: number,
  tableId: number,
  column: string,
): Promise<void> {
  await db.query(
    `update warehouse_tables set date_column = $3, needs_full_recompute = true where tenant_id = $1 and table_id = $2`,
    [tenantId, tableId, column],
  );
}

export async function markSeriesComputed(
  db: Queryable,
  tenantId: number,
  tableId: number,
  computedAt: Date,
): Promise<void> {
  // A load that landed while the series were computing keeps its mark, so its days are computed next time.
  await db.query(
    `update warehouse_tables set series_computed_at = $3, needs_full_recompute = false,
       dirty_from = case when loaded_at > $3 then dirty_from end
     where tenant_id = $1 and table_id = $2`,
    [tenantId, tableId, computedAt],
  );
}
