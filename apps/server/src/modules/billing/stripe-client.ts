import Stripe from 'stripe';
import type { Config } from '../../config/env';

const clients = new WeakMap<NonNullable<Config['stripe']>, Stripe>();

/**
 * The official client for STRIPE_SECRET_KEY, one per configuration. STRIPE_API_URL (tests only) points it at
 * a local server that answers like Stripe's API. Undefined when Stripe is not configured.
 */
export function stripeFor(config: Config): Stripe | undefined {
  const stripe = config.stripe;
  if (!stripe) return undefined;
  let client = clients.get(stripe);
  if (!client) {
    const api = stripe.apiUrl ? new URL(stripe.apiUrl) : undefined;
    client = new Stripe(stripe.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(stripe, client);
  }
  return client;
}
