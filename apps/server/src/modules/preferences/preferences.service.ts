import {
  PREFERENCE_DEFAULTS,
  PREFERENCE_MESSAGES,
  PREFERENCE_NAMES,
  PREFERENCE_VALUE_SCHEMAS,
  STATUS_CATALOGUE,
  type Preference,
  type PreferenceAnswerSchema,
  type PreferenceName,
} from '@tidemark/contract';

import type { z } from 'zod';

import { AppError } from '../../errors';

import type { TenantContext } from '../../plugins/context';

import { getEventSettings, saveEventSetting } from '../events';

import { getMetricOrThrow } from '../metrics';
import * as repo from './preferences.repository';

/** Sampling and sensitivity belong to the workspace (the collector applies them); the others to one user. */
const WORKSPACE_PREFERENCES = {
  EVENTS_SAMPLING_PREFERENCE: 'sampling',
  EVENTS_FILTERING_PREFERENCE: 'filtering',
} as const;
type WorkspacePreference = keyof typeof WORKSPACE_PREFERENCES;
const isWorkspacePreference = (name: PreferenceName): name is WorkspacePreference =>
  name in WORKSPACE_PREFERENCES;

const SPEC_MESSAGES = new Set<string>([
  PREFERENCE_MESSAGES.metricsTooFew,
  PREFERENCE_MESSAGES.metricsTooMany,
  PREFERENCE_MESSAGES.daysRequired,
]);

function nameOrThrow(name: string): PreferenceName {
  const known = PREFERENCE_NAMES.find((n) => n === name);
  if (!known) throw new AppError('bad_request', PREFERENCE_MESSAGES.unknownName(name.slice(0, 64)));
  return known;
}

/** Preferences are the caller's own: an assignee other than the caller (uuid or e-mail) is refused. */
function assertOwnAssignee(ctx: TenantContext, assignee: string | undefined): void {
  if (assignee === undefined || assignee === '') return;
  const a = assignee.trim().toLowerCase();
  if (a !== ctx.user.userUuid && a !== ctx.user.email.toLowerCase()) {
    throw new AppError('forbidden', `${STATUS_CATALOGUE[403].title}: ${STATUS_CATALOGUE[403].message}`);
  }
}

/**
 * The value checked against its name's schema. The spec's own messages (my metrics count, daily days) are
 * answered as the form shows them; any other problem names the field.
 */
function parseValue<N extends PreferenceName>(
  name: N,
  value: unknown,
): z.output<(typeof PREFERENCE_VALUE_SCHEMAS)[N]> {
  const parsed = PREFERENCE_VALUE_SCHEMAS[name].safeParse(value);
  if (parsed.success) return parsed.data as z.output<(typeof PREFERENCE_VALUE_SCHEMAS)[N]>;
  const issue = parsed.error.issues[0]!;
  if (SPEC_MESSAGES.has(issue.message)) throw new AppError('bad_request', issue.message);
  const field = issue.path.length ? issue.path.join('.') : '(value)';
  throw new AppError('bad_request', PREFERENCE_MESSAGES.invalidValue(field, issue.message));
}

async function readPreference(ctx: TenantContext, name: PreferenceName): Promise<Preference> {
  if (isWorkspacePreference(name)) {
    const saved = (await getEventSettings({ ctx }))[WORKSPACE_PREFERENCES[name]];
    return {
      preference_name: name,
      scope: 'tenant',
      is_active: true,
      preference_value: (saved ?? PREFERENCE_DEFAULTS[name]) as Record<string, unknown>,
      is_saved: saved !== null,
    };
  }
  const row = await repo.findUserPreference(ctx.db, ctx.tenantId, ctx.user.userId, name);
  return {
    preference_name: name,
    scope: 'user',
    is_active: row?.is_active ?? true,
    preference_value: (row?.preference_value ?? PREFERENCE_DEFAULTS[name]) as Record<string, unknown>,
    is_saved: row !== undefined,
  };
}

/** GET preferences?name=: the caller's preference, or its defaults (spec 1 §9) when never saved. */
export async function getPreference({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { name: string; assignee?: string | undefined };
}): Promise<Preference> {
  const name = nameOrThrow(input.name);
  assertOwnAssignee(ctx, input.assignee);
  return readPreference(ctx, name);
}

const SAVED_MESSAGE: Record<PreferenceName, string> = {
  EVENTS_SAMPLING_PREFERENCE: PREFERENCE_MESSAGES.saved,
  EVENTS_FILTERING_PREFERENCE: PREFERENCE_MESSAGES.saved,
  NOTIFICATION_SCHEDULE_PREFERENCE: PREFERENCE_MESSAGES.scheduleSaved,
  MY_METRICS_PREFERENCE: PREFERENCE_MESSAGES.metricsSaved,
};

/** PUT preferences: one preference by name, its value validated by that name's schema. */
export async function updatePreference({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    preference_name: string;
    preference_value: unknown;
    is_active: boolean;
    assignee?: string | undefined;
  };
}): Promise<z.input<typeof PreferenceAnswerSchema>> {
  const name = nameOrThrow(input.preference_name);
  assertOwnAssignee(ctx, input.assignee);
  const value = parseValue(name, input.preference_value);
  if (name === 'MY_METRICS_PREFERENCE') await assertOwnMetrics(ctx, (value as { kpis: string[] }).kpis);
  if (isWorkspacePreference(name)) {
    await saveEventSetting({
      ctx,
      input: name === 'EVENTS_SAMPLING_PREFERENCE' ? { sampling: value } : { filtering: value },
    });
  } else {
    await repo.saveUserPreference(ctx.db, ctx.tenantId, ctx.user.userId, name, value, input.is_active);
  }
  return { success: true, message: SAVED_MESSAGE[name], data: await readPreference(ctx, name) };
}

async function assertOwnMetrics(ctx: TenantContext, kpis: string[]): Promise<void> {
  for (const [i, kpi] of kpis.entries()) {
    try {
      await getMetricOrThrow({ ctx, id: Number(kpi) });
    } catch {
      throw new AppError(
        'bad_request',
        PREFERENCE_MESSAGES.invalidValue(`kpis.${i}`, PREFERENCE_MESSAGES.metricUnknown),
      );
    }
  }
}
