import { z } from 'zod';

// Provider outages joined to the business (issue 12 item 4): an outage event group is linked both ways to the
// workspace's own signals that moved in the same window and direction (rule in modules/outages/README.md).

/** What a link points at: the outage itself, or one of the workspace's own signals. */
export const OUTAGE_LINK_KINDS = ['outage', 'insight_group', 'experience_event', 'site_error_group'] as const;
export const OutageLinkKindSchema = z.enum(OUTAGE_LINK_KINDS);
export type OutageLinkKind = z.infer<typeof OutageLinkKindSchema>;

/** Outage component statuses (spec 2 §4). */
export const OUTAGE_COMPONENT_STATUSES = ['up', 'down', 'warn', 'maintenance'] as const;
export type OutageComponentStatus = (typeof OUTAGE_COMPONENT_STATUSES)[number];

export const OUTAGE_MESSAGES = {
  /** The link's line on both sides: 'Likely related to the Stripe outage'. */
  likelyRelated: (provider: string) => `Likely related to the ${provider} outage`,
} as const;

/**
 * One side of an outage link. On an outage group (`related_signals`) it names the signal (an insight group,
 * an experience event or a site-error group); on a signal (`related_outages`) it names the outage.
 */
export const OutageLinkSchema = z
  .object({
    /** The other side's id: an event group id (outage, experience, site error) or an insight group id. */
    id: z.string(),
    kind: OutageLinkKindSchema,
    title: z.string(),
    /** The provider of the outage side. */
    provider_uuid: z.string(),
    provider_display_name: z.string(),
    provider_logo_url: z.string().nullable(),
    /** The other side's window. */
    ts_start: z.string(),
    ts_end: z.string(),
    /** The lost revenue the signal side carries (its dollar impact, ≥ 0); null when not quantified. */
    lost_revenue: z.number().nullable(),
    formatted_lost_revenue: z.string().nullable(),
    /** 'Likely related to the Stripe outage'. */
    label: z.string(),
    /** Minutes the two windows overlap, and the signal's direction ('down' for a drop, 'up' for a rise). */
    overlap_minutes: z.number(),
    direction: z.enum(['up', 'down']),
  })
  .meta({ id: 'OutageLink' });
export type OutageLink = z.infer<typeof OutageLinkSchema>;
