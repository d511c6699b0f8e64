import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { defineRoute } from './route';
import { SeveritySchema, type Severity } from './insights';
import { SmsStatusSchema } from './phone';

/** Spec 1 §2 Persona question screen and §6: the persona shapes the objectives offered, not access. */
export const PERSONA_ROLES = ['Founder', 'Marketer', 'Other'] as const;
export type PersonaRole = (typeof PERSONA_ROLES)[number];

export const PERSONA_OBJECTIVES = {
  Founder: ['Core revenue metrics', 'High severity events'],
  Marketer: ['Key marketing metrics', 'Medium severity events', 'Low severity events'],
  Other: [],
} as const satisfies Record<PersonaRole, readonly string[]>;

/** 'Other' is sent as 'Other: {text}' (spec 1 §3 Persona update payload). */
export const OTHER_ROLE_PREFIX = 'Other: ';
export const PERSONA_TEXT_MAX = 500;

export const PERSONA_MESSAGES = {
  title: 'How are you planning to use the product?',
  hint: 'Founders use Tidemark to spot forecast deviations across every channel, before they cost revenue.',
  updated: 'Details updated successfully',
  updateFailed: 'An Error occurred while updating your details.',
  roleRequired: 'Please choose how you are planning to use the product: Founder, Marketer or Other.',
  objectiveRequired: 'Please choose at least one objective.',
  objectiveUnknown: (role: string) => `Choose objectives offered to a ${role}.`,
  textRequired: 'Please tell us how you are planning to use the product.',
  textTooLong: `Please keep your answer within ${PERSONA_TEXT_MAX} characters.`,
} as const;

export const PersonaObjectiveSchema = z.object({ name: z.string().max(200) });

/**
 * PATCH users/{user_uuid}. Structural limits only: the spec's rules and messages come from personaError,
 * so the API answers as the form does.
 */
export const PersonaBodySchema = z
  .object({
    role: z.string().max(PERSONA_TEXT_MAX * 2),
    objectives: z.array(PersonaObjectiveSchema).max(10),
  })
  .meta({ id: 'PersonaUpdate' });
export type PersonaBody = z.infer<typeof PersonaBodySchema>;

/** The first rule a persona answer breaks (spec 1 §5), or null when it is valid. Server and web share it. */
export function personaError(body: PersonaBody): string | null {
  const role = body.role.trim();
  if (role === 'Other' || role.startsWith('Other:')) {
    const text = role.slice('Other:'.length).trim();
    if (!text) return PERSONA_MESSAGES.textRequired;
    if (text.length > PERSONA_TEXT_MAX) return PERSONA_MESSAGES.textTooLong;
    return null;
  }
  if (role !== 'Founder' && role !== 'Marketer') return PERSONA_MESSAGES.roleRequired;
  if (body.objectives.length === 0) return PERSONA_MESSAGES.objectiveRequired;
  const offered: readonly string[] = PERSONA_OBJECTIVES[role];
  if (body.objectives.some((o) => !offered.includes(o.name))) return PERSONA_MESSAGES.objectiveUnknown(role);
  return null;
}

export const UserParamsSchema = z.object({ user_uuid: z.string().min(1).max(64) });

export const PersonaAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ role: z.string(), objectives: z.array(PersonaObjectiveSchema) }),
});
export type PersonaAnswer = z.infer<typeof PersonaAnswerSchema>;

/* ---------- Profile (spec 1 §2 Profile tab, §3 User profile, §5 Profile) ---------- */

export const PROFILE_MESSAGES = {
  saved: 'Changes have been saved.',
  bothRequired: 'Please enter both name and number.',
  noDigits: 'Names cannot contain digits.',
  invalidPhone: 'Please enter a valid phone number with its country code.',
  failed: 'An Error occurred while saving your profile.',
} as const;

/** Spec 1 §5: the phone input offers these countries first. */
export const PREFERRED_PHONE_COUNTRIES = ['us', 'in'] as const;

/** A phone number as stored: E.164, '+' then 8 to 15 digits (the country code included). */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;
const NAME_MAX = 100;

export const UserProfileSchema = z
  .object({
    phone_number: z.string().nullable(),
    user_email: z.string(),
    given_name: z.string().nullable(),
    family_name: z.string().nullable(),
    login_id: z.string(),
    tenant_id: z.number(),
    is_design_partner: z.boolean(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** PUT users/profile. Structural limits here; profileError gives the spec's messages to server and form alike. */
export const ProfileBodySchema = z
  .object({
    phone_number: z.string().max(32),
    given_name: z.string().max(NAME_MAX),
    family_name: z.string().max(NAME_MAX),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileBody = z.infer<typeof ProfileBodySchema>;

/** Spec 1 §5: the name is split on whitespace, given name the first word, family name the rest. */
export function splitName(name: string): { given_name: string; family_name: string } {
  const [given = '', ...rest] = name.trim().split(/\s+/);
  return { given_name: given, family_name: rest.join(' ') };
}

export function profileError(body: ProfileBody): string | null {
  const name = `${body.given_name} ${body.family_name}`.trim();
  if (!name || !body.phone_number.trim()) return PROFILE_MESSAGES.bothRequired;
  if (/\d/.test(name)) return PROFILE_MESSAGES.noDigits;
  const phone = body.phone_number.trim();
  if (!E164_PATTERN.test(phone) || !isValidPhoneNumber(phone)) return PROFILE_MESSAGES.invalidPhone;
  return null;
}

export const ProfileAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: UserProfileSchema,
});

/* ---------- Subscriptions (spec 1 §3 User subscriptions, §4 Settings) ---------- */

export const CHANNEL_NAMES = ['email', 'sms', 'slack'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];
/** The one severity scale (insights.ts), in the order settings list it. */
export const SEVERITIES = SeveritySchema.options;
/** Spec 1 §9 Event impact levels. */
export const SEVERITY_DESCRIPTIONS: Record<Severity, string> = {
  High: 'Direct business impact, immediate intervention',
  Medium: 'Potential disruption, limited impact',
  Low: 'No business impact',
};

export const SUBSCRIPTION_MESSAGES = {
  updated: 'Your Subscriptions are updated successfully',
  failed: 'An Error occurred while updating the subscriptions',
  smsNeedsPhone: 'Please add your phone number to turn on SMS alerts.',
  slackNotConnected: 'Connect Slack with Add to Slack before turning on Slack alerts.',
  thresholdInvalid: 'Minimum dollar impact must be a whole number of at least 0.',
} as const;

export const ChannelSchema = z.object({
  name: z.enum(CHANNEL_NAMES),
  is_active: z.boolean(),
  /** email: the signed-in address; sms: the stored number was confirmed with a texted code; slack: connected. */
  is_verified: z.boolean(),
});
export const SeverityFilterSchema = z.object({ type: SeveritySchema, is_active: z.boolean() });
export const AlertFiltersSchema = z.object({
  severity: z.array(SeverityFilterSchema),
  monetary_impact_threshold: z.number(),
});
export const SubscriptionPreferenceSchema = z.object({
  notification_type: z.literal('event'),
  filters: AlertFiltersSchema,
});

/** Slack as the settings screen needs it: whether the server can connect it, and to which Slack team. */
export const SlackStatusSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  team_name: z.string().nullable(),
  /** The channel alerts are posted to, as picked on Slack's consent screen. */
  channel_name: z.string().nullable(),
  /** Why Slack stopped working (a revoked token), until it is connected again. */
  note: z.string().nullable(),
  /** When not configured: what this viewer is told (a customer what to do, an operator the setting). */
  setup_notice: z.string().nullable().optional(),
});

export const SubscriptionsSchema = z
  .object({
    channels: z.array(ChannelSchema),
    preferences: z.array(SubscriptionPreferenceSchema),
    slack: SlackStatusSchema,
    sms: SmsStatusSchema,
  })
  .meta({ id: 'UserSubscriptions' });
export type Subscriptions = z.infer<typeof SubscriptionsSchema>;

/** PATCH users/{uuid}/subscriptions: channels, or the event preference's severity or threshold. */
export const SubscriptionsPatchSchema = z
  .object({
    channels: z
      .array(z.object({ name: z.enum(CHANNEL_NAMES), is_active: z.boolean() }))
      .max(3)
      .optional(),
    preferences: z
      .array(
        z.object({
          notification_type: z.literal('event'),
          filters: z.object({
            severity: z
              .array(z.object({ type: SeveritySchema, is_active: z.boolean() }))
              .max(3)
              .optional(),
            monetary_impact_threshold: z.number().optional(),
          }),
        }),
      )
      .max(1)
      .optional(),
  })
  .meta({ id: 'UserSubscriptionsPatch' });
export type SubscriptionsPatch = z.infer<typeof SubscriptionsPatchSchema>;

/** Spec 1 §5: an integer of at least 0; empty counts as 0. */
export function parseThreshold(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  return /^\d{1,12}$/.test(t) ? Number(t) : null;
}

export const SubscriptionsAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: SubscriptionsSchema,
});

/** The users area's calls. A user may change only their own records. */
export const usersRoutes = {
  updatePersona: defineRoute({
    method: 'PATCH',
    path: '/v1/users/:user_uuid',
    access: 'session',
    summary: "Record the signed-in user's persona and objectives; finishes workspace onboarding",
    tags: ['users'],
    params: UserParamsSchema,
    body: PersonaBodySchema,
    response: PersonaAnswerSchema,
  }),
  getProfile: defineRoute({
    method: 'GET',
    path: '/v1/users/profile',
    access: 'session',
    summary: "The signed-in user's profile",
    tags: ['users'],
    response: UserProfileSchema,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/v1/users/profile',
    access: 'session',
    summary: "Change the signed-in user's name and phone number",
    tags: ['users'],
    body: ProfileBodySchema,
    response: ProfileAnswerSchema,
  }),
  getSubscriptions: defineRoute({
    method: 'GET',
    path: '/v1/users/:user_uuid/subscriptions',
    access: 'session',
    summary: "The user's alert channels and event filters (their own only)",
    tags: ['users'],
    params: UserParamsSchema,
    response: SubscriptionsSchema,
  }),
  updateSubscriptions: defineRoute({
    method: 'PATCH',
    path: '/v1/users/:user_uuid/subscriptions',
    access: 'session',
    summary: "Change the user's alert channels, severities or minimum dollar impact (their own only)",
    tags: ['users'],
    params: UserParamsSchema,
    body: SubscriptionsPatchSchema,
    response: SubscriptionsAnswerSchema,
  }),
} as const;
