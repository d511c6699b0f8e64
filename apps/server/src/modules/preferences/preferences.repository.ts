import type { Queryable } from '../../db/client';

export type UserPreferenceName = 'NOTIFICATION_SCHEDULE_PREFERENCE' | 'MY_METRICS_PREFERENCE';

export async function findUserPreference(
  db: Queryable,
  tenantId: number,
  userId: number,
  name: UserPreferenceName,
): Promise<{ preference_value: unknown; is_active: boolean } | undefined> {
  const [row] = await db.query<{ preference_value: unknown; is_active: boolean }>(
    `select preference_value, is_active from user_preferences
     where tenant_id = $1 and user_id = $2 and preference_name = $3`,
    [tenantId, userId, name],
  );
  return row;
}

export async function saveUserPreference(
  db: Queryable,
  tenantId: number,
  userId: number,
  name: UserPreferenceName,
  value: unknown,
  isActive: boolean,
): Promise<void> {
  await db.query(
    `insert into user_preferences (tenant_id, user_id, preference_name, preference_value, is_active)
     values ($1, $2, $3, $4::jsonb, $5)
     on conflict (tenant_id, user_id, preference_name) do update
       set preference_value = excluded.preference_value, is_active = excluded.is_active, updated_at = excluded.updated_at`,
    [tenantId, userId, name, JSON.stringify(value), isActive],
  );
}

export interface SlackInstallationRow {
  team_id: string;
  team_name: string | null;
  bot_user_id: string | null;
  bot_token: Buffer;
  channel_id: string | null;
  channel_name: string | null;
}

export async function findSlackInstallation(
  db: Queryable,
  tenantId: number,
): Promise<SlackInstallationRow | undefined> {
  const [row] = await db.query<SlackInstallationRow>(
    `select team_id, team_name, bot_user_id, bot_token, channel_id, channel_name
       from slack_installations where tenant_id = $1`,
    [tenantId],
  );
  return row;
}

export async function saveSlackInstallation(
  db: Queryable,
  tenantId: number,
  install: {
    teamId: string;
    teamName: string | null;
    botUserId: string | null;
    botToken: Buffer;
    scope: string | null;
    installedBy: number;
    channelId?: string | null;
    channelName?: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into slack_installations (tenant_id, team_id, team_name, bot_user_id, bot_token, scope, installed_by,
       channel_id, channel_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (tenant_id) do update set team_id = excluded.team_id, team_name = excluded.team_name,
       bot_user_id = excluded.bot_user_id, bot_token = excluded.bot_token, scope = excluded.scope,
       installed_by = excluded.installed_by, installed_at = excluded.installed_at, channel_id = excluded.channel_id,
       channel_name = excluded.channel_name`,
    [
      tenantId,
      install.teamId,
      install.teamName,
      install.botUserId,
      install.botToken,
      install.scope,
      install.installedBy,
      install.channelId ?? null,
      install.channelName ?? null,
    ],
  );
  // A new connection supersedes the note left when the old token was revoked.
  await db.query('delete from slack_notes where tenant_id = $1', [tenantId]);
}

/** Why Slack was turned off (a revoked token), kept until Slack is connected again. */
export async function findSlackNote(db: Queryable, tenantId: number): Promise<string | null> {
  const [row] = await db.query<{ reason: string }>('select reason from slack_notes where tenant_id = $1', [
    tenantId,
  ]);
  return row?.reason ?? null;
}
