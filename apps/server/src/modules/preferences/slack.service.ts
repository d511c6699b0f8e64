import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WebClient } from '@slack/web-api';
import { SLACK_ALERT_MESSAGES, SLACK_BOT_SCOPES, setupNotice, type SlackResult } from '@tidemark/contract';
import type { z } from 'zod';
import type { SlackStatusSchema } from '@tidemark/contract';
import type { BaseContext, SessionContext } from '../../plugins/context';
import * as repo from './preferences.repository';

const AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';
const STATE_TTL_MS = 10 * 60_000;
/** Where the user lands after Slack: the alert settings, with the outcome for the screen to say. */
export const slackReturnPath = (result: SlackResult) =>
  `/preferences?tab=notifications&sub_tab=event-alerts&slack=${result}`;

const callbackUrl = (ctx: BaseContext) => `${ctx.config.publicUrl}/v1/auth/slack/callback`;

/**
 * The OAuth state ties the callback to the session and workspace that started it, without storing anything:
 * nonce, expiry and workspace signed with the server secret and the session.
 */
function signState(secret: string, sessionHash: string, payload: string): string {
  return createHmac('sha256', secret).update(`slack|${sessionHash}|${payload}`).digest('base64url');
}

export function makeSlackState(secret: string, ctx: SessionContext, now = Date.now()): string {
  const payload = `${ctx.user.tenantId}.${now + STATE_TTL_MS}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${signState(secret, ctx.user.sessionHash, payload)}`;
}

function readSlackState(secret: string, ctx: SessionContext, state: string, now = Date.now()): number | null {
  const parts = state.split('.');
  if (parts.length !== 4) return null;
  const payload = parts.slice(0, 3).join('.');
  const expected = Buffer.from(signState(secret, ctx.user.sessionHash, payload));
  const given = Buffer.from(parts[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(parts[1]) < now) return null;
  const tenantId = Number(parts[0]);
  return tenantId === ctx.user.tenantId ? tenantId : null;
}

/** GET auth/slack: Slack's consent page for the user's workspace, or back to settings when not configured. */
export function startSlackInstall({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { secret: string };
}): string {
  const slack = ctx.config.slack;
  if (!slack) return slackReturnPath('not_configured');
  const query = new URLSearchParams({
    client_id: slack.clientId,
    scope: SLACK_BOT_SCOPES.join(','),
    redirect_uri: callbackUrl(ctx),
    state: makeSlackState(input.secret, ctx),
  });
  return `${AUTHORIZE_URL}?${query.toString()}`;
}

/**
 * GET auth/slack/callback: exchanges the code with oauth.v2.access through Slack's own client and keeps the
 * bot token sealed. Answers the in-app path to go back to.
 */
export async function finishSlackInstall({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: {
    secret: string;
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
  };
}): Promise<string> {
  const slack = ctx.config.slack;
  if (!slack || !ctx.sealer) return slackReturnPath('not_configured');
  if (input.error) return slackReturnPath('denied');
  const tenantId = input.state ? readSlackState(input.secret, ctx, input.state) : null;
  if (tenantId === null || !input.code) return slackReturnPath('failed');
  try {
    const client = new WebClient(undefined, {
      ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
      retryConfig: { retries: 0 },
    });
    const grant = await client.oauth.v2.access({
      client_id: slack.clientId,
      client_secret: slack.clientSecret,
      code: input.code,
      redirect_uri: callbackUrl(ctx),
    });
    if (!grant.access_token || !grant.team?.id) return slackReturnPath('failed');
    await repo.saveSlackInstallation(ctx.db, tenantId, {
      teamId: grant.team.id,
      teamName: grant.team.name ?? null,
      botUserId: grant.bot_user_id ?? null,
      botToken: ctx.sealer.seal(grant.access_token),
      scope: grant.scope ?? null,
      installedBy: ctx.user.userId,
      // The channel picked on the consent screen (incoming-webhook scope) is where alerts are posted.
      channelId: grant.incoming_webhook?.channel_id ?? null,
      channelName: grant.incoming_webhook?.channel ?? null,
    });
    return slackReturnPath('connected');
  } catch (error) {
    ctx.log.warn({ err: error }, 'Slack install did not complete');
    return slackReturnPath('failed');
  }
}

/** Whether Slack can be connected here, and whether the workspace is. */
export async function slackStatus({
  ctx,
  input,
}: {
  ctx: BaseContext;
  /** `operator`: the viewer is an operator, told which setting is missing. */
  input: { tenantId: number; operator: boolean };
}): Promise<z.infer<typeof SlackStatusSchema>> {
  const [install, note] = await Promise.all([
    repo.findSlackInstallation(ctx.db, input.tenantId),
    repo.findSlackNote(ctx.db, input.tenantId),
  ]);
  const configured = ctx.config.slack !== undefined && ctx.sealer !== null;
  return {
    configured,
    setup_notice: configured ? null : setupNotice('slack', input.operator),
    connected: install !== undefined,
    team_name: install?.team_name ?? null,
    channel_name: install?.channel_name ?? null,
    note: install ? null : note && SLACK_ALERT_MESSAGES.revokedNote(note),
  };
}

/** The workspace's bot token, opened, for the notifications that post to Slack (issue 13). */
export async function slackBotToken({
  ctx,
  input,
}: {
  ctx: BaseContext;
  input: { tenantId: number };
}): Promise<string | null> {
  const install = await repo.findSlackInstallation(ctx.db, input.tenantId);
  return install && ctx.sealer ? ctx.sealer.open(install.bot_token) : null;
}
