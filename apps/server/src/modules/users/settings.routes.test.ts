import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, SETUP_NOTICES, SUBSCRIPTION_MESSAGES } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';

describe('profile, subscriptions and event mapping', () => {
  let t: TestApp;
  let me: Actor;
  let myTenantUuid: string;
  let other: Actor;
  let myUuid: string;
  let otherUuid: string;
  const uuidOf = async (actor: Actor) =>
    (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: actor.headers })).json().user
      .user_uuid as string;
  const call = (actor: Actor, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    const mine = await createWorkspace(t);
    me = mine.owner;
    myTenantUuid = mine.tenant.tenant_uuid;
    other = (await createWorkspace(t)).owner;
    myUuid = await uuidOf(me);
    otherUuid = await uuidOf(other);
  });
  afterAll(() => t.close());

  it('reads the profile with a read-only e-mail and no phone yet', async () => {
    const res = await call(me, 'GET', '/v1/users/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_email: me.email, phone_number: null, tenant_id: me.tenantId });
  });

  it.each([
    [
      'no phone',
      { given_name: 'Ada', family_name: 'Lovelace', phone_number: '' },
      PROFILE_MESSAGES.bothRequired,
    ],
    [
      'no name',
      { given_name: ' ', family_name: '', phone_number: '+14155550123' },
      PROFILE_MESSAGES.bothRequired,
    ],
    [
      'digits in the name',
      { given_name: 'Ada2', family_name: 'L', phone_number: '+14155550123' },
      PROFILE_MESSAGES.noDigits,
    ],
    [
      'a phone without country code',
      { given_name: 'Ada', family_name: 'L', phone_number: '4155550123' },
      PROFILE_MESSAGES.invalidPhone,
    ],
  ])('refuses a profile with %s (400 and the form message)', async (_, payload, message) => {
    const res = await call(me, 'PUT', '/v1/users/profile', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('refuses SMS alerts until a phone number is stored', async () => {
    const res = await call(me, 'PATCH', `/v1/users/${myUuid}/subscriptions`, {
      channels: [{ name: 'sms', is_active: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.smsNeedsPhone);
  });

  it('saves name and phone, then SMS can be turned on', async () => {
    const res = await call(me, 'PUT', '/v1/users/profile', {
      given_name: 'Ada',
      family_name: 'King  Lovelace',
      phone_number: '+919876543210',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PROFILE_MESSAGES.saved,
      data: { given_name: 'Ada', family_name: 'King Lovelace', phone_number: '+919876543210' },
    });
    const sms = await call(me, 'PATCH', `/v1/users/${myUuid}/subscriptions`, {
      channels: [{ name: 'sms', is_active: true }],
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().message).toBe(SUBSCRIPTION_MESSAGES.updated);
    // On, but verified only once a texted code is confirmed (modules/phone).
    expect(sms.json().data.channels).toContainEqual({ name: 'sms', is_active: true, is_verified: false });
  });

  it('starts from e-mail on, every severity and no threshold, and says Slack is not configured', async () => {
    const res = await call(other, 'GET', `/v1/users/${otherUuid}/subscriptions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      channels: [
        { name: 'email', is_active: true, is_verified: true },
        { name: 'sms', is_active: false, is_verified: false },
        { name: 'slack', is_active: false, is_verified: false },
      ],
      preferences: [
        {
          notification_type: 'event',
          filters: {
            severity: [
              { type: 'High', is_active: true },
              { type: 'Medium', is_active: true },
              { type: 'Low', is_active: true },
            ],
            monetary_impact_threshold: 0,
          },
        },
      ],
      // A customer is told what to do; the setting names are for operators (SETUP_NOTICES).
      slack: {
        configured: false,
        setup_notice: SETUP_NOTICES.slack.customer,
        connected: false,
        team_name: null,
        channel_name: null,
        note: null,
      },
      sms: {
        configured: false,
        setup_notice: SETUP_NOTICES.sms.customer,
        is_verified: false,
        code_expires_at: null,
      },
    });
  });

  it('sends Add to Slack back to the settings saying Slack is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/slack', headers: me.headers });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      '/preferences?tab=notifications&sub_tab=event-alerts&slack=not_configured',
    );
  });

  it('refuses Slack alerts while Slack is not connected', async () => {
    const res = await call(me, 'PATCH', `/v1/users/${myUuid}/subscriptions`, {
      channels: [{ name: 'slack', is_active: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.slackNotConnected);
  });

  it('keeps severity and minimum dollar impact, and refuses a negative or fractional threshold', async () => {
    const ok = await call(me, 'PATCH', `/v1/users/${myUuid}/subscriptions`, {
      preferences: [
        {
          notification_type: 'event',
          filters: { severity: [{ type: 'Low', is_active: false }], monetary_impact_threshold: 250 },
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = (await call(me, 'GET', `/v1/users/${myUuid}/subscriptions`)).json();
    expect(again.preferences[0].filters).toEqual({
      severity: [
        { type: 'High', is_active: true },
        { type: 'Medium', is_active: true },
        { type: 'Low', is_active: false },
      ],
      monetary_impact_threshold: 250,
    });
    for (const bad of [-1, 2.5]) {
      const res = await call(me, 'PATCH', `/v1/users/${myUuid}/subscriptions`, {
        preferences: [{ notification_type: 'event', filters: { monetary_impact_threshold: bad } }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.thresholdInvalid);
    }
  });

  it("refuses another user's subscriptions with 403 and leaves them unchanged", async () => {
    expect((await call(me, 'GET', `/v1/users/${otherUuid}/subscriptions`)).statusCode).toBe(403);
    const res = await call(me, 'PATCH', `/v1/users/${otherUuid}/subscriptions`, {
      channels: [{ name: 'email', is_active: false }],
    });
    expect(res.statusCode).toBe(403);
    const theirs = (await call(other, 'GET', `/v1/users/${otherUuid}/subscriptions`)).json();
    expect(theirs.channels[0]).toEqual({ name: 'email', is_active: true, is_verified: true });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/profile' })).statusCode).toBe(401);
  });

  it('lists the site and the providers the store turned on, keeping choices per category', async () => {
    const before = (await call(me, 'GET', '/v1/preferences/events/mapping')).json();
    expect(before.severity).toContainEqual({ type: 'Low', is_active: false });
    // A new store has no provider on: only its own site.
    expect(before.providers.map((p: { id: string }) => p.id)).toEqual(['site']);
    const org = `/v1/orgs/${myTenantUuid}/preferences`;
    const prefs = (await call(me, 'GET', org)).json();
    const stripe = prefs.preferences.events.providers.find(
      (p: { display_name: string }) => p.display_name === 'Stripe',
    );
    const turned = await call(me, 'PUT', org, {
      display_name: prefs.display_name,
      preferences: { ...prefs.preferences, events: { providers: [{ id: stripe.id, is_active: true }] } },
    });
    expect(turned.statusCode, turned.body).toBe(200);

    const res = await call(me, 'PUT', '/v1/preferences/events/mapping', {
      severity: [{ type: 'Low', is_active: true }],
      providers: [{ id: stripe.id, is_active: true, categories: [{ id: 'maintenance', is_active: false }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await call(me, 'GET', '/v1/preferences/events/mapping')).json();
    expect(after.providers.map((p: { display_name: string }) => p.display_name)).toEqual([
      'Your website',
      'Stripe',
    ]);
    expect(after.providers[1].categories).toEqual([
      { id: 'incident', display_name: 'Incidents', is_active: true },
      { id: 'maintenance', display_name: 'Scheduled maintenance', is_active: false },
    ]);
    const subs = (await call(me, 'GET', `/v1/users/${myUuid}/subscriptions`)).json();
    expect(subs.preferences[0].filters.severity).toContainEqual({ type: 'Low', is_active: true });

    // A provider the store has not turned on, a made-up one, or a category it does not have: 400.
    const paypal = prefs.preferences.events.providers.find(
      (p: { display_name: string }) => p.display_name === 'PayPal',
    );
    for (const providers of [
      [{ id: paypal.id, is_active: false }],
      [{ id: 'nope', is_active: false }],
      [{ id: 'site', is_active: true, categories: [{ id: 'maintenance', is_active: false }] }],
    ]) {
      const refused = await call(me, 'PUT', '/v1/preferences/events/mapping', { providers });
      expect(refused.statusCode).toBe(400);
    }
  });
});
