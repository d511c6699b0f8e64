import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { handleSlackInteraction, type SlackActions } from './slack.service';

/** Slack signs the exact bytes it sent, so the body is read as text and parsed only after the check. */
const BODY_LIMIT_BYTES = 256 * 1024;

export async function slackRoutes(app: FastifyInstance, options: { actions: SlackActions }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  addRoute(app, routes.slackInteractions, async ({ ctx, request }) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    await handleSlackInteraction({
      ctx,
      input: {
        body: typeof request.body === 'string' ? request.body : undefined,
        timestamp: header('x-slack-request-timestamp'),
        signature: header('x-slack-signature'),
      },
      actions: options.actions,
    });
    return {};
  });
}
