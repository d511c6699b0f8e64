import type { BaseContext } from '../../plugins/context';
import { AppError } from '../../errors';
import { outboxHtml, recentOutbox } from './dev.repository';

export async function listOutbox({ ctx }: { ctx: BaseContext }) {
  const rows = await recentOutbox(ctx.db, 100);
  return {
    messages: rows.map((r) => ({
      id: r.message_id,
      to: r.recipient,
      subject: r.subject,
      text: r.body_text,
      links: r.links,
      created_at: r.created_at.toISOString(),
      view_url: r.has_html ? `/v1/dev/outbox/${r.message_id}` : null,
    })),
  };
}

export async function getOutboxHtml({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { id: string };
}): Promise<string> {
  const html = await outboxHtml(ctx.db, input.id);
  if (html === null) throw new AppError('not_found', 'It looks like there is no data for this message.');
  return html;
}
