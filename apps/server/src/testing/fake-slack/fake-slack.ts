import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson } from '../fake-shopify/http';

const JSON_FIELDS = new Set(['blocks', 'attachments', 'metadata']);

export interface FakeSlackUser {
  id: string;
  email: string | null;
  realName: string;
  deleted?: boolean;
}

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  threadTs: string | null;
  /** Every version the message had, oldest first (chat.update adds one). */
  edits: Array<{ text: string; blocks: unknown[] }>;
}

export interface FakeSlackCall {
  method: string;
  token: string | null;
  args: Record<string, unknown>;
}

export interface FakeSlack {
  /** Base URL for `@slack/web-api`'s `slackApiUrl` (ends with `/api/`). */
  apiUrl: string;
  calls: FakeSlackCall[];
  /** Posted messages by ts, replies included. */
  messages: Map<string, FakeSlackMessage>;
  ephemerals: Array<{ channel: string; user: string; text: string }>;
  users: Map<string, FakeSlackUser>;
  /** The bot token oauth.v2.access hands out and every other method expects. */
  token: string;
  /** Channels the bot can post to; others answer channel_not_found. */
  channels: Set<string>;
  /** Makes every call with the bot token fail with this error (e.g. token_revoked); null answers again. */
  failWith(error: string | null): void;
  close(): Promise<void>;
}

export interface FakeSlackOptions {
  teamId?: string;
  teamName?: string;
  channel?: { id: string; name: string };
  token?: string;
}

/**
 * A local server answering like Slack's Web API for the methods Tidemark calls: oauth.v2.access (with the
 * incoming-webhook channel picked), chat.postMessage, chat.update, chat.postEphemeral, users.info and auth.test.
 * Requests are form-encoded or JSON, as `@slack/web-api` sends them; answers are Slack's `{ ok, … }` JSON.
 */
export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const teamId = options.teamId ?? 'T0TIDEMARK';
  const teamName = options.teamName ?? 'Acme Slack';
  const channel = options.channel ?? { id: 'C0ALERTS', name: '#alerts' };
  const token = options.token ?? 'xoxb-fake-bot-token';
  let failure: string | null = null;
  let clock = 1_700_000_000;
  let counter = 0;
  const nextTs = () => `${clock++}.${String(++counter).padStart(6, '0')}`;

  const fake: Omit<FakeSlack, 'apiUrl' | 'close'> = {
    calls: [],
    messages: new Map(),
    ephemerals: [],
    users: new Map(),
    token,
    channels: new Set([channel.id]),
    failWith: (error) => {
      failure = error;
    },
  };

  async function argsOf(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = await readBody(req);
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    }
    const args: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(raw)) {
      // The client sends arrays and objects (blocks) as JSON text inside the form; text may start with '[' too.
      args[key] = JSON_FIELDS.has(key) ? (JSON.parse(value) as unknown) : value;
    }
    return args;
  }

  function answer(method: string, args: Record<string, unknown>, auth: string | null): object {
    if (method === 'oauth.v2.access') {
      if (args.code !== 'good-code') return { ok: false, error: 'invalid_code' };
      return {
        ok: true,
        access_token: token,
        token_type: 'bot',
        scope: 'chat:write,im:write,users:read,users:read.email,incoming-webhook,chat:write.public',
        bot_user_id: 'U0BOT',
        app_id: 'A0APP',
        team: { id: teamId, name: teamName },
        incoming_webhook: {
          channel: channel.name,
          channel_id: channel.id,
          configuration_url: `https://${teamId}.slack.test/services/B0HOOK`,
          url: `https://hooks.slack.test/services/${teamId}/B0HOOK/x`,
        },
      };
    }
    if (!auth) return { ok: false, error: 'not_authed' };
    if (failure) return { ok: false, error: failure };
    if (auth !== token) return { ok: false, error: 'invalid_auth' };
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: `https://${teamId}.slack.test/`,
          team: teamName,
          team_id: teamId,
          user_id: 'U0BOT',
        };
      case 'users.info': {
        const user = fake.users.get(String(args.user));
        if (!user) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: user.id,
            team_id: teamId,
            deleted: user.deleted ?? false,
            real_name: user.realName,
            profile: { real_name: user.realName, ...(user.email ? { email: user.email } : {}) },
          },
        };
      }
      case 'chat.postMessage': {
        const to = String(args.channel ?? '');
        if (!fake.channels.has(to)) return { ok: false, error: 'channel_not_found' };
        if (!args.text && !args.blocks) return { ok: false, error: 'no_text' };
        const ts = nextTs();
        const text = String(args.text ?? '');
        const blocks = (args.blocks as unknown[] | undefined) ?? [];
        const threadTs = typeof args.thread_ts === 'string' ? args.thread_ts : null;
        if (threadTs && !fake.messages.has(threadTs)) return { ok: false, error: 'thread_not_found' };
        fake.messages.set(ts, { channel: to, ts, text, blocks, threadTs, edits: [{ text, blocks }] });
        return { ok: true, channel: to, ts, message: { type: 'message', text, ts, bot_id: 'B0BOT' } };
      }
      case 'chat.update': {
        const message = fake.messages.get(String(args.ts));
        if (!message || message.channel !== args.channel) return { ok: false, error: 'message_not_found' };
        message.text = String(args.text ?? message.text);
        message.blocks = (args.blocks as unknown[] | undefined) ?? message.blocks;
        message.edits.push({ text: message.text, blocks: message.blocks });
        return { ok: true, channel: message.channel, ts: message.ts, text: message.text };
      }
      case 'chat.postEphemeral': {
        const to = String(args.channel ?? '');
        if (!fake.channels.has(to)) return { ok: false, error: 'channel_not_found' };
        fake.ephemerals.push({ channel: to, user: String(args.user), text: String(args.text ?? '') });
        return { ok: true, message_ts: nextTs() };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0] ?? '';
      const header = req.headers.authorization;
      const args = await argsOf(req);
      const auth = header?.startsWith('Bearer ')
        ? header.slice(7)
        : typeof args.token === 'string'
          ? args.token
          : null;
      fake.calls.push({ method, token: auth, args });
      sendJson(res, 200, answer(method, args, auth));
    })().catch((error: unknown) => sendJson(res, 500, { ok: false, error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ...fake,
    apiUrl: `http://127.0.0.1:${port}/api/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs a request body the way Slack signs interactivity requests (v0, HMAC-SHA256). */
export function signSlackRequest(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): { 'x-slack-request-timestamp': string; 'x-slack-signature': string } {
  const signature = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': `v0=${signature}` };
}

/** The form body Slack posts when someone presses a button on a message. */
export function blockActionBody(input: {
  teamId: string;
  userId: string;
  channel: string;
  messageTs: string;
  actionId: string;
  /** A button's value, or the chosen option's value of a select menu. */
  value: string;
  select?: boolean;
}): string {
  const action = input.select
    ? {
        type: 'static_select',
        action_id: input.actionId,
        block_id: 'actions',
        selected_option: { text: { type: 'plain_text', text: input.value }, value: input.value },
      }
    : { type: 'button', action_id: input.actionId, block_id: 'actions', value: input.value };
  const payload = {
    type: 'block_actions',
    team: { id: input.teamId, domain: 'acme' },
    user: { id: input.userId, username: 'someone', team_id: input.teamId },
    api_app_id: 'A0APP',
    container: {
      type: 'message',
      message_ts: input.messageTs,
      channel_id: input.channel,
      is_ephemeral: false,
    },
    channel: { id: input.channel, name: 'alerts' },
    message: { type: 'message', ts: input.messageTs, text: '' },
    response_url: 'https://hooks.slack.test/actions/T0/1/x',
    trigger_id: '1.2.3',
    actions: [{ ...action, action_ts: '1700000000.000001' }],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}
