import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  CSRF_HEADER,
  SESSION_COOKIE,
  STATUS_CATALOGUE,
  TOKEN_MESSAGES,
  routes,
  type RouteDef,
} from '@tidemark/contract';
import { AppError } from '../errors';
import { baseContext } from './context';
import { csrfTokenFor, resolveSession, safeEqual } from '../modules/auth';
import { resolveApiKey } from '../modules/apikeys';
import { authorizeOperator, authorizeTenant } from '../modules/tenants';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The only writes an operator may make inside a customer's workspace, each written to the customer's operator
 * log first. Re-running a failed sync is what support is asked for: it copies the customer's own source
 * again with the customer's saved settings, and changes no setting, key, member or plan.
 */
const OPERATOR_SUPPORT_ACTIONS: ReadonlySet<string> = new Set(
  [routes.syncConnection].map((r: RouteDef) => `${r.method} ${r.path}`),
);
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
      const query = (request.query ?? {}) as Record<string, unknown>;
      // Read once; a bad tenant_id is refused only where the workspace is needed, after authentication.
      let tenant: ReturnType<typeof tenantParams> | AppError;
      try {
        tenant = tenantParams(request);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        tenant = error;
      }
      const tenantOrThrow = () => {
        if (tenant instanceof AppError) throw tenant;
        return tenant;
      };
      // A key in a URL ends up in logs, histories and referrers: refuse it rather than use it.
      if (Object.values(query).some((v) => typeof v === 'string' && v.startsWith(API_KEY_PREFIX))) {
        throw new AppError('bad_request', TOKEN_MESSAGES.notInUrl);
      }
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (bearer !== undefined && access !== 'public') {
        const caller = await resolveApiKey(base, bearer);
        if (!caller) throw new AppError('unauthorized', TOKEN_MESSAGES.invalid);
        // Keys read their workspace's data; making keys, changing settings and operator calls need a person.
        if (access !== 'tenant' || !SAFE_METHODS.has(request.method)) {
          throw new AppError('forbidden', TOKEN_MESSAGES.readOnly);
        }
        const { requested, isDemo } = tenantOrThrow();
        if (isDemo || (requested !== undefined && requested !== caller.tenantId)) {
          throw new AppError('forbidden', TOKEN_MESSAGES.otherWorkspace);
        }
        // A scoped key sees its dimension value whatever the query asks for.
        if (caller.scope) {
          query.dim_name = caller.scope.dimName;
          query.dim_val = caller.scope.dimVal;
        }
        request.user = caller.user;
        request.tenantId = caller.tenantId;
        request.isDemo = false;
        return;
      }
      // The named workspace's membership comes with the session (one round trip).
      const named = access === 'tenant' && !(tenant instanceof AppError) ? tenant.requested : undefined;
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

      const { requested, isDemo } = tenantOrThrow();
      const input = {
        user: request.user,
        requestedTenantId: requested,
        isDemo,
        readOnly: SAFE_METHODS.has(request.method),
        route: {
          method: request.method,
          path: request.routeOptions.url ?? request.url,
          operatorSupport: OPERATOR_SUPPORT_ACTIONS.has(`${request.method} ${request.routeOptions.url}`),
        },
      };
      request.tenantId =
        access === 'operator'
          ? await authorizeOperator({ ctx: app, input })
          : await authorizeTenant({ ctx: app, input });
      request.isDemo = isDemo;
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
