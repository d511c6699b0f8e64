import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_MESSAGES, type PreferenceName } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';

const put = (name: string, value: unknown, extra: object = {}) => ({
  scope: 'user',
  is_active: true,
  preference_name: name,
  preference_value: value,
  ...extra,
});

describe('preferences by name', () => {
  let t: TestApp;
  let me: Actor;
  let myUuid: string;
  let other: { tenant: { tenant_id: number }; owner: Actor };
  const call = (method: 'GET' | 'PUT', url: string, payload?: object, actor: Actor = me) =>
    t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    me = (await createWorkspace(t)).owner;
    other = await createWorkspace(t);
    myUuid = (await call('GET', '/v1/auth/verify')).json().user.user_uuid;
  });
  afterAll(() => t.close());

  it('answers the spec defaults before anything is saved', async () => {
    const schedule = (
      await call('GET', '/v1/preferences?name=NOTIFICATION_SCHEDULE_PREFERENCE&scope=user')
    ).json();
    expect(schedule).toMatchObject({
      is_saved: false,
      preference_value: {
        daily_alerts: {
          is_active: true,
          days_of_week: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
        },
        weekly_digest: { is_active: true, start_of_week: 'sunday', day_time: '12:00' },
      },
    });
    const sampling = (await call('GET', '/v1/preferences?name=EVENTS_SAMPLING_PREFERENCE')).json();
    expect(sampling.preference_value.sampling_rate).toBe(0.1);
  });

  it('refuses an unknown name with 400, on read and on save', async () => {
    const read = await call('GET', '/v1/preferences?name=FAVOURITE_COLOUR');
    expect(read.statusCode).toBe(400);
    expect(read.json().message).toBe(PREFERENCE_MESSAGES.unknownName('FAVOURITE_COLOUR'));
    const save = await call('PUT', '/v1/preferences', put('FAVOURITE_COLOUR', { colour: 'blue' }));
    expect(save.statusCode).toBe(400);
  });

  it.each<[PreferenceName, unknown, string]>([
    ['EVENTS_SAMPLING_PREFERENCE', { sampling_rate: 1.5, event_sampling_configuration: [] }, 'sampling_rate'],
    [
      'EVENTS_SAMPLING_PREFERENCE',
      {
        sampling_rate: 0.1,
        event_sampling_configuration: [
          { event_type: 'js_error', sampling_rate: 0.12, enable_sampling: true },
        ],
      },
      'event_sampling_configuration.0.sampling_rate',
    ],
    [
      'EVENTS_FILTERING_PREFERENCE',
      {
        events_filtering_preference_values: [
          { type: 'event', sub_type: 'experience', sensitivities: [{ name: 'huge', enabled: true }] },
        ],
      },
      'events_filtering_preference_values.0.sensitivities.0.name',
    ],
    [
      'NOTIFICATION_SCHEDULE_PREFERENCE',
      {
        daily_alerts: { is_active: true, days_of_week: ['monday'] },
        weekly_digest: { is_active: true, start_of_week: 'sunday', day_time: '12:03' },
      },
      'weekly_digest.day_time',
    ],
    ['MY_METRICS_PREFERENCE', { kpis: 'all' }, 'kpis'],
  ])('refuses a malformed %s with 400 naming the field', async (name, value, field) => {
    const res = await call('PUT', '/v1/preferences', put(name, value));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^preference_value\\.${field.replace(/\./g, '\\.')}: `));
  });

  it.each([
    [{ kpis: ['1', '2'] }, PREFERENCE_MESSAGES.metricsTooFew],
    [{ kpis: ['1', '2', '3', '4', '5'] }, PREFERENCE_MESSAGES.metricsTooMany],
  ])('answers the form message for %j', async (value, message) => {
    const res = await call('PUT', '/v1/preferences', put('MY_METRICS_PREFERENCE', value));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses metrics of another workspace', async () => {
    const res = await call(
      'PUT',
      '/v1/preferences',
      put('MY_METRICS_PREFERENCE', { kpis: ['900001', '900002', '900003'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      PREFERENCE_MESSAGES.invalidValue('kpis.0', PREFERENCE_MESSAGES.metricUnknown),
    );
  });

  it('refuses an empty daily schedule with the rule that one day stays', async () => {
    const res = await call(
      'PUT',
      '/v1/preferences',
      put('NOTIFICATION_SCHEDULE_PREFERENCE', {
        daily_alerts: { is_active: true, days_of_week: [] },
        weekly_digest: { is_active: true, start_of_week: 'sunday', day_time: '12:00' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PREFERENCE_MESSAGES.daysRequired);
  });

  it('keeps the notification schedule for this user only', async () => {
    const value = {
      daily_alerts: { is_active: true, days_of_week: ['monday', 'friday'] },
      weekly_digest: {
        is_active: false,
        start_of_week: 'monday',
        day_time: '06:35',
        time_zone: 'Asia/Kolkata',
      },
    };
    const res = await call(
      'PUT',
      '/v1/preferences?scope=user',
      put('NOTIFICATION_SCHEDULE_PREFERENCE', value),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PREFERENCE_MESSAGES.scheduleSaved);
    const back = (await call('GET', '/v1/preferences?name=NOTIFICATION_SCHEDULE_PREFERENCE')).json();
    expect(back).toMatchObject({ is_saved: true, preference_value: value, scope: 'user' });
    const theirs = (
      await call('GET', '/v1/preferences?name=NOTIFICATION_SCHEDULE_PREFERENCE', undefined, other.owner)
    ).json();
    expect(theirs.is_saved).toBe(false);
  });

  it("refuses reading or saving another user's preference (assignee) with 403", async () => {
    const read = await call(
      'GET',
      `/v1/preferences?name=MY_METRICS_PREFERENCE&assignee=${other.owner.email}`,
    );
    expect(read.statusCode).toBe(403);
    const save = await call(
      'PUT',
      '/v1/preferences',
      put(
        'EVENTS_SAMPLING_PREFERENCE',
        { sampling_rate: 0.5, event_sampling_configuration: [] },
        { assignee: other.owner.email },
      ),
    );
    expect(save.statusCode).toBe(403);
    const mine = await call('GET', `/v1/preferences?name=MY_METRICS_PREFERENCE&assignee=${myUuid}`);
    expect(mine.statusCode).toBe(200);
  });

  it('stores the sampling preference where the collector reads it', async () => {
    const value = {
      sampling_rate: 0.25,
      event_sampling_configuration: [
        { event_type: 'js_error', sampling_rate: 0.55, enable_sampling: true },
        { event_type: 'network_error', sampling_rate: 0.05, enable_sampling: false },
        { event_type: 'fetch_error', sampling_rate: 1, enable_sampling: true },
      ],
    };
    const res = await call('PUT', '/v1/preferences', put('EVENTS_SAMPLING_PREFERENCE', value));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ scope: 'tenant', preference_value: value });
    const [row] = await t.db.query<{ site_key: string }>(
      'select site_key from tenants where tenant_id = $1',
      [me.tenantId],
    );
    const config = await t.app.inject({ method: 'GET', url: `/v1/collect/config?key=${row!.site_key}` });
    expect(config.json().s).toEqual({ js: 0.55, net: 1, ast: 0.25, bcn: 0.25 });
  });

  it('keeps the events sensitivity for the workspace, and refuses enabling Moderate', async () => {
    const value = {
      events_filtering_preference_values: [
        {
          type: 'event',
          sub_type: 'experience',
          sensitivities: [
            { name: 'large', enabled: false },
            { name: 'moderate', enabled: false },
            { name: 'small', enabled: true },
          ],
        },
      ],
    };
    expect((await call('PUT', '/v1/preferences', put('EVENTS_FILTERING_PREFERENCE', value))).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', '/v1/preferences?name=EVENTS_FILTERING_PREFERENCE')).json().preference_value,
    ).toEqual(value);
    const moderate = structuredClone(value);
    moderate.events_filtering_preference_values[0]!.sensitivities[1]!.enabled = true;
    const res = await call('PUT', '/v1/preferences', put('EVENTS_FILTERING_PREFERENCE', moderate));
    expect(res.statusCode).toBe(400);
  });
});

describe('Add to Slack', () => {
  let t: TestApp;
  let me: Actor;
  let slack: Server;
  const exchanges: URLSearchParams[] = [];

  beforeAll(async () => {
    // Answers oauth.v2.access as Slack's Web API does (form-encoded request, JSON answer).
    slack = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        exchanges.push(form);
        res.setHeader('content-type', 'application/json');
        const ok = req.url === '/api/oauth.v2.access' && form.get('code') === 'good-code';
        res.end(
          JSON.stringify(
            ok
              ? {
                  ok: true,
                  access_token: 'xoxb-test-token',
                  token_type: 'bot',
                  scope: 'chat:write,im:write',
                  bot_user_id: 'U0BOT',
                  app_id: 'A0APP',
                  team: { id: 'T0TEAM', name: 'Acme Slack' },
                }
              : { ok: false, error: 'invalid_code' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
    const port = (slack.address() as AddressInfo).port;
    t = await buildTestApp({
      config: {
        slack: { clientId: 'cid.123', clientSecret: 'shh', apiUrl: `http://127.0.0.1:${port}/api/` },
      },
    });
    me = (await createWorkspace(t)).owner;
  });
  afterAll(async () => {
    await t.close();
    slack.close();
  });

  const start = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/slack', headers: me.headers });
    expect(res.statusCode).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(to.searchParams.get('client_id')).toBe('cid.123');
    expect(to.searchParams.get('redirect_uri')).toBe('http://localhost:8080/v1/auth/slack/callback');
    return to.searchParams.get('state')!;
  };
  const callback = (query: string) =>
    t.app.inject({ method: 'GET', url: `/v1/auth/slack/callback?${query}`, headers: me.headers });

  it('refuses a forged state and changes nothing', async () => {
    const state = await start();
    const res = await callback(`code=good-code&state=${encodeURIComponent(state.replace(/.$/, 'x'))}`);
    expect(res.headers.location).toContain('slack=failed');
    const rows = await t.db.query('select 1 from slack_installations where tenant_id = $1', [me.tenantId]);
    expect(rows).toHaveLength(0);
  });

  it('says failed when Slack refuses the code', async () => {
    const res = await callback(`code=bad-code&state=${encodeURIComponent(await start())}`);
    expect(res.headers.location).toContain('slack=failed');
  });

  it('connects through oauth.v2.access and keeps the bot token sealed', async () => {
    const res = await callback(`code=good-code&state=${encodeURIComponent(await start())}`);
    expect(res.headers.location).toBe('/preferences?tab=notifications&sub_tab=event-alerts&slack=connected');
    const exchange = exchanges.at(-1)!;
    expect(exchange.get('client_id')).toBe('cid.123');
    const [row] = await t.db.query<{ bot_token: Buffer; team_name: string }>(
      'select bot_token, team_name from slack_installations where tenant_id = $1',
      [me.tenantId],
    );
    expect(row!.team_name).toBe('Acme Slack');
    expect(row!.bot_token.toString('latin1')).not.toContain('xoxb-test-token');
    expect(t.app.sealer!.open(row!.bot_token)).toBe('xoxb-test-token');
    const uuid = (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: me.headers })).json()
      .user.user_uuid;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${uuid}/subscriptions`,
      headers: me.headers,
      payload: { channels: [{ name: 'slack', is_active: true }] },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.slack).toEqual({
      configured: true,
      connected: true,
      team_name: 'Acme Slack',
      channel_name: null,
      note: null,
      setup_notice: null,
    });
    expect(on.json().data.channels).toContainEqual({ name: 'slack', is_active: true, is_verified: true });
  });

  it('says denied when the user cancels in Slack', async () => {
    const res = await callback('error=access_denied');
    expect(res.headers.location).toContain('slack=denied');
  });
});
