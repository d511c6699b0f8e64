import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXPLORER_TOKEN_HEADER, routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import type { BaseContext } from '../../plugins/context';
import {
  createExplorerView,
  deleteExplorerView,
  explorerCatalog,
  explorerContext,
  generateExplorerUrl,
  getExplorerViewOrThrow,
  listExplorerViews,
  runExplorerQuery,
} from './explorer.service';

export async function explorerRoutes(app: FastifyInstance): Promise<void> {
  /** The explorer page's calls carry its URL's token in a header; the token decides the workspace. */
  const withToken = (ctx: BaseContext, request: FastifyRequest) => {
    const header = request.headers[EXPLORER_TOKEN_HEADER];
    return explorerContext(ctx, app.sessionSecret, typeof header === 'string' ? header : undefined);
  };

  addRoute(app, routes.generateExplorerUrl, ({ ctx, input }) =>
    generateExplorerUrl({ ctx, input: { ...input.query, secret: app.sessionSecret } }),
  );
  addRoute(app, routes.explorerCatalog, async ({ ctx, request }) =>
    explorerCatalog({ ctx: await withToken(ctx, request) }),
  );
  addRoute(app, routes.explorerQuery, async ({ ctx, input, request }) =>
    runExplorerQuery({ ctx: await withToken(ctx, request), input: input.body }),
  );
  addRoute(app, routes.listExplorerViews, async ({ ctx, request }) =>
    listExplorerViews({ ctx: await withToken(ctx, request) }),
  );
  addRoute(app, routes.createExplorerView, async ({ ctx, input, request }) =>
    createExplorerView({ ctx: await withToken(ctx, request), input: input.body }),
  );
  addRoute(app, routes.getExplorerView, async ({ ctx, input, request }) =>
    getExplorerViewOrThrow({ ctx: await withToken(ctx, request), id: input.params.id }),
  );
  addRoute(app, routes.deleteExplorerView, async ({ ctx, input, request }) =>
    deleteExplorerView({ ctx: await withToken(ctx, request), input: { id: input.params.id } }),
  );
}
