import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { membersRoutes } from './members.routes';
import { getTeamDetails, getTenantInfo, joinWorkspace, updateWorkspace } from './tenants.service';

export async function tenantsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.tenantInfo, ({ ctx }) => getTenantInfo({ ctx }));
  addRoute(app, routes.teamDetails, ({ ctx, input }) =>
    getTeamDetails({ ctx, input: { tenantUuid: input.params.tenant_uuid } }),
  );
  addRoute(app, routes.updateWorkspace, ({ ctx, input }) =>
    updateWorkspace({ ctx, input: { tenantUuid: input.params.tenant_uuid, body: input.body } }),
  );
  addRoute(app, routes.joinWorkspace, ({ ctx, input }) =>
    joinWorkspace({ ctx, input: { tenantUuid: input.params.tenant_uuid, body: input.body } }),
  );
  await membersRoutes(app);
}
