import type { Queryable } from '../../db/client';

export interface ApiKeyRow {
  key_id: number;
  tenant_id: number;
  name: string;
  prefix: string;
  scope_dim_name: string | null;
  scope_dim_val: string | null;
  created_by_email: string | null;
  created_by: number | null;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `k.key_id::int, k.tenant_id::int, k.name, k.prefix, k.scope_dim_name, k.scope_dim_val, k.created_by::int,
  u.email as created_by_email, k.created_at, k.last_used_at`;

export async function insertKey(
  db: Queryable,
  input: {
    tenantId: number;
    name: string;
    prefix: string;
    keyHash: string;
    dimName: string | null;
    dimVal: string | null;
    userId: number;
  },
): Promise<ApiKeyRow> {
  const [row] = await db.query<ApiKeyRow>(
    `with k as (
       insert into api_keys (tenant_id, name, prefix, key_hash, scope_dim_name, scope_dim_val, created_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning *)
     select ${COLUMNS} from k left join users u on u.user_id = k.created_by`,
    [input.tenantId, input.name, input.prefix, input.keyHash, input.dimName, input.dimVal, input.userId],
  );
  return row!;
}

export async function listKeys(db: Queryable, tenantId: number): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>(
    `select ${COLUMNS} from api_keys k left join users u on u.user_id = k.created_by
      where k.tenant_id = $1 and k.revoked_at is null order by k.created_at desc, k.key_id desc`,
    [tenantId],
  );
}

/** Who made a live key of this workspace; undefined when there is no such key. */
export async function findLiveKeyMaker(
  db: Queryable,
  tenantId: number,
  keyId: number,
): Promise<{ created_by: number | null } | undefined> {
  const rows = await db.query<{ created_by: number | null }>(
    'select created_by::int from api_keys where tenant_id = $1 and key_id = $2 and revoked_at is null',
    [tenantId, keyId],
  );
  return rows[0];
}

export async function revokeKey(db: Queryable, tenantId: number, keyId: number): Promise<boolean> {
  const rows = await db.query(
    'update api_keys set revoked_at = now() where tenant_id = $1 and key_id = $2 and revoked_at is null returning key_id',
    [tenantId, keyId],
  );
  return rows.length > 0;
}

export interface KeyAuthRow {
  key_id: number;
  tenant_id: number;
  created_by: number | null;
  scope_dim_name: string | null;
  scope_dim_val: string | null;
  user_uuid: string | null;
  email: string | null;
}

/** The live key with this hash; its last use is written at most once a minute (reads stay reads). */
export async function findLiveKey(db: Queryable, keyHash: string): Promise<KeyAuthRow | undefined> {
  const rows = await db.query<KeyAuthRow>(
    // A key acts with its maker's membership: once they leave the workspace, it stops working.
    `with k as (
       select * from api_keys a where key_hash = $1 and revoked_at is null
          and exists (select 1 from memberships m where m.tenant_id = a.tenant_id and m.user_id = a.created_by)
     ), touched as (
       update api_keys a set last_used_at = now() from k
        where a.tenant_id = k.tenant_id and a.key_id = k.key_id
          and (a.last_used_at is null or a.last_used_at < now() - interval '1 minute')
     )
     select k.key_id::int, k.tenant_id::int, k.created_by::int, k.scope_dim_name, k.scope_dim_val,
            u.user_uuid, u.email
       from k left join users u on u.user_id = k.created_by`,
    [keyHash],
  );
  return rows[0];
}

/** A key of this workspace that has not been revoked (no use recorded: the caller is a link, not the key). */
export async function findLiveKeyById(
  db: Queryable,
  tenantId: number,
  keyId: number,
): Promise<Pick<KeyAuthRow, 'scope_dim_name' | 'scope_dim_val'> | undefined> {
  const rows = await db.query<Pick<KeyAuthRow, 'scope_dim_name' | 'scope_dim_val'>>(
    `select scope_dim_name, scope_dim_val from api_keys
      where tenant_id = $1 and key_id = $2 and revoked_at is null`,
    [tenantId, keyId],
  );
  return rows[0];
}
