import type { Aggregation, KpiFormat } from '@tidemark/contract';
import type { Queryable } from '../../db/client';

// What a table's metric plan is made of: its metrics and dimension columns, and a dimension's top values.

export interface MetricRow {
  tenant_id: number;
  kpi_id: number;
  connection_id: number;
  table_id: number;
  kpi_name: string;
  kpi_display_name: string;
  field_name: string;
  aggregation_operation: Aggregation;
  formula: string | null;
  accent: 'positive' | 'negative';
  kpi_format: KpiFormat;
  /** A money metric's own currency; null: the workspace's. */
  currency: string | null;
  is_active: boolean;
  tier: number;
  impact_to_topline: number | null;
  dollar_impact: number | null;
  is_derived: boolean;
  description: string | null;
  kpi_definition: string | null;
  created_at: Date;
}

export async function metricsOfTable(db: Queryable, tenantId: number, tableId: number): Promise<MetricRow[]> {
  return db.query<MetricRow>('select * from metrics where tenant_id = $1 and table_id = $2 order by kpi_id', [
    tenantId,
    tableId,
  ]);
}

export async function dimensionColumnsOfTable(db: Queryable, tenantId: number, tableId: number) {
  return db.query<{ dimension_id: number; name: string; display_name: string; field_name: string }>(
    `select d.dimension_id, d.name, d.display_name, c.field_name from dimension_columns c
     join dimensions d on d.tenant_id = c.tenant_id and d.dimension_id = c.dimension_id
     where c.tenant_id = $1 and c.table_id = $2 order by d.dimension_id`,
    [tenantId, tableId],
  );
}

/** A dimension's most frequent values, by rank (the rest read as 'Other'). */
export async function topDimensionValues(
  db: Queryable,
  tenantId: number,
  dimensionId: number,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ value: string }>(
    'select value from dimension_values where tenant_id = $1 and dimension_id = $2 and rank <= $3 order by rank',
    [tenantId, dimensionId, limit],
  );
  return rows.map((r) => r.value);
}
