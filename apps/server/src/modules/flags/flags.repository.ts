import type { Queryable } from '../../db/client';

export async function listOverrides(
  db: Queryable,
  tenantId: number,
): Promise<Array<{ flag: string; enabled: boolean }>> {
  return db.query('select flag, enabled from feature_flags where tenant_id = $1', [tenantId]);
}

export async function upsertFlag(
  db: Queryable,
  tenantId: number,
  flag: string,
  enabled: boolean,
  userId: number | null,
): Promise<void> {
  await db.query(
    `insert into feature_flags (tenant_id, flag, enabled, updated_by) values ($1, $2, $3, $4)
     on conflict (tenant_id, flag) do update set enabled = excluded.enabled, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [tenantId, flag, enabled, userId],
  );
}
