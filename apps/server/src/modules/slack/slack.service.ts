import {
  SLACK_ACTION_IDS,
  SLACK_ALERT_MESSAGES,
  SLACK_SNOOZES,
  type Severity,
  type SlackSnooze,
  type TeamState,
} from '@tidemark/contract';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { BaseContext, DbContext, TenantContext } from '../../plugins/context';
import { alertBlocks, alertText, type SlackAlert, type SlackAlertState, type SlackItemKind } from './blocks';
import * as repo from './slack.repository';
import { verifySlackSignature } from './signature';
import { isDeadToken, slackClient, slackErrorOf } from './slack-client';

/**
 * What a pressed button does in Tidemark. The verbs belong to modules that alert through Slack (insights,
 * notifications), so the app hands them in: Slack stays below them and the modules form no cycle.
 */
export interface SlackActions {
  /** The insight group's status (Open, Resolved, Flagged); throws AppError 'not_found' for a gone group. */
  groupStatus(ctx: TenantContext, groupId: string): Promise<string>;
  moveTeamState(
    ctx: TenantContext,
    input: { old_state: TeamState; current_state: TeamState; groups: string[]; via: 'slack' },
  ): Promise<unknown>;
  /** Pauses the member's own alerts about the item; answers until when. */
  snooze(
    ctx: TenantContext,
    input: { target_type: SlackItemKind; target_id: string; duration: SlackSnooze },
  ): Promise<Date>;
}

/** A delivery that failed; `permanent` when retrying cannot help (no connection, revoked token, no channel). */
export class SlackDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SlackDeliveryError';
  }
}

// Slack answers these for a channel the bot cannot post to; retrying will not change that.
const CHANNEL_ERRORS = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'restricted_action']);

const SEVERITY_RANK: Record<Severity, number> = { Low: 1, Medium: 2, High: 3 };
const rank = (s: Severity | null) => (s ? SEVERITY_RANK[s] : 0);

async function connection(ctx: BaseContext, tenantId: number) {
  const install = await repo.findInstallation(ctx.db, tenantId);
  if (!install || !ctx.sealer) return null;
  return { install, token: ctx.sealer.open(install.bot_token) };
}

/** Turns Slack off for the workspace when its token is dead; answers whether it was. */
async function handleDeadToken(ctx: BaseContext, tenantId: number, error: unknown): Promise<boolean> {
  const reason = isDeadToken(error);
  if (!reason) return false;
  ctx.log.warn({ tenantId, reason }, 'Slack token no longer accepted: Slack alerts turned off');
  await ctx.db.transaction((tx) => repo.turnOffSlack(tx, tenantId, reason));
  return true;
}

/**
 * Posts an item's alert to the workspace's chosen channel, once per item whichever member's subscription sends
 * it: a later delivery of the same item posts nothing, unless it escalated, which edits the message and says so
 * in its thread (not while someone snoozed it from Slack). Answers the message's ts.
 */
export async function postSlackAlert({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { tenantId: number; alert: SlackAlert };
}): Promise<{ ts: string }> {
  const { tenantId, alert } = input;
  const conn = await connection(ctx, tenantId);
  if (!conn) throw new SlackDeliveryError('Slack is not connected for this workspace', true);
  const channel = conn.install.channel_id;
  if (!channel) throw new SlackDeliveryError(SLACK_ALERT_MESSAGES.noChannel, true);
  const client = slackClient(ctx.config, conn.token);
  try {
    const existing = await repo.findMessage(ctx.db, tenantId, alert.kind, alert.item_id);
    if (existing) {
      const snoozed = existing.snoozed_until && existing.snoozed_until.getTime() > Date.now();
      if (snoozed || rank(alert.severity) <= rank(existing.alert.severity)) return { ts: existing.ts };
      await client.chat.update({
        channel: existing.channel_id,
        ts: existing.ts,
        text: alertText(alert),
        blocks: alertBlocks(alert, stateOf(existing)),
      });
      await client.chat.postMessage({
        channel: existing.channel_id,
        thread_ts: existing.ts,
        text: `Escalated to ${alert.severity ?? 'a higher severity'}: ${alertText(alert)}`,
      });
      await repo.updateMessageAlert(ctx.db, tenantId, alert);
      return { ts: existing.ts };
    }
    const posted = await client.chat.postMessage({
      channel,
      text: alertText(alert),
      blocks: alertBlocks(alert),
    });
    if (!posted.ts) throw new SlackDeliveryError('Slack did not answer a message ts', false);
    await repo.saveMessage(ctx.db, {
      tenantId,
      kind: alert.kind,
      itemId: alert.item_id,
      channelId: channel,
      ts: posted.ts,
      alert,
    });
    return { ts: posted.ts };
  } catch (error) {
    if (error instanceof SlackDeliveryError) throw error;
    if (await handleDeadToken(ctx, tenantId, error)) {
      throw new SlackDeliveryError(SLACK_ALERT_MESSAGES.revokedNote(isDeadToken(error) ?? 'revoked'), true);
    }
    const code = slackErrorOf(error);
    throw new SlackDeliveryError(
      code ? `Slack answered ${code}` : String(error),
      code !== null && CHANNEL_ERRORS.has(code),
    );
  }
}

const stateOf = (row: repo.MessageRow): SlackAlertState => ({
  state: row.state,
  snoozed_until: row.snoozed_until,
  note: row.changed_by,
});

/* ---------- Interactivity: a button pressed on an alert ---------- */

const ActionSchema = z.object({
  action_id: z.string().max(255),
  value: z.string().max(2000).optional(),
  selected_option: z.object({ value: z.string().max(2000) }).optional(),
});
const PayloadSchema = z.object({
  type: z.string().max(64),
  team: z.object({ id: z.string().max(64) }).nullish(),
  user: z.object({ id: z.string().max(64) }),
  container: z
    .object({ message_ts: z.string().max(64), channel_id: z.string().max(64) })
    .partial()
    .optional(),
  channel: z.object({ id: z.string().max(64) }).optional(),
  message: z.object({ ts: z.string().max(64) }).optional(),
  actions: z.array(ActionSchema).max(5).default([]),
});
type Payload = z.infer<typeof PayloadSchema>;

const VALUE = /^(insight_group|event_group):(\d{1,18})(?::(1h|1d|1w))?$/;

/**
 * POST slack/interactions: checks Slack's signature first (401 and nothing read otherwise), then applies the
 * pressed button in Tidemark as the member the Slack user is, edits the alert to its new state and says what
 * happened in the alert's thread. Slack only needs a 200; what went wrong is told to the user in Slack.
 */
export async function handleSlackInteraction({
  ctx,
  input,
  actions,
}: {
  ctx: BaseContext;
  input: { body: string | undefined; timestamp: string | undefined; signature: string | undefined };
  actions: SlackActions;
}): Promise<void> {
  const secret = ctx.config.slackSigningSecret;
  const body = input.body ?? '';
  if (
    !secret ||
    !verifySlackSignature({ secret, timestamp: input.timestamp, signature: input.signature, body })
  ) {
    throw new AppError('unauthorized', 'The Slack request signature is missing, wrong or too old.');
  }
  let payload: Payload;
  try {
    payload = PayloadSchema.parse(JSON.parse(new URLSearchParams(body).get('payload') ?? ''));
  } catch {
    throw new AppError('bad_request', 'The Slack request has no block_actions payload Tidemark can read.');
  }
  const action = payload.actions[0];
  if (payload.type !== 'block_actions' || !action || action.action_id === SLACK_ACTION_IDS.open) return;
  const match = VALUE.exec(action.selected_option?.value ?? action.value ?? '');
  const channelId = payload.container?.channel_id ?? payload.channel?.id;
  const ts = payload.container?.message_ts ?? payload.message?.ts;
  if (!match || !channelId || !ts) return;
  const [, kind, itemId, snooze] = match as unknown as [string, SlackItemKind, string, string | undefined];

  // The message must be one Tidemark posted about this very item, from the Slack team it is connected to.
  const message = await repo.findMessageByTs(ctx.db, channelId, ts);
  if (!message || message.item_kind !== kind || message.item_id !== itemId) return;
  const conn = await connection(ctx, message.tenant_id);
  if (!conn || (payload.team?.id && payload.team.id !== conn.install.team_id)) return;
  const client = slackClient(ctx.config, conn.token);

  try {
    const member = await memberFor(ctx, client, message.tenant_id, payload.user.id);
    if (!member) {
      await client.chat.postEphemeral({
        channel: channelId,
        user: payload.user.id,
        text: SLACK_ALERT_MESSAGES.unknownUser,
      });
      return;
    }
    const outcome = await applyAction(ctx, actions, message, member, action.action_id, snooze);
    if (!outcome) return;
    if (outcome.changed) {
      await client.chat.update({
        channel: message.channel_id,
        ts: message.ts,
        text: alertText(message.alert),
        blocks: alertBlocks(message.alert, outcome.state),
      });
    }
    await client.chat.postMessage({
      channel: message.channel_id,
      thread_ts: message.ts,
      text: outcome.followUp,
    });
  } catch (error) {
    if (await handleDeadToken(ctx, message.tenant_id, error)) return;
    if (error instanceof AppError && error.code === 'not_found') {
      await client.chat
        .postEphemeral({ channel: channelId, user: payload.user.id, text: SLACK_ALERT_MESSAGES.gone })
        .catch(() => undefined);
      return;
    }
    ctx.log.error({ err: error, tenantId: message.tenant_id }, 'Slack action not applied');
    await client.chat
      .postEphemeral({ channel: channelId, user: payload.user.id, text: SLACK_ALERT_MESSAGES.failed })
      .catch(() => undefined);
  }
}

/** The member of the workspace this Slack user is: remembered, or matched by their Slack profile's e-mail. */
async function memberFor(
  ctx: BaseContext,
  client: ReturnType<typeof slackClient>,
  tenantId: number,
  slackUserId: string,
): Promise<repo.MemberRow | null> {
  const linked = await repo.findLinkedMember(ctx.db, tenantId, slackUserId);
  if (linked) return linked;
  const info = await client.users.info({ user: slackUserId });
  const email = info.user?.profile?.email;
  if (!email || info.user?.deleted) return null;
  const member = await repo.findMemberByEmail(ctx.db, tenantId, email);
  if (!member) return null;
  await repo.linkMember(ctx.db, tenantId, slackUserId, member.user_id);
  return member;
}

/** The member's own context in the alert's workspace, so verbs record them as the one who acted. */
function actingAs(ctx: BaseContext, tenantId: number, member: repo.MemberRow): TenantContext {
  return {
    ...ctx,
    user: {
      userId: member.user_id,
      userUuid: member.user_uuid,
      email: member.email,
      tenantId: member.tenant_id,
      isOperator: false,
      sessionHash: '',
      membership: { tenantId, member: true },
    },
    tenantId,
    isDemo: false,
  };
}

const teamStateOf = (groupStatus: string): TeamState =>
  groupStatus === 'Resolved' || groupStatus === 'Flagged' ? groupStatus : 'Open';

async function applyAction(
  ctx: BaseContext,
  actions: SlackActions,
  message: repo.MessageRow,
  member: repo.MemberRow,
  actionId: string,
  snooze: string | undefined,
): Promise<{ changed: boolean; state: SlackAlertState; followUp: string } | null> {
  const actor = actingAs(ctx, message.tenant_id, member);
  const who = member.name;
  const base = {
    tenantId: message.tenant_id,
    kind: message.item_kind,
    itemId: message.item_id,
    changedBy: '',
  };

  if (actionId === SLACK_ACTION_IDS.snooze) {
    const length = SLACK_SNOOZES.find((s) => s.id === snooze);
    if (!length) return null;
    // The member's own alerts about the item pause on every channel; the Slack message waits with them.
    const until = await actions.snooze(actor, {
      target_type: message.item_kind,
      target_id: message.item_id,
      duration: length.id,
    });
    const followUp = SLACK_ALERT_MESSAGES.snoozedBy(
      who,
      length.label,
      `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    await repo.updateMessageState(ctx.db, {
      ...base,
      state: message.state,
      snoozedUntil: until,
      changedBy: followUp,
    });
    return { changed: true, state: { state: message.state, snoozed_until: until, note: followUp }, followUp };
  }

  const target: TeamState | null =
    actionId === SLACK_ACTION_IDS.resolve
      ? 'Resolved'
      : actionId === SLACK_ACTION_IDS.flag
        ? 'Flagged'
        : null;
  if (!target || message.item_kind !== 'insight_group') return null;
  const current = teamStateOf(await actions.groupStatus(actor, message.item_id));
  if (current === target) {
    const followUp =
      target === 'Resolved'
        ? SLACK_ALERT_MESSAGES.alreadyResolved(who)
        : SLACK_ALERT_MESSAGES.alreadyFlagged(who);
    return { changed: false, state: stateOf(message), followUp };
  }
  await actions.moveTeamState(actor, {
    old_state: current,
    current_state: target,
    groups: [message.item_id],
    via: 'slack',
  });
  const followUp =
    target === 'Resolved' ? SLACK_ALERT_MESSAGES.resolvedBy(who) : SLACK_ALERT_MESSAGES.flaggedBy(who);
  await repo.updateMessageState(ctx.db, {
    ...base,
    state: target,
    snoozedUntil: message.snoozed_until,
    changedBy: followUp,
  });
  return {
    changed: true,
    state: { state: target, snoozed_until: message.snoozed_until, note: followUp },
    followUp,
  };
}

/** Whether the workspace has Slack installed with a channel chosen, so an alert can be posted. */
export async function isSlackReachable({
  ctx,
  input,
}: {
  ctx: DbContext;
  input: { tenantId: number };
}): Promise<boolean> {
  return repo.isSlackReachable(ctx.db, input.tenantId);
}
