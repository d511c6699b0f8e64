import type { Queryable } from '../../db/client';

export interface PhoneRow {
  phone_number: string | null;
  phone_verified_number: string | null;
}

export interface VerificationRow {
  phone_number: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  sent_at: Date;
  sends: number;
  sends_since: Date;
}

export async function findPhone(db: Queryable, userId: number): Promise<PhoneRow | undefined> {
  const [row] = await db.query<PhoneRow>(
    'select phone_number, phone_verified_number from users where user_id = $1',
    [userId],
  );
  return row;
}

export async function findVerification(db: Queryable, userId: number): Promise<VerificationRow | undefined> {
  const [row] = await db.query<VerificationRow>(
    `select phone_number, code_hash, attempts, expires_at, sent_at, sends, sends_since
       from phone_verifications where user_id = $1`,
    [userId],
  );
  return row;
}

/** The new code replaces any earlier one; the daily count carries on within its window. */
export async function saveVerification(
  db: Queryable,
  input: { userId: number; phone: string; codeHash: string; expiresAt: Date; now: Date; dayStart: Date },
): Promise<void> {
  await db.query(
    `insert into phone_verifications (user_id, phone_number, code_hash, attempts, expires_at, sent_at, sends, sends_since)
     values ($1, $2, $3, 0, $4, $5, 1, $5)
     on conflict (user_id) do update set phone_number = excluded.phone_number, code_hash = excluded.code_hash,
       attempts = 0, expires_at = excluded.expires_at, sent_at = excluded.sent_at,
       sends = case when phone_verifications.sends_since > $6 then phone_verifications.sends + 1 else 1 end,
       sends_since = case when phone_verifications.sends_since > $6 then phone_verifications.sends_since
                          else excluded.sends_since end`,
    [input.userId, input.phone, input.codeHash, input.expiresAt, input.now, input.dayStart],
  );
}

/**
 * Counts one try before the code is compared, in one statement, so parallel guesses cannot exceed the limit.
 * Answers the tries used, or null when none are left.
 */
export async function takeAttempt(db: Queryable, userId: number, max: number): Promise<number | null> {
  const [row] = await db.query<{ attempts: number }>(
    `update phone_verifications set attempts = attempts + 1 where user_id = $1 and attempts < $2
     returning attempts`,
    [userId, max],
  );
  return row ? row.attempts : null;
}

/** The number becomes verified only if it is still the user's number, and the code is used up. */
export async function markVerified(db: Queryable, userId: number, phone: string): Promise<boolean> {
  const rows = await db.query(
    'update users set phone_verified_number = $2 where user_id = $1 and phone_number = $2 returning 1',
    [userId, phone],
  );
  await db.query('delete from phone_verifications where user_id = $1', [userId]);
  return rows.length === 1;
}

/** A stored number confirmed with a texted code (asked inside the notification pipeline's transaction). */
export async function phoneIsVerified(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from users where user_id = $1 and phone_number is not null and phone_verified_number = phone_number`,
    [userId],
  );
  return rows.length === 1;
}
