import type { Queryable } from '../db/client';

/** Keeps a message in the local outbox (read at /v1/dev/outbox); returns its number. */
export async function insertOutboxMessage(
  db: Queryable,
  m: { to: string; subject: string; text: string; links: string[]; html: string | null },
): Promise<string> {
  const [row] = await db.query<{ message_id: string }>(
    `insert into dev_outbox (recipient, subject, body_text, links, body_html) values ($1, $2, $3, $4, $5)
     returning message_id::text`,
    [m.to, m.subject, m.text, JSON.stringify(m.links), m.html],
  );
  return row!.message_id;
}
