import type { Queryable } from '../../db/client';

export interface NewEvent {
  tenantId: number;
  userId: number | null;
  event: string;
  properties: Record<string, unknown>;
}

export async function insertEvent(
  db: Queryable,
  e: NewEvent,
): Promise<{ event_id: number; created_at: Date }> {
  const rows = await db.query<{ event_id: number; created_at: Date }>(
    `insert into analytics_events (tenant_id, user_id, event, properties) values ($1, $2, $3, $4::jsonb)
     returning event_id, created_at`,
    [e.tenantId, e.userId, e.event, JSON.stringify(e.properties)],
  );
  return rows[0]!;
}

export async function markForwarded(db: Queryable, tenantId: number, eventId: number): Promise<void> {
  await db.query('update analytics_events set forwarded_at = now() where tenant_id = $1 and event_id = $2', [
    tenantId,
    eventId,
  ]);
}

/** Who a user is, as identify tells the analytics service (the person behind a distinct id). */
export async function findPerson(
  db: Queryable,
  userId: number,
): Promise<{ user_uuid: string; email: string; name: string | null } | null> {
  const rows = await db.query<{ user_uuid: string; email: string; name: string | null }>(
    `select user_uuid::text, email, nullif(trim(concat_ws(' ', given_name, family_name)), '') as name
       from users where user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
