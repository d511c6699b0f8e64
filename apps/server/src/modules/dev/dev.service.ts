import type { BaseContext } from '../../plugins/context';
import { recentOutbox } from './dev.repository';

export async function listOutbox({ ctx }: { ctx: BaseContext }) {
  const rows = await recentOutbox(ctx.db, 100);
  return {
    messages: rows.map((r) => ({
      to: r.recipient,
      subject: r.subject,
      text: r.body_text,
      links: r.links,
      created_at: r.created_at.toISOString(),
    })),
  };
}
