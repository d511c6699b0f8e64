import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// Notifications (issue 13): noise control (quiet hours, alert scope, snoozes), the 4-week preview of what the
// current filters would have sent, and one-click unsubscribe from e-mails.

export const NOTIFICATION_MESSAGES = {
  settingsSaved: 'Notification settings saved.',
  snoozed: 'Alerts snoozed.',
  snoozeRemoved: 'Snooze removed.',
  snoozeNotFound: 'It looks like there is no snooze here.',
  badFilter: 'This filter does not exist in this workspace.',
  badTarget: 'There is nothing to snooze with this id in this workspace.',
  badToken: 'This unsubscribe link is not valid.',
  unsubscribed: 'You are unsubscribed.',
} as const;

const HHMM = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time HH:mm');
const Id = z.string().regex(/^\d{1,18}$/, 'must be an id');

export const QuietHoursSchema = z.strictObject({
  is_active: z.boolean(),
  /** Local time in the workspace's time zone; an end before the start spans midnight. */
  start: HHMM,
  end: HHMM,
});
export type QuietHours = z.infer<typeof QuietHoursSchema>;

export const NotificationChannelStatusSchema = z.object({
  name: z.enum(['email', 'slack', 'sms']),
  /** Whether this server can deliver on the channel (its provider is set up). */
  is_configured: z.boolean(),
});

export const NotificationSettingsSchema = z
  .object({
    quiet_hours: QuietHoursSchema,
    /** A global filter of the workspace: only insights of its dimension value alert; null = everything. */
    scope_filter_id: z.string().nullable(),
    channels: z.array(NotificationChannelStatusSchema),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const UpdateNotificationSettingsBodySchema = z.strictObject({
  quiet_hours: QuietHoursSchema,
  scope_filter_id: Id.nullable(),
});
export type UpdateNotificationSettingsBody = z.infer<typeof UpdateNotificationSettingsBodySchema>;

export const SNOOZE_TARGETS = ['insight_group', 'event_group', 'metric'] as const;
export const SNOOZE_DURATIONS = { '1h': 3600, '1d': 86_400, '1w': 604_800 } as const;
export type SnoozeDuration = keyof typeof SNOOZE_DURATIONS;

export const SnoozeSchema = z
  .object({
    id: z.string(),
    target_type: z.enum(SNOOZE_TARGETS),
    target_id: z.string(),
    /** The insight or event group's title, or the metric's name; null once the item is gone. */
    target_name: z.string().nullable(),
    until: z.string(),
  })
  .meta({ id: 'NotificationSnooze' });
export type Snooze = z.infer<typeof SnoozeSchema>;

export const CreateSnoozeBodySchema = z.strictObject({
  target_type: z.enum(SNOOZE_TARGETS),
  target_id: Id,
  duration: z.enum(['1h', '1d', '1w']),
});
export type CreateSnoozeBody = z.infer<typeof CreateSnoozeBodySchema>;

const SEVERITY = z.enum(['High', 'Medium', 'Low']);

export const NotificationPreviewQuerySchema = TenantQuerySchema.extend({
  /** Comma-separated severities, e.g. `High,Medium`; absent = the saved ones. */
  severity: z
    .string()
    .max(40)
    .transform((v, c) => {
      const parts = v.split(',').filter(Boolean);
      for (const p of parts) {
        if (!SEVERITY.safeParse(p).success) {
          c.addIssue({ code: 'custom', message: 'must be High, Medium or Low, comma-separated' });
          return z.NEVER;
        }
      }
      return parts as Array<z.infer<typeof SEVERITY>>;
    })
    .optional(),
  monetary_impact_threshold: z.coerce.number().int().min(0).max(1e12).optional(),
});

export const NotificationPreviewSchema = z
  .object({
    /** The replayed window: the last 28 days up to now. */
    from: z.string(),
    to: z.string(),
    /** Alerts the filters would have sent (one per item that alerted, escalations counted again). */
    total: z.number().int(),
    by_severity: z.object({ High: z.number().int(), Medium: z.number().int(), Low: z.number().int() }),
    by_kind: z.object({ insight_group: z.number().int(), event_group: z.number().int() }),
    /** Four weeks, oldest first. */
    weeks: z.array(z.object({ week_start: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'NotificationPreview' });
export type NotificationPreview = z.infer<typeof NotificationPreviewSchema>;

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(400) });
export const AlertChartParamsSchema = z.object({
  token: z.string().regex(/^\d{1,18}\.\d{1,18}\.[A-Za-z0-9_-]{43}$/, 'must be a chart link'),
});

export const notificationsRoutes = {
  getNotificationSettings: defineRoute({
    method: 'GET',
    path: '/v1/notifications/settings',
    access: 'tenant',
    summary: "The caller's quiet hours, alert scope and which channels this server can deliver",
    tags: ['notifications'],
    query: TenantQuerySchema,
    response: NotificationSettingsSchema,
  }),
  updateNotificationSettings: defineRoute({
    method: 'PUT',
    path: '/v1/notifications/settings',
    access: 'tenant',
    summary: "Save the caller's quiet hours and alert scope",
    tags: ['notifications'],
    query: TenantQuerySchema,
    body: UpdateNotificationSettingsBodySchema,
    response: NotificationSettingsSchema,
  }),
  listSnoozes: defineRoute({
    method: 'GET',
    path: '/v1/notifications/snoozes',
    access: 'tenant',
    summary: "The caller's snoozes still running",
    tags: ['notifications'],
    query: TenantQuerySchema,
    response: z.object({ snoozes: z.array(SnoozeSchema) }),
  }),
  createSnooze: defineRoute({
    method: 'POST',
    path: '/v1/notifications/snoozes',
    access: 'tenant',
    summary: 'Stop alerts about one insight group, event group or metric for 1 hour, 1 day or 1 week',
    tags: ['notifications'],
    query: TenantQuerySchema,
    body: CreateSnoozeBodySchema,
    response: z.object({ success: z.literal(true), message: z.string(), data: SnoozeSchema }),
  }),
  deleteSnooze: defineRoute({
    method: 'DELETE',
    path: '/v1/notifications/snoozes/:id',
    access: 'tenant',
    summary: 'End a snooze now',
    tags: ['notifications'],
    query: TenantQuerySchema,
    params: z.object({ id: Id }),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  notificationPreview: defineRoute({
    method: 'GET',
    path: '/v1/notifications/preview',
    access: 'tenant',
    summary: 'How many alerts these filters would have sent the caller over the last 4 weeks',
    tags: ['notifications'],
    query: NotificationPreviewQuerySchema,
    response: NotificationPreviewSchema,
  }),
  alertChart: defineRoute({
    method: 'GET',
    path: '/v1/notifications/charts/:token',
    access: 'public',
    summary:
      "An alert's chart as a PNG, for Slack's image block (which fetches it without a session); the signed link names the alert",
    tags: ['notifications'],
    params: AlertChartParamsSchema,
  }),
  unsubscribePage: defineRoute({
    method: 'GET',
    path: '/v1/notifications/unsubscribe',
    access: 'public',
    summary:
      "An e-mail's unsubscribe link: a page asking to confirm (GET never unsubscribes: link scanners follow links)",
    tags: ['notifications'],
    query: UnsubscribeQuerySchema,
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/v1/notifications/unsubscribe',
    access: 'public',
    summary: 'One-click unsubscribe (RFC 8058) from one kind of message on one channel; the token says which',
    tags: ['notifications'],
    query: UnsubscribeQuerySchema,
  }),
} as const;
