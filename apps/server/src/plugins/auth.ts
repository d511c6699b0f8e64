import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE, STATUS_CATALOGUE } from '@tidemark/contract';
import { AppError } from '../errors';
import { baseContext } from './context';
import { csrfTokenFor, resolveSession, safeEqual } from '../modules/auth';
import { authorizeOperator, authorizeTenant } from '../modules/tenants';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const unauthorized = () =>
  new AppError('unauthorized', `${STATUS_CATALOGUE[401].title}: ${STATUS_CATALOGUE[401].message}`);

/** tenant_id and is_demo read from the raw query, before validation, so access is decided first. */
function tenantParams(request: FastifyRequest): { requested: number | undefined; isDemo: boolean } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = query.tenant_id;
  let requested: number | undefined;
  if (raw !== undefined && raw !== '') {
    requested = Number(raw);
    if (!Number.isSafeInteger(requested) || requested <= 0) {
      throw new AppError('bad_request', 'tenant_id must be a positive whole number.');
    }
  }
  return { requested, isDemo: query.is_demo === 'true' };
}

/**
 * Authenticates every request from its session cookie, checks CSRF on changes made with that cookie,
 * and enforces each route's access rule before the body is even parsed.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);
    app.decorateRequest('tenantId', null);
    app.decorateRequest('isDemo', false);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return; // static files and unknown paths
      const base = baseContext(app, request.log);
      // The named workspace's membership comes with the session (one round trip); a bad tenant_id is
      // refused below, in its usual order.
      let named: number | undefined;
      if (access === 'tenant') {
        try {
          named = tenantParams(request).requested;
        } catch {
          named = undefined;
        }
      }
      request.user = await resolveSession(base, request.cookies[SESSION_COOKIE], named);

      if (request.user && !SAFE_METHODS.has(request.method)) {
        const header = request.headers[CSRF_HEADER];
        const expected = csrfTokenFor(app.sessionSecret, request.user.sessionHash);
        if (typeof header !== 'string' || !safeEqual(header, expected)) {
          throw new AppError('forbidden', 'Missing or invalid CSRF token. Reload the page and try again.');
        }
      }

      if (access === 'public') return;
      if (!request.user) throw unauthorized();
      if (access === 'session') return;

      const { requested, isDemo } = tenantParams(request);
      const input = {
        user: request.user,
        requestedTenantId: requested,
        isDemo,
        readOnly: SAFE_METHODS.has(request.method),
      };
      request.tenantId =
        access === 'operator' ? await authorizeOperator(app.db, input) : await authorizeTenant(app.db, input);
      request.isDemo = isDemo;
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
