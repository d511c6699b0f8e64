import type { Queryable } from '../../db/client';

export async function recentOutbox(db: Queryable, limit: number) {
  return db.query<{
    message_id: string;
    has_html: boolean;
    recipient: string;
    subject: string;
    body_text: string;
    links: string[];
    created_at: Date;
  }>(
    `select message_id::text, body_html is not null as has_html, recipient, subject, body_text, links, created_at
       from dev_outbox order by message_id desc limit $1`,
    [limit],
  );
}

export async function outboxHtml(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ body_html: string | null }>(
    'select body_html from dev_outbox where message_id = $1',
    [id],
  );
  return row?.body_html ?? null;
}
