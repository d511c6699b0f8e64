import { createAdminApiClient, type ClientResponse } from '@shopify/admin-api-client';
import { ConnectorError } from '../types';
import { normaliseShopDomain, shopOrigin } from './shop-domain';
import { abortable, sleep } from './timing';

export interface ShopifyConnectionConfig {
  /** The shop's permanent hostname, e.g. 'demo-shop.myshopify.com'. */
  shopDomain: string;
  accessToken: string;
  /** Admin API version; defaults to DEFAULT_API_VERSION. */
  apiVersion?: string;
  /** For tests: base URL that replaces https://{shop}. */
  endpoint?: string;
}

/** The stable Admin API version the queries are written against (supported until late 2027). */
export const DEFAULT_API_VERSION = '2026-10';

export interface ShopifyApiOptions {
  /** The client's own retries of 429 and 503 answers (honouring Retry-After) and network failures; at most 3. */
  retries: number;
  /** How often a THROTTLED answer is retried after waiting for the cost bucket to refill. */
  maxThrottleRetries: number;
}

export interface ShopifyApi {
  readonly shop: string;
  /** Runs an operation and returns its data; every error, after retries, becomes a ConnectorError. */
  request<T>(operation: string, variables?: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  /** Like request, but keeps data Shopify returned next to field errors (a missing scope on one field, say). */
  requestPartial<T>(
    operation: string,
    variables?: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ data: T | null; errors: string[] }>;
}

type CustomFetch = NonNullable<Parameters<typeof createAdminApiClient>[0]['customFetchApi']>;
type ShopifyResponse = ClientResponse<unknown>;

const MIN_THROTTLE_WAIT_MS = 50;
const MAX_THROTTLE_WAIT_MS = 60_000;

function describeNetworkError(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Shopify's client retries 429 and 503 itself but sleeps Retry-After as milliseconds, while Shopify sends
 * seconds; the fetch it is given rewrites the header so the wait is the one Shopify asked for. It also
 * sends requests to the test endpoint and names the host when the network fails.
 */
function shopifyFetch(shop: string, endpoint: string | undefined): CustomFetch {
  const origin = `https://${shop}`;
  return async (url, init) => {
    const target =
      endpoint && url.startsWith(origin) ? shopOrigin(shop, endpoint) + url.slice(origin.length) : url;
    let response: Response;
    try {
      response = await fetch(target, init);
    } catch (error) {
      throw new Error(`could not reach ${shop} (${describeNetworkError(error)})`, { cause: error });
    }
    const retryAfter = response.headers.get('Retry-After');
    const seconds = retryAfter === null ? Number.NaN : Number.parseFloat(retryAfter);
    if ((response.status === 429 || response.status === 503) && Number.isFinite(seconds)) {
      const headers = new Headers(response.headers);
      headers.set('Retry-After', String(Math.ceil(seconds * 1000)));
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
    return response;
  };
}

/** Shopify's REST-style error bodies: `{"errors":"[API] …"}`, `{"errors":{"field":["…"]}}` or OAuth's `error_description`. */
export function errorBodyReason(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errors, error_description: description } = body as {
    errors?: unknown;
    error_description?: unknown;
  };
  if (typeof errors === 'string') return errors.replace(/^\[API\]\s*/, '');
  if (typeof errors === 'object' && errors !== null) {
    return Object.entries(errors)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
      .join('; ');
  }
  return typeof description === 'string' ? description : null;
}

async function httpReason(response: Response | undefined, status: number): Promise<string> {
  let text = '';
  try {
    text = (await response?.text()) ?? '';
    return errorBodyReason(JSON.parse(text)) ?? `HTTP ${status}`;
  } catch {
    return text.trim() ? `HTTP ${status}: ${text.trim().slice(0, 200)}` : `HTTP ${status}`;
  }
}

/** The client wraps network failures in its own words; keep only the last underlying message. */
function networkReason(message: string | undefined): string {
  const last = (message ?? 'unknown error').split('Last message - ').at(-1) ?? '';
  return last.replace(/^(GraphQL Client|Admin API Client):\s*/, '');
}

function throttleWait(response: ShopifyResponse, attempt: number): number {
  const cost = response.extensions?.cost;
  const status = cost?.throttleStatus;
  const needed = (cost?.requestedQueryCost ?? 1) - (status?.currentlyAvailable ?? 0);
  const refill = status?.restoreRate ? (needed / status.restoreRate) * 1000 : 1000;
  // Back off harder each time in case other apps draw from the same bucket.
  return Math.min(MAX_THROTTLE_WAIT_MS, Math.max(MIN_THROTTLE_WAIT_MS, refill) * 2 ** attempt);
}

export function createShopifyApi(config: ShopifyConnectionConfig, options: ShopifyApiOptions): ShopifyApi {
  const shop = normaliseShopDomain(config.shopDomain);
  if (!shop) {
    throw new ConnectorError(
      `"${config.shopDomain}" is not a Shopify shop address; use the shop's myshopify.com domain.`,
    );
  }
  if (!config.accessToken) throw new ConnectorError('The Shopify access token is missing.');
  const client = createAdminApiClient({
    storeDomain: shop,
    apiVersion: config.apiVersion ?? DEFAULT_API_VERSION,
    accessToken: config.accessToken,
    retries: options.retries,
    customFetchApi: shopifyFetch(shop, config.endpoint),
    userAgentPrefix: 'Tidemark',
    // The client warns on the console about versions it does not list yet; Shopify decides what it serves.
    logger: () => undefined,
  });

  async function send(
    operation: string,
    variables: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ) {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      // The client cannot be interrupted between its own retries, so an abort stops waiting for it instead.
      const response: ShopifyResponse = await abortable(
        client.request(operation, variables ? { variables } : {}),
        signal,
      );
      const throttled =
        response.errors?.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED') ?? false;
      if (throttled && attempt < options.maxThrottleRetries) {
        await sleep(throttleWait(response, attempt), signal);
        continue;
      }
      if (throttled) {
        throw new ConnectorError(`Shopify kept throttling requests to ${shop}; try again in a minute.`);
      }
      return response;
    }
  }

  async function failure(response: ShopifyResponse): Promise<ConnectorError> {
    const errors = response.errors;
    if (errors?.networkStatusCode && errors.networkStatusCode >= 400) {
      const reason = await httpReason(errors.response, errors.networkStatusCode);
      return new ConnectorError(reason);
    }
    if (errors?.graphQLErrors && errors.graphQLErrors.length > 0) {
      return new ConnectorError(`Shopify: ${errors.graphQLErrors.map((e) => e.message).join('; ')}`);
    }
    return new ConnectorError(networkReason(errors?.message));
  }

  return {
    shop,
    async request<T>(
      operation: string,
      variables?: Record<string, unknown>,
      signal?: AbortSignal,
    ): Promise<T> {
      const response = await send(operation, variables, signal);
      if (response.errors || response.data == null) throw await failure(response);
      return response.data as T;
    },
    async requestPartial<T>(operation: string, variables?: Record<string, unknown>, signal?: AbortSignal) {
      const response = await send(operation, variables, signal);
      if (response.data == null) throw await failure(response);
      return {
        data: response.data as T,
        errors: response.errors?.graphQLErrors?.map((e) => e.message) ?? [],
      };
    },
  };
}
