import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { updatePersona } from './users.service';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.updatePersona, ({ ctx, input }) =>
    updatePersona({ ctx, input: { userUuid: input.params.user_uuid, body: input.body } }),
  );
}
