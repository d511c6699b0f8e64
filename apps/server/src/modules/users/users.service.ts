import {
  PROVIDER_EVENT_CATEGORIES,
  SITE_EVENT_SOURCE,
  MAPPING_MESSAGES,
  PERSONA_MESSAGES,
  PROFILE_MESSAGES,
  SEVERITIES,
  STATUS_CATALOGUE,
  SUBSCRIPTION_MESSAGES,
  personaError,
  profileError,
  type EventMapping,
  type EventMappingAnswerSchema,
  type EventMappingBody,
  type PersonaAnswer,
  type PersonaBody,
  type ProfileAnswerSchema,
  type ProfileBody,
  type Severity,
  type Subscriptions,
  type SubscriptionsAnswerSchema,
  type SubscriptionsPatch,
  type UserProfile,
} from '@tidemark/contract';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { SessionContext, TenantContext } from '../../plugins/context';
import { slackStatus } from '../preferences';
import { smsStatus } from '../phone';
import { storeProviders } from '../providers';
import * as repo from './users.repository';

/** Users may change only their own records: any other user_uuid, existing or not, is refused alike. */
function assertOwnRecord(ctx: SessionContext, userUuid: string): void {
  if (userUuid.toLowerCase() !== ctx.user.userUuid) {
    throw new AppError('forbidden', `${STATUS_CATALOGUE[403].title}: ${STATUS_CATALOGUE[403].message}`);
  }
}

/** PATCH users/{uuid}: the persona answer, which finishes workspace onboarding (the user then goes to /). */
export async function updatePersona({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { userUuid: string; body: PersonaBody };
}): Promise<PersonaAnswer> {
  assertOwnRecord(ctx, input.userUuid);
  const invalid = personaError(input.body);
  if (invalid) throw new AppError('bad_request', invalid);
  const persona: PersonaBody = {
    role: input.body.role.trim(),
    objectives: input.body.role.trim().startsWith('Other') ? [] : dedupe(input.body.objectives),
  };
  await repo.updatePersona(ctx.db, ctx.user.userId, persona);
  return { success: true, message: PERSONA_MESSAGES.updated, data: persona };
}

const dedupe = (objectives: PersonaBody['objectives']) =>
  [...new Set(objectives.map((o) => o.name))].map((name) => ({ name }));

/* ---------- Profile ---------- */

function profileOf(row: repo.ProfileRow): UserProfile {
  return {
    phone_number: row.phone_number,
    user_email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    login_id: row.login_id,
    tenant_id: Number(row.tenant_id),
    is_design_partner: row.is_design_partner,
  };
}

async function profileOrThrow(ctx: SessionContext): Promise<repo.ProfileRow> {
  const row = await repo.findProfile(ctx.db, ctx.user.userId);
  if (!row) throw new AppError('unauthorized', STATUS_CATALOGUE[401].message);
  return row;
}

/** GET users/profile: always the signed-in user's own. */
export async function getProfile({ ctx }: { ctx: SessionContext }): Promise<UserProfile> {
  return profileOf(await profileOrThrow(ctx));
}

/** PUT users/profile: name and phone are both required (spec 1 §5); the e-mail is read-only. */
export async function updateProfile({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: ProfileBody;
}): Promise<z.input<typeof ProfileAnswerSchema>> {
  const invalid = profileError(input);
  if (invalid) throw new AppError('bad_request', invalid);
  await repo.updateProfile(ctx.db, ctx.user.userId, {
    given_name: input.given_name.trim(),
    family_name: input.family_name.trim().replace(/\s+/g, ' '),
    phone_number: input.phone_number.trim(),
  });
  return { success: true, message: PROFILE_MESSAGES.saved, data: profileOf(await profileOrThrow(ctx)) };
}

/* ---------- Subscriptions and event mapping ---------- */

async function subscriptionsOf(ctx: SessionContext, tenantId: number): Promise<Subscriptions> {
  const [row, profile, slack, sms] = await Promise.all([
    repo.findSubscription(ctx.db, tenantId, ctx.user.userId),
    profileOrThrow(ctx),
    slackStatus({ ctx, input: { tenantId, operator: ctx.user.isOperator } }),
    smsStatus({ ctx, input: { userId: ctx.user.userId, operator: ctx.user.isOperator } }),
  ]);
  return {
    channels: [
      { name: 'email', is_active: row.email_active, is_verified: true },
      {
        name: 'sms',
        is_active: row.sms_active && !!profile.phone_number,
        // Alerts go only to a number confirmed with a texted code (modules/phone).
        is_verified: sms.is_verified,
      },
      { name: 'slack', is_active: row.slack_active && slack.connected, is_verified: slack.connected },
    ],
    preferences: [
      {
        notification_type: 'event',
        filters: {
          severity: SEVERITIES.map((type) => ({ type, is_active: row.severities.includes(type) })),
          monetary_impact_threshold: Number(row.monetary_impact_threshold),
        },
      },
    ],
    slack,
    sms,
  };
}

/** GET users/{uuid}/subscriptions, for the signed-in user's own workspace. */
export async function getSubscriptions({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { userUuid: string };
}): Promise<Subscriptions> {
  assertOwnRecord(ctx, input.userUuid);
  return subscriptionsOf(ctx, ctx.user.tenantId);
}

/**
 * PATCH users/{uuid}/subscriptions. SMS needs a stored phone and Slack a connected Slack workspace, so a
 * channel is never on without a way to reach the user.
 */
export async function updateSubscriptions({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { userUuid: string; body: SubscriptionsPatch };
}): Promise<z.input<typeof SubscriptionsAnswerSchema>> {
  assertOwnRecord(ctx, input.userUuid);
  const tenantId = ctx.user.tenantId;
  const row = await repo.findSubscription(ctx.db, tenantId, ctx.user.userId);
  for (const channel of input.body.channels ?? []) {
    if (channel.is_active && channel.name === 'sms' && !(await profileOrThrow(ctx)).phone_number) {
      throw new AppError('bad_request', SUBSCRIPTION_MESSAGES.smsNeedsPhone);
    }
    if (
      channel.is_active &&
      channel.name === 'slack' &&
      !(await slackStatus({ ctx, input: { tenantId, operator: ctx.user.isOperator } })).connected
    ) {
      throw new AppError('bad_request', SUBSCRIPTION_MESSAGES.slackNotConnected);
    }
    row[`${channel.name}_active`] = channel.is_active;
  }
  for (const preference of input.body.preferences ?? []) {
    const { severity, monetary_impact_threshold: threshold } = preference.filters;
    if (severity) row.severities = applySeverity(row.severities, severity);
    if (threshold !== undefined) {
      if (!Number.isSafeInteger(threshold) || threshold < 0) {
        throw new AppError('bad_request', SUBSCRIPTION_MESSAGES.thresholdInvalid);
      }
      row.monetary_impact_threshold = threshold;
    }
  }
  await repo.saveSubscription(ctx.db, tenantId, ctx.user.userId, row);
  return {
    success: true,
    message: SUBSCRIPTION_MESSAGES.updated,
    data: await subscriptionsOf(ctx, tenantId),
  };
}

function applySeverity(current: string[], changes: Array<{ type: Severity; is_active: boolean }>): string[] {
  const on = new Set(current);
  for (const c of changes) {
    if (c.is_active) on.add(c.type);
    else on.delete(c.type);
  }
  return SEVERITIES.filter((s) => on.has(s));
}

interface MappingSource {
  id: string;
  display_name: string;
  categories: ReadonlyArray<{ id: string; display_name: string }>;
}

/** The site, then the providers the store turned on, in the drawer's order. */
async function mappingSources(ctx: TenantContext): Promise<MappingSource[]> {
  const providers = (await storeProviders({ ctx })).filter((p) => p.is_active);
  return [
    SITE_EVENT_SOURCE,
    ...providers.map((p) => ({
      id: p.id,
      display_name: p.display_name,
      categories: PROVIDER_EVENT_CATEGORIES,
    })),
  ];
}

function mappingOf(row: repo.SubscriptionRow, sources: MappingSource[]): EventMapping {
  return {
    severity: SEVERITIES.map((type) => ({ type, is_active: row.severities.includes(type) })),
    providers: sources.map((p) => {
      const saved = row.event_mapping[p.id];
      return {
        id: p.id,
        display_name: p.display_name,
        is_active: saved?.is_active ?? true,
        categories: p.categories.map((c) => ({
          id: c.id,
          display_name: c.display_name,
          is_active: saved?.categories?.[c.id] ?? true,
        })),
      };
    }),
  };
}

/** GET preferences/events/mapping: the caller's own, in the workspace the request names. */
export async function getEventMapping({ ctx }: { ctx: TenantContext }): Promise<EventMapping> {
  const row = await repo.findSubscription(ctx.db, ctx.tenantId, ctx.user.userId);
  return mappingOf(row, await mappingSources(ctx));
}

/**
 * PUT preferences/events/mapping. Severity is the same list as the subscriptions' severity filter. A
 * provider must be on for the store; choices for one turned off later are kept for when it comes back.
 */
export async function updateEventMapping({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: EventMappingBody;
}): Promise<z.input<typeof EventMappingAnswerSchema>> {
  const row = await repo.findSubscription(ctx.db, ctx.tenantId, ctx.user.userId);
  const sources = await mappingSources(ctx);
  if (input.severity) row.severities = applySeverity(row.severities, input.severity);
  const mapping = { ...row.event_mapping };
  for (const change of input.providers ?? []) {
    const provider = sources.find((p) => p.id === change.id);
    if (!provider) throw new AppError('bad_request', MAPPING_MESSAGES.unknownProvider(change.id));
    const saved = { is_active: change.is_active, categories: { ...mapping[provider.id]?.categories } };
    for (const category of change.categories ?? []) {
      if (!provider.categories.some((c) => c.id === category.id)) {
        throw new AppError(
          'bad_request',
          MAPPING_MESSAGES.unknownCategory(provider.display_name, category.id),
        );
      }
      saved.categories[category.id] = category.is_active;
    }
    mapping[provider.id] = saved;
  }
  row.event_mapping = mapping;
  await repo.saveSubscription(ctx.db, ctx.tenantId, ctx.user.userId, row);
  return { success: true, message: SUBSCRIPTION_MESSAGES.updated, data: mappingOf(row, sources) };
}
