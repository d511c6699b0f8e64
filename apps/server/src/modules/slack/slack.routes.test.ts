import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_ACTION_IDS, SLACK_ALERT_MESSAGES } from '@tidemark/contract';
import {
  actorFor,
  buildTestApp,
  contextOf,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { blockActionBody, signSlackRequest, startFakeSlack, type FakeSlack } from '../../testing/fake-slack';
import { addMember } from '../tenants';
import { channelSender, PermanentSendError, type Notification } from '../notifications';
import { verifySlackSignature } from './signature';

const SECRET = 'slack-signing-secret-for-tests';

describe('Slack alerts and their buttons', () => {
  let slack: FakeSlack;
  let t: TestApp;
  let owner: Actor;
  let teammate: Actor;
  let tenantId: number;
  let notificationSeq = 0;

  beforeAll(async () => {
    slack = await startFakeSlack();
    t = await buildTestApp({
      config: {
        slack: { clientId: 'cid.1', clientSecret: 'shh', apiUrl: slack.apiUrl },
        slackSigningSecret: SECRET,
      },
    });
    const ws = await createWorkspace(t);
    owner = ws.owner;
    tenantId = ws.tenant.tenant_id;
    // A second member, who will press the buttons from Slack.
    const [mate] = await t.db.query<{ user_id: number }>(
      `insert into users (email, login_id, given_name, family_name, tenant_id)
       values ($1, $1, 'Ada', 'Lovelace', $2) returning user_id::int`,
      [`ada-${tenantId}@shop.test`, tenantId],
    );
    await addMember({ ctx: t, input: { tenantId, userId: mate!.user_id, role: 'member' } });
    teammate = await actorFor(t, mate!.user_id);
    slack.users.set('U_ADA', { id: 'U_ADA', email: teammate.email, realName: 'Ada Lovelace' });
    slack.users.set('U_STRANGER', {
      id: 'U_STRANGER',
      email: 'someone@elsewhere.test',
      realName: 'Stranger',
    });
    // Add to Slack, as the settings do: the channel picked on the consent screen is kept.
    const start = await t.app.inject({ method: 'GET', url: '/v1/auth/slack', headers: owner.headers });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const back = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/slack/callback?code=good-code&state=${encodeURIComponent(state)}`,
      headers: owner.headers,
    });
    expect(back.headers.location).toContain('slack=connected');
  });
  afterAll(async () => {
    await t.close();
    await slack.close();
  });

  async function newGroup(title = 'Revenue fell 23% in Germany'): Promise<string> {
    const [row] = await t.db.query<{ group_id: string }>(
      `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id, dollar_impact)
       values ($1, 'd', $2, 'High', now() - interval '1 day', now(), 1, -1234) returning group_id::text`,
      [tenantId, { group_title: title, group_summary: 'Revenue was $4,100 against $5,334 expected.' }],
    );
    return row!.group_id;
  }

  const notification = (itemId: string, over: Partial<Notification> = {}): Notification => ({
    id: String(++notificationSeq),
    tenant_id: tenantId,
    user_id: owner.userId,
    channel: 'slack',
    kind: 'insight_group',
    item_id: itemId,
    title: 'Revenue fell 23% in Germany',
    summary: 'Revenue was <4,100> & below the 5,334 expected.',
    severity: 'High',
    expected: 5334,
    actual: 4100,
    dollar_impact: -1234,
    currency: 'USD',
    app_url: `http://localhost:8080/groups/${itemId}`,
    attempt: 1,
    details: {},
    ...over,
  });

  const sender = () => channelSender('slack')!;
  const messageOf = (ts: string) => slack.messages.get(ts)!;
  const threadOf = (ts: string) => [...slack.messages.values()].filter((m) => m.threadTs === ts);

  function press(input: { ts: string; actionId: string; value: string; user?: string; select?: boolean }) {
    const body = blockActionBody({
      teamId: 'T0TIDEMARK',
      userId: input.user ?? 'U_ADA',
      channel: 'C0ALERTS',
      messageTs: input.ts,
      actionId: input.actionId,
      value: input.value,
      ...(input.select ? { select: true } : {}),
    });
    return t.app.inject({
      method: 'POST',
      url: '/v1/slack/interactions',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...signSlackRequest(SECRET, body) },
      payload: body,
    });
  }
  const teamState = async (groupId: string) =>
    (
      await t.db.query<{ team_state: string }>(
        'select team_state from insight_groups where tenant_id = $1 and group_id = $2',
        [tenantId, groupId],
      )
    )[0]!.team_state;

  it('checks signatures: right secret and fresh time only, compared over the exact body', () => {
    const body = 'payload=%7B%7D';
    const now = 1_700_000_000;
    const good = signSlackRequest(SECRET, body, now);
    const check = (over: {
      secret?: string;
      timestamp?: string;
      signature?: string;
      body?: string;
      now?: number;
    }) =>
      verifySlackSignature({
        secret: over.secret ?? SECRET,
        timestamp: over.timestamp ?? good['x-slack-request-timestamp'],
        signature: over.signature ?? good['x-slack-signature'],
        body: over.body ?? body,
        nowSeconds: over.now ?? now,
      });
    expect(check({})).toBe(true);
    expect(check({ secret: 'another' })).toBe(false);
    expect(check({ body: `${body}&x=1` })).toBe(false);
    const sig = good['x-slack-signature'];
    expect(check({ signature: sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0') })).toBe(false);
    expect(check({ signature: sig.slice(3) })).toBe(false);
    expect(check({ now: now + 5 * 60 })).toBe(true);
    expect(check({ now: now + 5 * 60 + 1 })).toBe(false);
    expect(check({ now: now - 301 })).toBe(false);
    expect(check({ timestamp: 'abc' })).toBe(false);
  });

  it('posts one Block Kit alert per item to the chosen channel, with Resolve, Flag, Snooze and Open', async () => {
    const id = await newGroup();
    const sent = await sender().send(contextOf(t), notification(id));
    const message = messageOf(sent.providerMessageId!);
    expect(message.channel).toBe('C0ALERTS');
    expect(message.text).toBe('[High] Revenue fell 23% in Germany (-$1,234)');
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).toContain('&lt;4,100&gt; &amp; below');
    expect(blocks).toContain('*Expected*\\n5.3k');
    const actions = message.blocks.find((b) => (b as { type: string }).type === 'actions') as {
      elements: Array<{ action_id: string; url?: string; options?: Array<{ value: string }> }>;
    };
    expect(actions.elements.map((e) => e.action_id)).toEqual([
      SLACK_ACTION_IDS.resolve,
      SLACK_ACTION_IDS.flag,
      SLACK_ACTION_IDS.snooze,
      SLACK_ACTION_IDS.open,
    ]);
    expect(actions.elements[2]!.options!.map((o) => o.value)).toEqual([
      `insight_group:${id}:1h`,
      `insight_group:${id}:1d`,
      `insight_group:${id}:1w`,
    ]);
    expect(actions.elements[3]!.url).toBe(`http://localhost:8080/groups/${id}`);
    // Another member's delivery of the same item posts nothing new.
    const again = await sender().send(contextOf(t), notification(id, { user_id: teammate.userId }));
    expect(again.providerMessageId).toBe(sent.providerMessageId);
    expect([...slack.messages.values()].filter((m) => m.text.includes('Revenue fell'))).toHaveLength(1);
  });

  it.each([
    { format: 'number', symbol: undefined, expected: 106.6, actual: 358, shown: ['106.6', '358'] },
    { format: 'currency', symbol: '€', expected: 5334, actual: 4100, shown: ['€5.3k', '€4.1k'] },
    { format: 'percentage', symbol: undefined, expected: 3.14, actual: 1.2, shown: ['3.1%', '1.2%'] },
  ])(
    'writes Expected and Actual in the metric format as the app does ($format)',
    async ({ format, symbol, expected, actual, shown }) => {
      const id = await newGroup();
      const details = { type: 'alert', format, ...(symbol ? { currency_symbol: symbol } : {}) };
      const sent = await sender().send(contextOf(t), notification(id, { expected, actual, details }));
      const blocks = JSON.stringify(messageOf(sent.providerMessageId!).blocks);
      expect(blocks).toContain(`*Expected*\\n${shown[0]}`);
      expect(blocks).toContain(`*Actual*\\n${shown[1]}`);
    },
  );

  it('refuses a bad signature or a stale timestamp with 401 and changes nothing', async () => {
    const id = await newGroup();
    const { providerMessageId: ts } = await sender().send(contextOf(t), notification(id));
    const body = blockActionBody({
      teamId: 'T0TIDEMARK',
      userId: 'U_ADA',
      channel: 'C0ALERTS',
      messageTs: ts!,
      actionId: SLACK_ACTION_IDS.resolve,
      value: `insight_group:${id}`,
    });
    const calls = slack.calls.length;
    for (const headers of [
      signSlackRequest('not-the-secret', body),
      signSlackRequest(SECRET, body, Math.floor(Date.now() / 1000) - 6 * 60),
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/slack/interactions',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toMatch(/at .*\.ts/);
    }
    expect(await teamState(id)).toBe('Open');
    expect(slack.calls.length).toBe(calls);
    expect(messageOf(ts!).edits).toHaveLength(1);
  });

  it('resolves as the clicking member: history says via Slack and who, the message is edited, the thread told', async () => {
    const id = await newGroup();
    const { providerMessageId: ts } = await sender().send(contextOf(t), notification(id));
    const res = await press({ ts: ts!, actionId: SLACK_ACTION_IDS.resolve, value: `insight_group:${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await teamState(id)).toBe('Resolved');
    const history = await t.app.inject({
      method: 'GET',
      url: `/v1/insights/groups/${id}/history`,
      headers: owner.headers,
    });
    expect(history.json().history[0]).toMatchObject({
      change_type: 'state_change',
      change_data: { old_state: 'Open', current_state: 'Resolved', via: 'slack' },
      login_id: teammate.email,
    });
    const message = messageOf(ts!);
    expect(message.edits).toHaveLength(2);
    const edited = JSON.stringify(message.blocks);
    expect(edited).toContain('Resolved by Ada Lovelace via Slack');
    expect(edited).not.toContain(SLACK_ACTION_IDS.resolve);
    expect(threadOf(ts!).map((m) => m.text)).toEqual([SLACK_ALERT_MESSAGES.resolvedBy('Ada Lovelace')]);
    // Pressing it again changes nothing and says so in the thread.
    await press({ ts: ts!, actionId: SLACK_ACTION_IDS.resolve, value: `insight_group:${id}` });
    expect(messageOf(ts!).edits).toHaveLength(2);
    expect(threadOf(ts!).at(-1)!.text).toBe(SLACK_ALERT_MESSAGES.alreadyResolved('Ada Lovelace'));
  });

  it('flags as the clicking member, with its history entry and an edited message', async () => {
    const id = await newGroup();
    const { providerMessageId: ts } = await sender().send(contextOf(t), notification(id));
    const res = await press({ ts: ts!, actionId: SLACK_ACTION_IDS.flag, value: `insight_group:${id}` });
    expect(res.statusCode).toBe(200);
    expect(await teamState(id)).toBe('Flagged');
    const [entry] = await t.db.query<{ change_data: { via: string }; user_id: number }>(
      'select change_data, user_id::int from insight_history where tenant_id = $1 and group_id = $2',
      [tenantId, id],
    );
    expect(entry).toEqual({
      change_data: { old_state: 'Open', current_state: 'Flagged', via: 'slack' },
      user_id: teammate.userId,
    });
    expect(JSON.stringify(messageOf(ts!).blocks)).toContain('Flagged by Ada Lovelace via Slack');
    expect(threadOf(ts!).map((m) => m.text)).toEqual([SLACK_ALERT_MESSAGES.flaggedBy('Ada Lovelace')]);
  });

  it.each([
    ['1h', 3600],
    ['1d', 86_400],
    ['1w', 604_800],
  ])(
    'snoozes for %s the clicking member’s alerts about the item, and says until when',
    async (length, seconds) => {
      const id = await newGroup();
      const { providerMessageId: ts } = await sender().send(contextOf(t), notification(id));
      const before = Date.now();
      const res = await press({
        ts: ts!,
        actionId: SLACK_ACTION_IDS.snooze,
        value: `insight_group:${id}:${length}`,
        select: true,
      });
      expect(res.statusCode).toBe(200);
      const [snooze] = await t.db.query<{ user_id: number; until: Date }>(
        `select user_id::int, until from notification_snoozes
        where tenant_id = $1 and target_type = 'insight_group' and target_id = $2`,
        [tenantId, id],
      );
      expect(snooze!.user_id).toBe(teammate.userId);
      const lasts = (snooze!.until.getTime() - before) / 1000;
      expect(lasts).toBeGreaterThan(seconds - 60);
      expect(lasts).toBeLessThan(seconds + 60);
      expect(await teamState(id)).toBe('Open');
      expect(JSON.stringify(messageOf(ts!).blocks)).toContain('Snoozed');
      expect(threadOf(ts!)[0]!.text).toContain('by Ada Lovelace via Slack');
      // While snoozed, an escalation of the item adds nothing to Slack.
      const calls = slack.calls.length;
      await sender().send(contextOf(t), notification(id, { severity: 'High', title: 'Escalated' }));
      expect(slack.calls.length).toBe(calls);
    },
  );

  it('answers a Slack user who is not a member privately and changes nothing', async () => {
    const id = await newGroup();
    const { providerMessageId: ts } = await sender().send(contextOf(t), notification(id));
    const res = await press({
      ts: ts!,
      actionId: SLACK_ACTION_IDS.resolve,
      value: `insight_group:${id}`,
      user: 'U_STRANGER',
    });
    expect(res.statusCode).toBe(200);
    expect(await teamState(id)).toBe('Open');
    expect(slack.ephemerals.at(-1)).toEqual({
      channel: 'C0ALERTS',
      user: 'U_STRANGER',
      text: SLACK_ALERT_MESSAGES.unknownUser,
    });
    expect(messageOf(ts!).edits).toHaveLength(1);
    expect(threadOf(ts!)).toHaveLength(0);
  });

  it('ignores a click naming another item than the message is about', async () => {
    const id = await newGroup();
    const other = await newGroup('Another');
    const { providerMessageId: ts } = await sender().send(contextOf(t), notification(id));
    await press({ ts: ts!, actionId: SLACK_ACTION_IDS.resolve, value: `insight_group:${other}` });
    expect(await teamState(other)).toBe('Open');
    expect(await teamState(id)).toBe('Open');
  });

  it('turns Slack off with a note in settings when the token is revoked, instead of failing forever', async () => {
    const uuid = (
      await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: owner.headers })
    ).json().user.user_uuid as string;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${uuid}/subscriptions`,
      headers: owner.headers,
      payload: { channels: [{ name: 'slack', is_active: true }] },
    });
    expect(on.json().data.slack).toMatchObject({ connected: true, channel_name: '#alerts', note: null });
    const id = await newGroup();
    slack.failWith('token_revoked');
    try {
      await expect(sender().send(contextOf(t), notification(id))).rejects.toBeInstanceOf(PermanentSendError);
    } finally {
      slack.failWith(null);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/users/${uuid}/subscriptions`,
      headers: owner.headers,
    });
    expect(after.json().slack).toEqual({
      configured: true,
      setup_notice: null,
      connected: false,
      team_name: null,
      channel_name: null,
      note: SLACK_ALERT_MESSAGES.revokedNote('token_revoked'),
    });
    expect(after.json().channels).toContainEqual({ name: 'slack', is_active: false, is_verified: false });
    expect(await sender().canReach!(t.db, { tenantId, userId: owner.userId })).toBe(false);
  });
});

describe('Slack without configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says Slack is not configured and refuses interactions it cannot verify', async () => {
    const { owner } = await createWorkspace(t);
    const uuid = (
      await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: owner.headers })
    ).json().user.user_uuid as string;
    const subs = await t.app.inject({
      method: 'GET',
      url: `/v1/users/${uuid}/subscriptions`,
      headers: owner.headers,
    });
    expect(subs.json().slack).toMatchObject({ configured: false, connected: false });
    expect(channelSender('slack')!.isConfigured(t.config)).toBe(false);
    const body = 'payload=%7B%7D';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/slack/interactions',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...signSlackRequest('anything', body) },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
  });
});
