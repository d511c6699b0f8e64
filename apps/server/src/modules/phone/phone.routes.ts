import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { confirmPhoneCode, sendPhoneCode } from './phone.service';

/** Codes are texted at most every 30 s per user by the service; this also caps one client's tries. */
const LIMIT = { max: 20, timeWindow: '1 minute' };

export async function phoneRoutes(app: FastifyInstance): Promise<void> {
  addRoute(
    app,
    routes.sendPhoneCode,
    ({ ctx }) => sendPhoneCode({ ctx, input: { secret: app.sessionSecret } }),
    {
      rateLimit: LIMIT,
    },
  );
  addRoute(
    app,
    routes.confirmPhoneCode,
    ({ ctx, input }) =>
      confirmPhoneCode({ ctx, input: { code: input.body.code, secret: app.sessionSecret } }),
    { rateLimit: LIMIT },
  );
}
