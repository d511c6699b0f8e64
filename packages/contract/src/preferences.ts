import { z } from 'zod';
import { defineRoute } from './route';
import { SETUP_NOTICES } from './setup';
import { TenantQuerySchema } from './tenants';
import { SeveritySchema } from './insights';
import { SeverityFilterSchema } from './users';

/* ---------- Generic preferences by name (spec 1 §3, §7 GET/PUT preferences) ---------- */

export const PREFERENCE_NAMES = [
  'EVENTS_SAMPLING_PREFERENCE',
  'EVENTS_FILTERING_PREFERENCE',
  'NOTIFICATION_SCHEDULE_PREFERENCE',
  'MY_METRICS_PREFERENCE',
] as const;
export type PreferenceName = (typeof PREFERENCE_NAMES)[number];

export const PREFERENCE_MESSAGES = {
  unknownName: (name: string) => `Unknown preference "${name}": use one of ${PREFERENCE_NAMES.join(', ')}.`,
  invalidValue: (field: string, reason: string) => `preference_value.${field}: ${reason}`,
  scheduleSaved: 'Your notification schedule has been updated successfully.',
  scheduleFailed: 'Failed to update notification schedule.',
  metricsSaved: 'Metrics preference updated.',
  metricsTooMany: 'More than 4 metrics cannot be selected.',
  metricsTooFew: 'Select atleast 3 metrics',
  metricsRange: 'You can select minimum 3 and maximum 4 metrics.',
  metricUnknown: 'a metric of this workspace was expected',
  daysRequired: 'At least one day must stay selected.',
  saved: 'Your preferences are updated successfully',
  failed: 'An Error occurred while updating the preferences',
} as const;

/* EVENTS_SAMPLING_PREFERENCE: fractions 0–1 in steps of 0.05 (the screen shows 0–100 % in steps of 5). */
export const EVENT_ERROR_TYPES = ['network_error', 'fetch_error', 'js_error'] as const;
export type EventErrorType = (typeof EVENT_ERROR_TYPES)[number];
export const SAMPLING_DEFAULT = 0.1;
export const SAMPLING_STEP_PERCENT = 5;

const isStep = (v: number) => Math.abs(v * 100 - Math.round(v * 20) * 5) < 1e-6;
const SamplingFraction = z
  .number()
  .min(0, 'must be between 0 and 1')
  .max(1, 'must be between 0 and 1')
  .refine(isStep, 'must be a multiple of 0.05 (5 %)');

export const EventsSamplingValueSchema = z.strictObject({
  sampling_rate: SamplingFraction,
  event_sampling_configuration: z
    .array(
      z.strictObject({
        event_type: z.enum(EVENT_ERROR_TYPES),
        sampling_rate: SamplingFraction,
        enable_sampling: z.boolean(),
      }),
    )
    .max(EVENT_ERROR_TYPES.length)
    .refine((l) => new Set(l.map((i) => i.event_type)).size === l.length, 'each event_type at most once'),
});
export type EventsSamplingValue = z.infer<typeof EventsSamplingValueSchema>;

/* EVENTS_FILTERING_PREFERENCE: how closely experience changes are watched. Moderate is shown but disabled. */
export const SENSITIVITIES = ['large', 'moderate', 'small'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];
/**
 * The one sensitivity scale (the settings, the engine's bands, experience events): how far outside the expected
 * value, in standard deviations, a change must go to count. Large changes only (low sensitivity) at 3, small
 * ones (high sensitivity) at 1; moderate is the engine's default band, which the pipeline stores.
 */
export const SENSITIVITY_Z: Readonly<Record<Sensitivity, number>> = { large: 3, moderate: 2.5, small: 1 };
export const EventsFilteringValueSchema = z.strictObject({
  events_filtering_preference_values: z
    .array(
      z.strictObject({
        type: z.literal('event'),
        sub_type: z.literal('experience'),
        sensitivities: z
          .array(z.strictObject({ name: z.enum(SENSITIVITIES), enabled: z.boolean() }))
          .max(SENSITIVITIES.length)
          .refine((l) => !l.some((s) => s.name === 'moderate' && s.enabled), 'moderate cannot be enabled'),
      }),
    )
    .max(1),
});
export type EventsFilteringValue = z.infer<typeof EventsFilteringValueSchema>;

/* NOTIFICATION_SCHEDULE_PREFERENCE. Days are lowercase English names; day_time is 'HH:mm' in UTC. */
export const WEEK_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/** Spec 1 §5, §9: the weekly report time moves in 5-minute (300 s) steps. */
export const REPORT_TIME_STEP_SECONDS = 300;
const DayTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be 'HH:mm' (UTC)")
  .refine((t) => Number(t.slice(3)) % 5 === 0, 'must be a multiple of 5 minutes');

export const NotificationScheduleValueSchema = z.strictObject({
  daily_alerts: z.strictObject({
    is_active: z.boolean(),
    days_of_week: z
      .array(z.enum(WEEK_DAYS))
      .min(1, PREFERENCE_MESSAGES.daysRequired)
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'each day at most once'),
  }),
  weekly_digest: z.strictObject({
    is_active: z.boolean(),
    start_of_week: z.enum(WEEK_DAYS),
    day_time: DayTime,
    /** The IANA zone day_time was converted from, so a reader can show it in local time again. */
    time_zone: z.string().max(64).optional(),
  }),
});
export type NotificationScheduleValue = z.infer<typeof NotificationScheduleValueSchema>;

/* MY_METRICS_PREFERENCE: 3 to 4 of the workspace's metrics (kpi ids). */
export const MY_METRICS_MIN = 3;
export const MY_METRICS_MAX = 4;
export const MyMetricsValueSchema = z.strictObject({
  kpis: z
    .array(z.string().regex(/^\d{1,18}$/, 'must be metric ids'))
    .min(MY_METRICS_MIN, PREFERENCE_MESSAGES.metricsTooFew)
    .max(MY_METRICS_MAX, PREFERENCE_MESSAGES.metricsTooMany)
    .refine((k) => new Set(k).size === k.length, 'each metric at most once'),
});
export type MyMetricsValue = z.infer<typeof MyMetricsValueSchema>;

export const PREFERENCE_VALUE_SCHEMAS = {
  EVENTS_SAMPLING_PREFERENCE: EventsSamplingValueSchema,
  EVENTS_FILTERING_PREFERENCE: EventsFilteringValueSchema,
  NOTIFICATION_SCHEDULE_PREFERENCE: NotificationScheduleValueSchema,
  MY_METRICS_PREFERENCE: MyMetricsValueSchema,
} as const satisfies Record<PreferenceName, z.ZodType>;

export interface PreferenceValues {
  EVENTS_SAMPLING_PREFERENCE: EventsSamplingValue;
  EVENTS_FILTERING_PREFERENCE: EventsFilteringValue;
  NOTIFICATION_SCHEDULE_PREFERENCE: NotificationScheduleValue;
  MY_METRICS_PREFERENCE: MyMetricsValue;
}

/** What a preference is before anyone saved it (spec 1 §9). */
export const PREFERENCE_DEFAULTS: PreferenceValues = {
  EVENTS_SAMPLING_PREFERENCE: {
    sampling_rate: SAMPLING_DEFAULT,
    event_sampling_configuration: EVENT_ERROR_TYPES.map((event_type) => ({
      event_type,
      sampling_rate: SAMPLING_DEFAULT,
      enable_sampling: false,
    })),
  },
  EVENTS_FILTERING_PREFERENCE: {
    events_filtering_preference_values: [
      {
        type: 'event',
        sub_type: 'experience',
        sensitivities: [
          { name: 'large', enabled: true },
          { name: 'moderate', enabled: false },
          { name: 'small', enabled: false },
        ],
      },
    ],
  },
  NOTIFICATION_SCHEDULE_PREFERENCE: {
    daily_alerts: { is_active: true, days_of_week: [...WEEK_DAYS] },
    weekly_digest: { is_active: true, start_of_week: 'sunday', day_time: '12:00', time_zone: 'Etc/UTC' },
  },
  MY_METRICS_PREFERENCE: { kpis: [] },
};

export const PREFERENCE_SCOPES = ['user', 'tenant'] as const;

export const PreferenceQuerySchema = TenantQuerySchema.extend({
  name: z.string().max(64),
  scope: z.enum(PREFERENCE_SCOPES).optional(),
  /** Whose preference: the caller's own user_uuid or e-mail; anyone else's is refused. */
  assignee: z.string().max(254).optional(),
});

export const PreferenceSchema = z
  .object({
    preference_name: z.enum(PREFERENCE_NAMES),
    scope: z.enum(PREFERENCE_SCOPES),
    is_active: z.boolean(),
    preference_value: z.record(z.string(), z.unknown()),
    /** False when nothing was saved yet and preference_value holds the defaults. */
    is_saved: z.boolean(),
  })
  .meta({ id: 'Preference' });
export type Preference = z.infer<typeof PreferenceSchema>;

/** PUT preferences: the value is checked against its name's schema by the server (400 naming the field). */
export const PreferenceBodySchema = z
  .object({
    scope: z.enum(PREFERENCE_SCOPES).optional(),
    is_active: z.boolean().default(true),
    preference_name: z.string().max(64),
    preference_value: z.unknown(),
    assignee: z.string().max(254).optional(),
  })
  .meta({ id: 'PreferenceUpdate' });
export type PreferenceBody = z.input<typeof PreferenceBodySchema>;

export const PreferenceAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: PreferenceSchema,
});

/* ---------- Event-mapping subscriptions (spec 1 §3): severity, and providers with their categories ---------- */

/**
 * What events can come from: the workspace's own site (the collector), then each third-party provider the
 * store turned on in its providers drawer (the catalogue of `GET /v1/providers`, by provider uuid). Category
 * ids are stable; notifications match events to them.
 */
export const SITE_EVENT_SOURCE = {
  id: 'site',
  display_name: 'Your website',
  categories: [
    { id: 'js_error', display_name: 'JavaScript errors' },
    { id: 'network_error', display_name: 'Failed requests' },
    { id: 'experience', display_name: 'Experience changes' },
  ],
} as const;

/** What a provider's outage events are about: unplanned incidents, and maintenance it announced. */
export const PROVIDER_EVENT_CATEGORIES = [
  { id: 'incident', display_name: 'Incidents' },
  { id: 'maintenance', display_name: 'Scheduled maintenance' },
] as const;

/** At most this many providers in one mapping change (the catalogue holds about fifty). */
export const MAPPING_MAX_PROVIDERS = 100;

const ToggleSchema = z.object({ id: z.string(), display_name: z.string(), is_active: z.boolean() });
export const MappingProviderSchema = ToggleSchema.extend({ categories: z.array(ToggleSchema) });

export const EventMappingSchema = z
  .object({ severity: z.array(SeverityFilterSchema), providers: z.array(MappingProviderSchema) })
  .meta({ id: 'EventMappingSubscriptions' });
export type EventMapping = z.infer<typeof EventMappingSchema>;

/** PUT preferences/events/mapping: on/off per provider and per category; severity as in subscriptions. */
export const EventMappingBodySchema = z
  .object({
    severity: z
      .array(z.object({ type: SeveritySchema, is_active: z.boolean() }))
      .max(3)
      .optional(),
    providers: z
      .array(
        z.object({
          id: z.string().max(40),
          is_active: z.boolean(),
          categories: z
            .array(z.object({ id: z.string().max(40), is_active: z.boolean() }))
            .max(20)
            .optional(),
        }),
      )
      .max(MAPPING_MAX_PROVIDERS)
      .optional(),
  })
  .meta({ id: 'EventMappingUpdate' });
export type EventMappingBody = z.infer<typeof EventMappingBodySchema>;

export const EventMappingAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: EventMappingSchema,
});

export const MAPPING_MESSAGES = {
  unknownProvider: (id: string) =>
    `Unknown event provider "${id}": turn it on in the store's event providers first.`,
  unknownCategory: (provider: string, id: string) => `Unknown category "${id}" of ${provider}.`,
} as const;

/* ---------- Slack (spec 1 §4: 'Add to Slack' until connected) ---------- */

export const SLACK_MESSAGES = {
  /** The result Slack's redirect comes back with; it cannot tell viewers apart, so it speaks to customers. */
  notConfigured: SETUP_NOTICES.slack.customer,
  connected: 'Slack is connected.',
  failed: 'Slack did not finish connecting. Please try again.',
  denied: 'Slack was not connected: the request was cancelled in Slack.',
} as const;
/** The `slack` query value the callback sends the user back with. */
export const SLACK_RESULTS = ['connected', 'failed', 'denied', 'not_configured'] as const;
export type SlackResult = (typeof SLACK_RESULTS)[number];
/** incoming-webhook puts a channel picker on Slack's consent screen; chat:write.public posts there unjoined. */
export const SLACK_BOT_SCOPES = [
  'chat:write',
  'im:write',
  'users:read',
  'users:read.email',
  'incoming-webhook',
  'chat:write.public',
] as const;

export const SlackCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

export const preferencesRoutes = {
  getPreference: defineRoute({
    method: 'GET',
    path: '/v1/preferences',
    access: 'tenant',
    summary: "One of the caller's preferences by name (its defaults when never saved)",
    tags: ['preferences'],
    query: PreferenceQuerySchema,
    response: PreferenceSchema,
  }),
  updatePreference: defineRoute({
    method: 'PUT',
    path: '/v1/preferences',
    access: 'tenant',
    summary: 'Save one preference by name; the value is validated by the schema of that name',
    tags: ['preferences'],
    query: TenantQuerySchema.extend({ scope: z.enum(PREFERENCE_SCOPES).optional() }),
    body: PreferenceBodySchema,
    response: PreferenceAnswerSchema,
  }),
  getEventMapping: defineRoute({
    method: 'GET',
    path: '/v1/preferences/events/mapping',
    access: 'tenant',
    summary: "The caller's event-mapping subscriptions: severity, and providers with their categories",
    tags: ['preferences'],
    query: TenantQuerySchema,
    response: EventMappingSchema,
  }),
  updateEventMapping: defineRoute({
    method: 'PUT',
    path: '/v1/preferences/events/mapping',
    access: 'tenant',
    summary: "Change the caller's event-mapping subscriptions",
    tags: ['preferences'],
    query: TenantQuerySchema,
    body: EventMappingBodySchema,
    response: EventMappingAnswerSchema,
  }),
  slackStart: defineRoute({
    method: 'GET',
    path: '/v1/auth/slack',
    access: 'session',
    summary: "Add to Slack: sends the browser to Slack's OAuth consent for the user's workspace",
    tags: ['preferences'],
    redirect: true,
  }),
  slackCallback: defineRoute({
    method: 'GET',
    path: '/v1/auth/slack/callback',
    access: 'session',
    summary: 'Slack OAuth callback: stores the bot token (encrypted) and returns to the alert settings',
    tags: ['preferences'],
    query: SlackCallbackQuerySchema,
    redirect: true,
  }),
} as const;
