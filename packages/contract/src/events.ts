import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// Site events (spec 2 §1, §3; issue 11 parts 1–2): what the collector sends to /v1/collect and the ingest's limits.
// The payload itself is documented in packages/collector/README.md (version 1).

export const COLLECT_PAYLOAD_VERSION = 1;
/** Largest beacon body the ingest reads; browsers cap a beacon at 64 KB. */
export const COLLECT_BODY_LIMIT_BYTES = 65_536;
/** Most events one request may carry. */
export const COLLECT_MAX_EVENTS = 200;
/** Stored lengths: longer values are truncated, never refused. */
export const COLLECT_FIELD_LIMITS = { message: 1000, stack: 4000, url: 1000, name: 100 } as const;
/** Spec 1 §3 EVENTS_SAMPLING_PREFERENCE: 10% of each error type when nothing is set. */
export const EVENTS_SAMPLING_DEFAULT = 0.1;
/** Raw events are kept this many days by default (EVENTS_RETENTION_DAYS); the hourly rollups stay. */
export const EVENTS_RETENTION_DAYS_DEFAULT = 30;

/** Spec 2 §9: browser-type error sub types. */
export const BROWSER_ERROR_SUB_TYPES = ['js', 'beacon', 'network', 'asset'] as const;
export type BrowserErrorSubType = (typeof BROWSER_ERROR_SUB_TYPES)[number];
export type SiteEventKind = 'pageview' | 'error' | 'conversion';

/**
 * The inline part of the install snippet: queues `tidemark(...)` calls, and errors (with failed assets) that
 * happen while collector.js is still loading, for the collector to take over.
 */
export const COLLECTOR_STUB =
  'window.tidemark||(window.tidemark=function(){(tidemark.q=tidemark.q||[]).push(arguments)},tidemark.e=[],' +
  "addEventListener('error',function(e){tidemark.e&&tidemark.e.push(e)},!0)," +
  "addEventListener('unhandledrejection',function(e){tidemark.e&&tidemark.e.push(e)}))";

/** The install snippet the settings show, with the workspace's public site key. */
export const collectorSnippet = (collectorUrl: string, siteKey: string): string =>
  `<script>${COLLECTOR_STUB}</script>\n<script async src="${collectorUrl}" data-key="${siteKey}"></script>`;

export const COLLECT_MESSAGES = {
  unknownKey: 'It looks like there is no data for this site key.',
  malformed: 'The events payload is not valid.',
  tooLarge: `The events payload is larger than ${COLLECT_BODY_LIMIT_BYTES} bytes.`,
  tooMany: 'Too many events were sent; try again in a minute.',
  version: `Only version ${COLLECT_PAYLOAD_VERSION} of the events payload is accepted.`,
} as const;

/** A site key is public: it names the workspace a page reports to, and grants nothing else. */
export const SiteKeySchema = z.string().regex(/^[a-z0-9]{8,64}$/);

export const CollectQuerySchema = z.object({ key: z.string().max(200) });

export const CollectAcceptedSchema = z.object({
  success: z.literal(true),
  accepted: z.number().int(),
  dropped: z.number().int(),
});

/** Rates per collector error type (js, net, ast, bcn), fractions 0–1, from the workspace's sampling preference. */
export const CollectConfigSchema = z.object({
  v: z.literal(COLLECT_PAYLOAD_VERSION),
  s: z.object({ js: z.number(), net: z.number(), ast: z.number(), bcn: z.number() }),
});
export type CollectConfig = z.infer<typeof CollectConfigSchema>;

export const SiteKeyResponseSchema = z.object({
  site_key: z.string(),
  collector_url: z.string(),
  snippet: z.string(),
});

export const eventsRoutes = {
  collect: defineRoute({
    method: 'POST',
    path: '/v1/collect',
    access: 'public',
    summary: 'Receive a batch of site events from the collector (text/plain JSON, answered 202)',
    tags: ['events'],
    query: CollectQuerySchema,
  }),
  collectConfig: defineRoute({
    method: 'GET',
    path: '/v1/collect/config',
    access: 'public',
    summary: "The collector's sampling rates for a site key",
    tags: ['events'],
    query: CollectQuerySchema,
    response: CollectConfigSchema,
  }),
  siteKey: defineRoute({
    method: 'GET',
    path: '/v1/events/site_key',
    access: 'tenant',
    summary: "The workspace's public site key and its install snippet",
    tags: ['events'],
    query: TenantQuerySchema,
    response: SiteKeyResponseSchema,
  }),
} as const;
