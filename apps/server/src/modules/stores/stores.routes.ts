import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { getStorePreferences, updateStorePreferences } from './stores.service';

export async function storesRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.storePreferences, ({ ctx, input }) =>
    getStorePreferences({ ctx, input: { orgUuid: input.params.org_uuid } }),
  );
  addRoute(app, routes.updateStorePreferences, ({ ctx, input }) =>
    updateStorePreferences({ ctx, input: { orgUuid: input.params.org_uuid, body: input.body } }),
  );
}
