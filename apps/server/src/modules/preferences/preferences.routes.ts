import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { getPreference, updatePreference } from './preferences.service';
import { finishSlackInstall, startSlackInstall } from './slack.service';

export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.getPreference, ({ ctx, input }) =>
    getPreference({ ctx, input: { name: input.query.name, assignee: input.query.assignee } }),
  );
  addRoute(app, routes.updatePreference, ({ ctx, input }) => updatePreference({ ctx, input: input.body }));
  addRoute(app, routes.slackStart, async ({ ctx, reply }) =>
    reply.redirect(startSlackInstall({ ctx, input: { secret: app.sessionSecret } })),
  );
  addRoute(app, routes.slackCallback, async ({ ctx, input, reply }) =>
    reply.redirect(await finishSlackInstall({ ctx, input: { secret: app.sessionSecret, ...input.query } })),
  );
}
