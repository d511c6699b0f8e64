import type { FastifyInstance } from 'fastify';
import { CreateConnectionBodySchema, routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { readUpload } from '../../plugins/uploads';
import {
  createConnection,
  deleteConnection,
  extractionResults,
  getConnection,
  getExtraction,
  listConnections,
  listConnectors,
  listExtractions,
  resumeConnection,
  saveCredentials,
  selectTables,
  syncConnection,
} from './connections.service';
import { finishShopifyInstall } from './shopify-install';

export async function connectionsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.listConnectors, ({ ctx }) => listConnectors({ ctx }));
  addRoute(app, routes.listConnections, ({ ctx, input }) => listConnections({ ctx, input: input.query }));
  addRoute(app, routes.createConnection, async ({ ctx, request }) => {
    const { fields, file } = await readUpload(request, CreateConnectionBodySchema);
    return createConnection({ ctx, input: { ...fields, file } });
  });
  addRoute(app, routes.getConnection, ({ ctx, input }) =>
    getConnection({ ctx, input: { datasourceId: input.params.datasource_id } }),
  );
  addRoute(app, routes.resumeConnection, ({ ctx, input }) =>
    resumeConnection({ ctx, input: { datasourceId: input.params.datasource_id } }),
  );
  addRoute(app, routes.deleteConnection, ({ ctx, input }) =>
    deleteConnection({ ctx, input: { datasourceId: input.params.datasource_id } }),
  );
  addRoute(app, routes.saveCredentials, ({ ctx, input }) =>
    saveCredentials({ ctx, input: { datasourceId: input.params.datasource_id, credentials: input.body } }),
  );
  addRoute(app, routes.selectTables, ({ ctx, input }) =>
    selectTables({
      ctx,
      input: { datasourceId: input.params.datasource_id, tables: input.body.source_tables },
    }),
  );
  addRoute(app, routes.syncConnection, ({ ctx, input }) =>
    syncConnection({ ctx, input: { datasourceId: input.params.datasource_id } }),
  );
  addRoute(app, routes.listExtractions, ({ ctx, input }) => listExtractions({ ctx, input: input.query }));
  addRoute(app, routes.getExtraction, ({ ctx, input }) =>
    getExtraction({ ctx, input: { id: input.params.extraction_job_id } }),
  );
  addRoute(app, routes.extractionResults, ({ ctx, input }) =>
    extractionResults({ ctx, input: { id: input.params.extraction_job_id } }),
  );
  addRoute(app, routes.shopifyCallback, async ({ ctx, request, reply }) =>
    reply.redirect(
      await finishShopifyInstall({ ctx, input: { query: request.query as Record<string, string> } }),
    ),
  );
}
