import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@tidemark/contract';
import type { Config } from '../../config/env';
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
 * Whether this server has a local outbox at all: only while mail has nowhere else to go, never in
 * production, and on a deployment (DATABASE_URL) only when DEV_OUTBOX=true says so, since a reverse proxy on
 * the same machine connects from loopback too.
 */
export function servesOutbox(config: Config, mailerKind: string): boolean {
  if (mailerKind !== 'outbox' || config.env === 'production') return false;
  return config.databaseUrl === undefined || config.devOutbox;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
// Proxies announce themselves with these; a request that carries one did not come from this machine's user.
const isForwardingHeader = (name: string) =>
  name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-');

/**
 * A request from someone at this machine: a loopback peer, no proxy's headers, and a Host of a loopback
 * name on the port it reached (a DNS-rebinding page sends its own name). In-process requests (tests'
 * inject) have no socket port, so only the name is checked for them.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (Object.keys(request.headers).some(isForwardingHeader)) return false;
  const host = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec((request.headers.host ?? '').toLowerCase());
  if (!host || !LOOPBACK_NAMES.has(host[1]!)) return false;
  const localPort = request.socket.localPort;
  if (localPort === undefined) return true;
  return Number(host[2] ?? 80) === localPort;
}

const absent = () => new AppError('not_found', 'It looks like there is no data for this path.');

/** The local outbox: it hands out working sign-in links, so it looks absent to everyone but the local user. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  if (!servesOutbox(app.config, app.mailer.kind)) return;
  addRoute(app, routes.devOutbox, ({ ctx, request }) => {
    if (!isLocalRequest(request)) throw absent();
    return listOutbox({ ctx });
  });
  // Alert and digest e-mails read as HTML; this shows one as a mail client would, images inline.
  addRoute(app, routes.devOutboxMessage, async ({ ctx, input, request, reply }) => {
    if (!isLocalRequest(request)) throw absent();
    const html = await getOutboxHtml({ ctx, input: { id: input.params.id } });
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
