import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env';

type Directive = 'script' | 'style' | 'img' | 'font' | 'connect' | 'frame';

/**
 * Origins beyond our own that the deployment is configured to load from (an asset CDN, a support widget,
 * Stripe, analytics, error reporting). Each integration adds its origin here when its configuration is set,
 * so an unconfigured deployment allows nothing but itself.
 */
export function configuredOrigins(_config: Config): Record<Directive, string[]> {
  return { script: [], style: [], img: [], font: [], connect: [], frame: [] };
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const extra = configuredOrigins(config);
  const self = ["'self'"];
  return {
    'default-src': self,
    // No inline scripts: the built app is all files; a page that injected one would be refused.
    'script-src': [...self, ...extra.script],
    // MUI (emotion) and ECharts write style elements and attributes at run time.
    'style-src': [...self, "'unsafe-inline'", ...extra.style],
    'img-src': [...self, 'data:', 'blob:', ...extra.img],
    'font-src': [...self, 'data:', ...extra.font],
    'connect-src': [...self, ...extra.connect],
    'frame-src': [...self, ...extra.frame],
    // /explorer frames the product's own explorer page; nobody else may frame the product.
    'frame-ancestors': self,
    'object-src': ["'none'"],
    'base-uri': self,
    'form-action': self,
    ...(config.secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Security headers on every response; authenticated and API JSON is never stored by browsers or proxies. */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const config = app.config;
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // HSTS only means something over https; on plain http it would just be ignored or, worse, sticky on localhost.
      strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'sameorigin' },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/v1') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
