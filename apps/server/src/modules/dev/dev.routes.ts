import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { AppError } from '../../errors';
import { getOutboxHtml, listOutbox } from './dev.service';

/** The socket's own peer address, never a forwarded header: only someone at this machine reads live sign-in links. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * The local outbox exists only while mail has nowhere else to go, and never in production: it hands out
 * working sign-in links, so it answers loopback connections alone and looks absent to everyone else.
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  if (app.mailer.kind !== 'outbox' || app.config.env === 'production') return;
  addRoute(app, routes.devOutbox, ({ ctx, request }) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw new AppError('not_found', 'It looks like there is no data for this path.');
    }
    return listOutbox({ ctx });
  });
  // Alert and digest e-mails read as HTML; this shows one as a mail client would, images inline.
  addRoute(app, routes.devOutboxMessage, async ({ ctx, input, request, reply }) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw new AppError('not_found', 'It looks like there is no data for this path.');
    }
    const html = await getOutboxHtml({ ctx, input: { id: input.params.id } });
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
