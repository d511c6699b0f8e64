import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { getFlags, setFlag } from './flags.service';

export async function flagsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.getFlags, ({ ctx }) => getFlags({ ctx }));
  addRoute(app, routes.setFlag, ({ ctx, input }) =>
    setFlag({ ctx, input: { flag: input.params.flag, enabled: input.body.enabled } }),
  );
}
