import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import {
  getEventMapping,
  getProfile,
  getSubscriptions,
  updateEventMapping,
  updatePersona,
  updateProfile,
  updateSubscriptions,
} from './users.service';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.updatePersona, ({ ctx, input }) =>
    updatePersona({ ctx, input: { userUuid: input.params.user_uuid, body: input.body } }),
  );
  addRoute(app, routes.getProfile, ({ ctx }) => getProfile({ ctx }));
  addRoute(app, routes.updateProfile, ({ ctx, input }) => updateProfile({ ctx, input: input.body }));
  addRoute(app, routes.getSubscriptions, ({ ctx, input }) =>
    getSubscriptions({ ctx, input: { userUuid: input.params.user_uuid } }),
  );
  addRoute(app, routes.updateSubscriptions, ({ ctx, input }) =>
    updateSubscriptions({ ctx, input: { userUuid: input.params.user_uuid, body: input.body } }),
  );
  // Event-mapping subscriptions are the user's subscriptions per workspace, so they live here.
  addRoute(app, routes.getEventMapping, ({ ctx }) => getEventMapping({ ctx }));
  addRoute(app, routes.updateEventMapping, ({ ctx, input }) =>
    updateEventMapping({ ctx, input: input.body }),
  );
}
