import type { TeamState } from '@tidemark/contract';
import type { Queryable } from '../../db/client';
import type { SlackAlert, SlackItemKind } from './blocks';

export interface InstallationRow {
  team_id: string;
  bot_token: Buffer;
  channel_id: string | null;
}

export async function findInstallation(
  db: Queryable,
  tenantId: number,
): Promise<InstallationRow | undefined> {
  const [row] = await db.query<InstallationRow>(
    'select team_id, bot_token, channel_id from slack_installations where tenant_id = $1',
    [tenantId],
  );
  return row;
}

export interface MessageRow {
  tenant_id: number;
  item_kind: SlackItemKind;
  item_id: string;
  channel_id: string;
  ts: string;
  alert: SlackAlert;
  state: TeamState;
  snoozed_until: Date | null;
  changed_by: string | null;
}

const MESSAGE_COLUMNS =
  'tenant_id::int, item_kind, item_id::text, channel_id, ts, alert, state, snoozed_until, changed_by';

export async function findMessage(
  db: Queryable,
  tenantId: number,
  kind: SlackItemKind,
  itemId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from slack_messages where tenant_id = $1 and item_kind = $2 and item_id = $3`,
    [tenantId, kind, itemId],
  );
  return row;
}

export async function findMessageByTs(
  db: Queryable,
  channelId: string,
  ts: string,
): Promise<MessageRow | undefined> {
  const [row] = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from slack_messages where channel_id = $1 and ts = $2`,
    [channelId, ts],
  );
  return row;
}

/** Answers false when another delivery recorded a message for the item first (that one is kept). */
export async function saveMessage(
  db: Queryable,
  input: {
    tenantId: number;
    kind: SlackItemKind;
    itemId: string;
    channelId: string;
    ts: string;
    alert: SlackAlert;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into slack_messages (tenant_id, item_kind, item_id, channel_id, ts, alert)
     values ($1, $2, $3, $4, $5, $6) on conflict (tenant_id, item_kind, item_id) do nothing returning 1`,
    [input.tenantId, input.kind, input.itemId, input.channelId, input.ts, input.alert],
  );
  return rows.length === 1;
}

export async function updateMessageState(
  db: Queryable,
  input: {
    tenantId: number;
    kind: SlackItemKind;
    itemId: string;
    state: TeamState;
    snoozedUntil: Date | null;
    changedBy: string;
  },
): Promise<void> {
  await db.query(
    `update slack_messages set state = $4, snoozed_until = $5, changed_by = $6, updated_at = now()
      where tenant_id = $1 and item_kind = $2 and item_id = $3`,
    [input.tenantId, input.kind, input.itemId, input.state, input.snoozedUntil, input.changedBy],
  );
}

export interface MemberRow {
  user_id: number;
  user_uuid: string;
  email: string;
  tenant_id: number;
  name: string;
}

const MEMBER_COLUMNS = `u.user_id::int, u.user_uuid::text, u.email, u.tenant_id::int,
  coalesce(nullif(trim(concat_ws(' ', u.given_name, u.family_name)), ''), u.email) as name`;

/** The member a Slack user was matched to before, while they are still a member. */
export async function findLinkedMember(
  db: Queryable,
  tenantId: number,
  slackUserId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from slack_user_links l
       join users u on u.user_id = l.user_id
       join memberships m on m.tenant_id = l.tenant_id and m.user_id = u.user_id
      where l.tenant_id = $1 and l.slack_user_id = $2`,
    [tenantId, slackUserId],
  );
  return row;
}

export async function findMemberByEmail(
  db: Queryable,
  tenantId: number,
  email: string,
): Promise<MemberRow | undefined> {
  const [row] = await db.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from users u
       join memberships m on m.user_id = u.user_id and m.tenant_id = $1
      where u.email = lower($2)`,
    [tenantId, email],
  );
  return row;
}

export async function linkMember(
  db: Queryable,
  tenantId: number,
  slackUserId: string,
  userId: number,
): Promise<void> {
  await db.query(
    `insert into slack_user_links (tenant_id, slack_user_id, user_id) values ($1, $2, $3)
     on conflict (tenant_id, slack_user_id) do update set user_id = excluded.user_id, created_at = excluded.created_at`,
    [tenantId, slackUserId, userId],
  );
}

/**
 * A token Slack will never accept again: the installation goes, every member's Slack alerts are turned off,
 * and the reason stays for the settings screen until Slack is connected again.
 */
export async function turnOffSlack(db: Queryable, tenantId: number, reason: string): Promise<void> {
  await db.query('delete from slack_installations where tenant_id = $1', [tenantId]);
  await db.query(
    'update user_subscriptions set slack_active = false, updated_at = now() where tenant_id = $1',
    [tenantId],
  );
  await db.query(
    `insert into slack_notes (tenant_id, reason) values ($1, $2)
     on conflict (tenant_id) do update set reason = excluded.reason, created_at = excluded.created_at`,
    [tenantId, reason],
  );
}

/** Slack alerts can go out: connected, with a channel picked (asked inside the pipeline's transaction). */
export async function isSlackReachable(db: Queryable, tenantId: number): Promise<boolean> {
  const rows = await db.query(
    'select 1 from slack_installations where tenant_id = $1 and channel_id is not null',
    [tenantId],
  );
  return rows.length === 1;
}

/** The alert a posted message now shows (after an escalation in its thread). */
export async function updateMessageAlert(db: Queryable, tenantId: number, alert: SlackAlert): Promise<void> {
  await db.query(
    'update slack_messages set alert = $4, updated_at = now() where tenant_id = $1 and item_kind = $2 and item_id = $3',
    [tenantId, alert.kind, alert.item_id, alert],
  );
}
