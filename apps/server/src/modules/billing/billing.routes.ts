import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import {
  cancelPlan,
  changePlan,
  getBillingDetails,
  handleStripeWebhook,
  openBillingPortal,
} from './billing.service';

/** Stripe signs the exact bytes it sent, so the webhook reads its body as text, never parsed JSON. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

async function webhookRoute(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, body),
  );
  addRoute(app, routes.stripeWebhook, ({ ctx, request }) => {
    const signature = request.headers['stripe-signature'];
    return handleStripeWebhook({
      ctx,
      input: {
        payload: typeof request.body === 'string' ? request.body : undefined,
        signature: typeof signature === 'string' ? signature : undefined,
      },
    });
  });
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.billingDetails, ({ ctx }) => getBillingDetails({ ctx }));
  addRoute(app, routes.cancelPlan, ({ ctx, input }) => cancelPlan({ ctx, input: input.body }));
  addRoute(app, routes.changePlan, ({ ctx, input }) => changePlan({ ctx, input: input.body }));
  addRoute(app, routes.billingPortal, ({ ctx }) => openBillingPortal({ ctx }));
  await app.register(webhookRoute);
}
