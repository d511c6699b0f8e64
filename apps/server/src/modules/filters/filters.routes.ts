import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { createGlobalFilter, deleteGlobalFilter, listGlobalFilters } from './filters.service';

export async function filtersRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.listGlobalFilters, ({ ctx }) => listGlobalFilters({ ctx }));
  addRoute(app, routes.createGlobalFilter, ({ ctx, input }) =>
    createGlobalFilter({ ctx, input: input.body }),
  );
  addRoute(app, routes.deleteGlobalFilter, ({ ctx, input }) =>
    deleteGlobalFilter({
      ctx,
      input: { id: input.params.id, dim_name: input.query.dim_name, dim_val: input.query.dim_val },
    }),
  );
}
