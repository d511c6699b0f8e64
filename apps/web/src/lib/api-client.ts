import { CSRF_COOKIE, CSRF_HEADER, catalogueFor, type ErrorBody, type RouteDef } from '@tidemark/contract';
import type { z } from 'zod';

/**
 * The one HTTP client of the web app. It takes a route object from `@tidemark/contract`, fills in
 * path parameters and the query, sends the CSRF header on state-changing calls, validates the
 * answer with the route's response schema and turns every failure into an `ApiError`.
 */

type Primitive = string | number | boolean | null | undefined;

type QueryOf<R extends RouteDef> = R extends { query: z.ZodType }
  ? { [K in keyof z.input<R['query']>]?: Primitive } & Record<string, Primitive>
  : Record<string, Primitive>;

type ParamsOf<R extends RouteDef> = R extends { params: z.ZodType }
  ? { [K in keyof z.input<R['params']>]: string | number }
  : never;

type BodyOf<R extends RouteDef> = R extends { body: z.ZodType } ? z.input<R['body']> : never;

export type ResponseOf<R extends RouteDef> = R extends { response: z.ZodType }
  ? z.output<R['response']>
  : void;

export interface RequestOptions<R extends RouteDef> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  signal?: AbortSignal;
  /** Off for calls whose caller handles "not signed in" itself (the guard, the logged-in-as page). */
  redirectOnUnauthorized?: boolean;
  /** Extra request headers (the explorer page's signed token). */
  headers?: Record<string, string>;
}

/** Status 0 means the request never got an HTTP answer (offline, DNS, CORS, aborted). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when it sent one; `message` falls back to the catalogue. */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, serverMessage: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface ClientConfig {
  /** Extra query values sent with every call (demo mode adds is_demo=true). */
  defaultQuery: () => Record<string, Primitive>;
  /** Called once per 401 answer, unless the call opted out. */
  onUnauthorized: () => void;
}

const config: ClientConfig = {
  defaultQuery: () => ({}),
  onUnauthorized: () => {},
};

/** Wired once by the app (see app/provider.tsx); tests may wire their own. */
export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

/** For requests made outside apiRequest (file uploads with progress): the same default query and 401 rule. */
export function clientDefaults(): { query: Record<string, Primitive>; onUnauthorized: () => void } {
  return { query: config.defaultQuery(), onUnauthorized: () => config.onUnauthorized() };
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function buildUrl(
  route: Pick<RouteDef, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, Primitive>,
): string {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function apiRequest<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<ResponseOf<R>> {
  const url = buildUrl(route, options.params as Record<string, string | number> | undefined, {
    ...config.defaultQuery(),
    ...(options.query as Record<string, Primitive> | undefined),
  });
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (route.method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const init: RequestInit = { method: route.method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, catalogueFor(500).message);
  }

  const payload: unknown = await readJson(response);

  if (!response.ok) {
    const serverMessage = isErrorBody(payload) ? payload.message : null;
    if (response.status === 401 && options.redirectOnUnauthorized !== false) config.onUnauthorized();
    throw new ApiError(
      response.status,
      serverMessage ?? catalogueFor(response.status).message,
      serverMessage,
    );
  }

  // In the production build a route's `response` is only `true` (vite.config.ts, browserContract): the server
  // already checked this answer against the route's schema when it serialised it.
  const schema = route.response as z.ZodType | true | undefined;
  if (!schema) return undefined as ResponseOf<R>;
  if (schema === true) return payload as ResponseOf<R>;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(502, catalogueFor(502).message);
  }
  return parsed.data as ResponseOf<R>;
}

/**
 * The contract's ErrorBodySchema, checked by hand: every page makes calls, and this keeps zod out of the
 * JavaScript a page needs before it shows (the schemas of a form load with that form).
 */
function isErrorBody(payload: unknown): payload is ErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const body = payload as Record<string, unknown>;
  return body.success === false && typeof body.message === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
