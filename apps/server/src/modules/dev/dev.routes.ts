import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { listOutbox } from './dev.service';

/** Registered only while mail goes to the local outbox: with SMTP configured the route does not exist. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  if (app.mailer.kind !== 'outbox') return;
  addRoute(app, routes.devOutbox, ({ ctx }) => listOutbox({ ctx }));
}
