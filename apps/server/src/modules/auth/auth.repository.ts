import type { Queryable } from '../../db/client';

export interface UserRow {
  user_id: number;
  user_uuid: string;
  email: string;
  login_id: string;
  given_name: string | null;
  family_name: string | null;
  tenant_id: number;
  show_onboarding: boolean;
  user_status: 'new' | 'active';
  is_design_partner: boolean;
  is_north_star_enabled: boolean;
  shopify_shop_name: string | null;
}

export interface SessionUserRow extends UserRow {
  is_operator: boolean;
  expires_at: Date;
  last_seen_at: Date;
  /** Membership of the workspace the request names (or the user's own), read in the same round trip. */
  member_tenant_id?: number;
  is_member?: boolean;
}

const OPERATOR_EXPR = `exists (select 1 from memberships m join tenants t on t.tenant_id = m.tenant_id
   where m.user_id = u.user_id and t.is_all_customers)`;

export async function findSessionUser(
  db: Queryable,
  sessionHash: string,
  tenantId?: number,
): Promise<SessionUserRow | undefined> {
  const rows = await db.query<SessionUserRow>(
    `select u.*, s.expires_at, s.last_seen_at, ${OPERATOR_EXPR} as is_operator,
            coalesce($2::bigint, u.tenant_id)::int as member_tenant_id,
            exists (select 1 from memberships m
                     where m.user_id = u.user_id and m.tenant_id = coalesce($2::bigint, u.tenant_id)) as is_member
     from sessions s join users u on u.user_id = s.user_id
     where s.session_hash = $1 and s.expires_at > now()`,
    [sessionHash, tenantId ?? null],
  );
  return rows[0];
}

export async function findUserWithRole(db: Queryable, userId: number): Promise<SessionUserRow | undefined> {
  const rows = await db.query<SessionUserRow>(
    `select u.*, now() as expires_at, now() as last_seen_at, ${OPERATOR_EXPR} as is_operator from users u where u.user_id = $1`,
    [userId],
  );
  return rows[0];
}

export async function insertSession(
  db: Queryable,
  sessionHash: string,
  userId: number,
  ttlDays: number,
): Promise<void> {
  await db.query(
    `insert into sessions (session_hash, user_id, expires_at) values ($1, $2, now() + make_interval(days => $3::int))`,
    [sessionHash, userId, ttlDays],
  );
}

/** Sliding expiry: a session in use keeps living; one left alone ends after its TTL. */
export async function touchSession(db: Queryable, sessionHash: string, ttlDays: number): Promise<void> {
  await db.query(
    `update sessions set last_seen_at = now(), expires_at = now() + make_interval(days => $2::int) where session_hash = $1`,
    [sessionHash, ttlDays],
  );
}

export async function deleteSession(db: Queryable, sessionHash: string): Promise<void> {
  await db.query('delete from sessions where session_hash = $1', [sessionHash]);
}

export interface LoginTokenRow {
  token_hash: string;
  email: string;
  redirect_to: string | null;
  plan: string | null;
  is_demo: boolean;
  shopify_data: string | null;
}

export async function insertLoginToken(
  db: Queryable,
  t: LoginTokenRow & { requested_ip: string; ttl_minutes: number },
): Promise<void> {
  await db.query(
    `insert into login_tokens (token_hash, email, redirect_to, plan, is_demo, shopify_data, requested_ip, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8::int))`,
    [t.token_hash, t.email, t.redirect_to, t.plan, t.is_demo, t.shopify_data, t.requested_ip, t.ttl_minutes],
  );
}

/** Links asked for an address in the last minutes: by one client (`requested_ip`) and by all together. */
export async function countRecentTokens(
  db: Queryable,
  input: { email: string; client: string; minutes: number },
): Promise<{ fromClient: number; total: number }> {
  const rows = await db.query<{ from_client: number; total: number }>(
    `select count(*) filter (where requested_ip = $2)::int as from_client, count(*)::int as total
     from login_tokens where email = $1 and created_at > now() - make_interval(mins => $3::int)`,
    [input.email, input.client, input.minutes],
  );
  return { fromClient: rows[0]?.from_client ?? 0, total: rows[0]?.total ?? 0 };
}

/** Marks a live token used and returns it; a second use, or one past its expiry, returns nothing. */
export async function consumeLoginToken(
  db: Queryable,
  tokenHash: string,
): Promise<LoginTokenRow | undefined> {
  const rows = await db.query<LoginTokenRow>(
    `update login_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now()
     returning token_hash, email, redirect_to, plan, is_demo, shopify_data`,
    [tokenHash],
  );
  return rows[0];
}

export async function deleteExpiredTokens(db: Queryable): Promise<void> {
  await db.query(`delete from login_tokens where expires_at < now() - interval '1 day'`);
  await db.query(`delete from sessions where expires_at < now()`);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('select * from users where email = $1', [email]);
  return rows[0];
}

export async function insertUser(
  db: Queryable,
  u: {
    email: string;
    login_id: string;
    tenant_id: number;
    given_name?: string | null;
    family_name?: string | null;
    shopify_shop_name?: string | null;
    show_onboarding?: boolean;
    user_status?: 'new' | 'active';
    is_design_partner?: boolean;
  },
): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `insert into users (email, login_id, tenant_id, given_name, family_name, shopify_shop_name, show_onboarding, user_status,
                        is_design_partner)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [
      u.email,
      u.login_id,
      u.tenant_id,
      u.given_name ?? null,
      u.family_name ?? null,
      u.shopify_shop_name ?? null,
      u.show_onboarding ?? true,
      u.user_status ?? 'new',
      u.is_design_partner ?? false,
    ],
  );
  return rows[0]!;
}
