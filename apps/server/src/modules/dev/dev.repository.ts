import type { Queryable } from '../../db/client';

export async function recentOutbox(db: Queryable, limit: number) {
  return db.query<{
    recipient: string;
    subject: string;
    body_text: string;
    links: string[];
    created_at: Date;
  }>(
    'select recipient, subject, body_text, links, created_at from dev_outbox order by message_id desc limit $1',
    [limit],
  );
}
