import type { Queryable } from '../../db/client';

export interface GlobalFilterRow {
  tenant_id: number;
  filter_id: number;
  display_name: string;
  dimension_id: number;
  dimension_name: string;
  dimension_value: string;
  is_default: boolean;
}

const COLUMNS =
  'tenant_id, filter_id, display_name, dimension_id, dimension_name, dimension_value, is_default';

export async function listFilterRows(db: Queryable, tenantId: number): Promise<GlobalFilterRow[]> {
  return db.query<GlobalFilterRow>(
    `select ${COLUMNS} from global_filters where tenant_id = $1
     order by is_default desc, lower(display_name), filter_id`,
    [tenantId],
  );
}

export async function findFilter(
  db: Queryable,
  tenantId: number,
  filterId: number,
): Promise<GlobalFilterRow | undefined> {
  const rows = await db.query<GlobalFilterRow>(
    `select ${COLUMNS} from global_filters where tenant_id = $1 and filter_id = $2`,
    [tenantId, filterId],
  );
  return rows[0];
}

/** What a new filter would collide with: its name (any case) or its dimension value. */
export async function findClashes(
  db: Queryable,
  tenantId: number,
  input: { displayName: string; dimensionId: number; dimensionValue: string },
): Promise<{ total: number; sameName: boolean; sameValue: boolean }> {
  const [row] = await db.query<{ total: number; same_name: boolean; same_value: boolean }>(
    `select count(*)::int as total,
            coalesce(bool_or(lower(display_name) = lower($2)), false) as same_name,
            coalesce(bool_or(dimension_id = $3 and dimension_value = $4), false) as same_value
     from global_filters where tenant_id = $1`,
    [tenantId, input.displayName, input.dimensionId, input.dimensionValue],
  );
  return { total: row!.total, sameName: row!.same_name, sameValue: row!.same_value };
}

export async function clearDefault(db: Queryable, tenantId: number): Promise<void> {
  await db.query('update global_filters set is_default = false where tenant_id = $1 and is_default', [
    tenantId,
  ]);
}

export async function insertFilter(
  db: Queryable,
  input: {
    tenantId: number;
    displayName: string;
    dimensionId: number;
    dimensionName: string;
    dimensionValue: string;
    isDefault: boolean;
    createdBy: number;
  },
): Promise<GlobalFilterRow> {
  const rows = await db.query<GlobalFilterRow>(
    `insert into global_filters (tenant_id, display_name, dimension_id, dimension_name, dimension_value, is_default, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [
      input.tenantId,
      input.displayName,
      input.dimensionId,
      input.dimensionName,
      input.dimensionValue,
      input.isDefault,
      input.createdBy,
    ],
  );
  return rows[0]!;
}

/** Deletes only a filter that is not the default, so a concurrent "make default" cannot be undone by it. */
export async function deleteNonDefaultFilter(
  db: Queryable,
  tenantId: number,
  filterId: number,
): Promise<boolean> {
  const rows = await db.query<{ filter_id: number }>(
    'delete from global_filters where tenant_id = $1 and filter_id = $2 and not is_default returning filter_id',
    [tenantId, filterId],
  );
  return rows.length > 0;
}
