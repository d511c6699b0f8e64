import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { getTenantInfo } from './tenants.service';

export async function tenantsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.tenantInfo, ({ ctx }) => getTenantInfo({ ctx }));
}
