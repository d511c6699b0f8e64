import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// Product analytics (spec 1 §7 identify/track, spec 2 §7, spec 3 §4): the web app's track() posts here;
// the server stores each event and forwards it to a PostHog-compatible endpoint when one is configured.

/** The closed set of events the product records; an area adds its own here. */
export const ANALYTICS_EVENTS = [
  'workspace_created',
  'workspace_joined',
  'emoji_clicked',
  'feedback_dropdown_selected',
  'share_link_clicked',
  'group_share_link_clicked',
  'team_state_moved',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Events only the server emits (the web cannot claim a workspace was created). */
export const SERVER_ONLY_ANALYTICS_EVENTS: readonly AnalyticsEventName[] = [
  'workspace_created',
  'workspace_joined',
];

const PropertyValueSchema = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

export const TrackBodySchema = z.object({
  event: z.enum(ANALYTICS_EVENTS),
  /** Flat and small: what was clicked, never free text a user typed. */
  properties: z
    .record(
      z
        .string()
        .max(60)
        .regex(/^[a-z][a-z0-9_]*$/),
      PropertyValueSchema,
    )
    .refine((p) => Object.keys(p).length <= 20, 'at most 20 properties')
    .default({}),
});
export type TrackBody = z.infer<typeof TrackBodySchema>;

export const analyticsRoutes = {
  trackEvent: defineRoute({
    method: 'POST',
    path: '/v1/analytics/events',
    // The user's own workspace records it, also while they view the demo or a customer (read-only there).
    access: 'session',
    summary: 'Record a product-analytics event of the signed-in user',
    tags: ['analytics'],
    query: TenantQuerySchema,
    body: TrackBodySchema,
    response: z.object({ recorded: z.boolean() }),
  }),
} as const;
