import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROVIDER_EVENT_CATEGORIES,
  SITE_EVENT_SOURCE,
  PREFERENCE_DEFAULTS,
  PHONE_MESSAGES,
  SETUP_NOTICES,
  PREFERENCE_MESSAGES,
  SLACK_ALERT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type Subscriptions,
  type UserProfile,
} from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const UUID = '7c0f4f5e-8a53-4d55-9f0b-1a2b3c4d5e6f';
const SUBS = `/v1/users/${UUID}/subscriptions`;

const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  phone_number: null,
  user_email: 'maya@northwind.test',
  given_name: 'Maya',
  family_name: 'Patel',
  login_id: 'maya@northwind.test',
  tenant_id: 11,
  is_design_partner: false,
  ...overrides,
});

const subscriptions = (overrides: Partial<Subscriptions> = {}): Subscriptions => ({
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
        monetary_impact_threshold: 100,
      },
    },
  ],
  slack: { configured: false, connected: false, team_name: null, channel_name: null, note: null },
  sms: { configured: true, is_verified: false, code_expires_at: null },
  ...overrides,
});

const mapping = {
  severity: [],
  // The site, then the providers the store turned on (here one).
  providers: [
    SITE_EVENT_SOURCE,
    { id: 'b6d0e1c2-stripe', display_name: 'Stripe', categories: PROVIDER_EVENT_CATEGORIES },
  ].map((p) => ({
    id: p.id,
    display_name: p.display_name,
    is_active: true,
    categories: p.categories.map((c) => ({ ...c, is_active: true })),
  })),
};

function serve(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': {
      body: {
        tenant_id: 11,
        last_digest_ts: { day: null, month: null, quarter: null },
        is_forecast_enabled: false,
        currency: 'USD',
        currency_symbol: '$',
        timezone: 'Asia/Kolkata',
        last_insight_ts: null,
      },
    },
    'GET /v1/users/profile': { body: profile() },
    [`GET ${SUBS}`]: { body: subscriptions() },
    'GET /v1/preferences/events/mapping': { body: mapping },
    'GET /v1/preferences': {
      body: {
        preference_name: 'NOTIFICATION_SCHEDULE_PREFERENCE',
        scope: 'user',
        is_active: true,
        is_saved: false,
        preference_value: PREFERENCE_DEFAULTS.NOTIFICATION_SCHEDULE_PREFERENCE,
      },
    },
    // Noise control (its own cases are in noise-control.test.tsx).
    'GET /v1/notifications/settings': {
      body: {
        quiet_hours: { is_active: false, start: '22:00', end: '07:00' },
        scope_filter_id: null,
        channels: [],
      },
    },
    'GET /v1/notifications/snoozes': { body: { snoozes: [] } },
    'GET /v1/feed/filters': { body: { data: [] } },
    'GET /v1/notifications/preview': (req) => {
      // Two stored items: a High one of $900 and a Low one of $40.
      const min = Number(req.url.searchParams.get('monetary_impact_threshold') ?? 0);
      const high = min <= 900 ? 1 : 0;
      const low = min <= 40 && (req.url.searchParams.get('severity') ?? '').includes('Low') ? 1 : 0;
      return {
        body: {
          from: '2026-10-29T00:00:00.000Z',
          to: '2026-11-26T00:00:00.000Z',
          total: high + low,
          by_severity: { High: high, Medium: 0, Low: low },
          by_kind: { insight_group: high + low, event_group: 0 },
          weeks: [0, 1, 2, 3].map((i) => ({
            week_start: new Date(Date.UTC(2026, 9, 29 + 7 * i)).toISOString(),
            count: i === 3 ? high + low : 0,
          })),
        },
      };
    },
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The panel waits for three calls; on a busy machine that can outlast findBy's 1 s default. */
const LOAD = { timeout: 10_000 };
const emailSwitch = () => screen.findByRole('switch', { name: 'E-mail alerts' }, LOAD);

describe('alert settings', () => {
  it('changes a channel only once the server confirms it', async () => {
    let answer: (value: Response) => void = () => {};
    serve({
      [`PATCH ${SUBS}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoute('/preferences?tab=notifications');
    const toggle = (await emailSwitch()) as HTMLInputElement;
    fireEvent.click(toggle);
    // Waiting for the server: still on.
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(true);
    const off = subscriptions();
    off.channels[0]!.is_active = false;
    answer(
      new Response(JSON.stringify({ success: true, message: SUBSCRIPTION_MESSAGES.updated, data: off }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'E-mail alerts' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.updated, {}, LOAD)).toBeTruthy();
  });

  it('keeps the old value when the server refuses', async () => {
    serve({ [`PATCH ${SUBS}`]: { status: 500, body: { success: false, message: 'boom' } } });
    renderRoute('/preferences?tab=notifications&sub_tab=event-alerts');
    fireEvent.click(await emailSwitch());
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.failed, {}, LOAD)).toBeTruthy();
    expect(((await emailSwitch()) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for a phone before SMS; Escape does not close the drawer, Discard leaves SMS off', async () => {
    const { callsTo } = serve();
    renderRoute('/preferences?tab=notifications');
    fireEvent.click(await screen.findByRole('switch', { name: 'SMS alerts' }, LOAD));
    const drawer = await screen.findByRole('heading', { name: 'Add your phone number' }, LOAD);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Add your phone number' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Add your phone number' })).toBeNull());
    expect(callsTo(SUBS).filter((c) => c.method === 'PATCH')).toHaveLength(0);
    expect(
      ((await screen.findByRole('switch', { name: 'SMS alerts' }, LOAD)) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('saves the phone from the drawer, then turns SMS on', async () => {
    const { callsTo } = serve({
      'PUT /v1/users/profile': (req) => ({
        body: {
          success: true,
          message: 'Changes have been saved.',
          data: profile(req.body as Partial<UserProfile>),
        },
      }),
      [`PATCH ${SUBS}`]: {
        body: { success: true, message: SUBSCRIPTION_MESSAGES.updated, data: subscriptions() },
      },
    });
    renderRoute('/preferences?tab=notifications');
    fireEvent.click(await screen.findByRole('switch', { name: 'SMS alerts' }, LOAD));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone number' }, LOAD), {
      target: { value: '415 555 0123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(SUBS).filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(callsTo('/v1/users/profile').find((c) => c.method === 'PUT')?.body).toMatchObject({
      phone_number: '+14155550123',
      given_name: 'Maya',
    });
    expect(callsTo(SUBS).find((c) => c.method === 'PATCH')?.body).toEqual({
      channels: [{ name: 'sms', is_active: true }],
    });
  });

  it('previews the alerts the filters on screen would have sent, following a minimum before it is confirmed', async () => {
    const { callsTo } = serve();
    renderRoute('/preferences?tab=notifications');
    expect(await screen.findByText('You would have received 1 alert.', {}, LOAD)).toBeTruthy();
    expect(callsTo('/v1/notifications/preview')[0]!.url.searchParams.get('severity')).toBe('High,Medium,Low');
    expect(callsTo('/v1/notifications/preview')[0]!.url.searchParams.get('monetary_impact_threshold')).toBe(
      '100',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Minimum dollar impact' }), {
      target: { value: '' },
    });
    expect(await screen.findByText('You would have received 2 alerts.', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('1 High, 0 Medium, 1 Low.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Minimum dollar impact' }), {
      target: { value: '5000' },
    });
    expect(await screen.findByText('You would have received no alerts.', {}, LOAD)).toBeTruthy();
    // Nothing was saved by typing.
    expect(callsTo(SUBS).filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it("says plainly that Slack is not available, in the server's words, and offers Add to Slack when it is", async () => {
    serve();
    const first = renderRoute('/preferences?tab=notifications');
    // Without the server's notice a customer's wording stands: no setting names.
    expect(
      await screen.findByText(
        'Slack is not available for this workspace yet; contact support to turn it on.',
        {},
        LOAD,
      ),
    ).toBeTruthy();
    first.unmount();
    serve({
      [`GET ${SUBS}`]: {
        body: subscriptions({
          slack: {
            configured: false,
            setup_notice: 'Set SLACK_CLIENT_ID (operator view).',
            connected: false,
            team_name: null,
            channel_name: null,
            note: null,
          },
        }),
      },
    });
    const operator = renderRoute('/preferences?tab=notifications');
    expect(await screen.findByText('Set SLACK_CLIENT_ID (operator view).', {}, LOAD)).toBeTruthy();
    operator.unmount();
    serve({
      [`GET ${SUBS}`]: {
        body: subscriptions({
          slack: { configured: true, connected: false, team_name: null, channel_name: null, note: null },
        }),
      },
    });
    renderRoute('/preferences?tab=notifications');
    expect((await screen.findByRole('link', { name: 'Add to Slack' }, LOAD)).getAttribute('href')).toBe(
      '/v1/auth/slack',
    );
  });

  it('takes the texted code for an unverified number and shows a wrong code plainly', async () => {
    const phone = '+14155550123';
    let verified = false;
    const sms = () => ({ configured: true, is_verified: verified, code_expires_at: null });
    const { callsTo } = serve({
      'GET /v1/users/profile': { body: profile({ phone_number: phone }) },
      [`GET ${SUBS}`]: () => ({ body: subscriptions({ sms: sms() }) }),
      'POST /v1/users/phone/code': {
        body: { success: true, message: PHONE_MESSAGES.sent('+1•••••••123'), data: sms() },
      },
      'POST /v1/users/phone/verify': (req) => {
        if ((req.body as { code: string }).code !== '123456') {
          return { status: 400, body: { success: false, message: PHONE_MESSAGES.wrongCode(4) } };
        }
        verified = true;
        return { body: { success: true, message: PHONE_MESSAGES.verified, data: sms() } };
      },
    });
    renderRoute('/preferences?tab=notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Text me a code' }, LOAD));
    expect(await screen.findByText(PHONE_MESSAGES.sent('+1•••••••123'), {}, LOAD)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    fireEvent.change(code, { target: { value: '12-34-5' } });
    expect((code as HTMLInputElement).value).toBe('12345');
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(PHONE_MESSAGES.wrongCode(4), {}, LOAD)).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(`To ${phone} (verified)`, {}, LOAD)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
    expect(callsTo('/v1/users/phone/verify').map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('says SMS is not configured without Twilio, and why Slack was turned off', async () => {
    serve({
      [`GET ${SUBS}`]: {
        body: subscriptions({
          sms: { configured: false, is_verified: false, code_expires_at: null },
          slack: {
            configured: true,
            connected: false,
            team_name: null,
            channel_name: null,
            note: SLACK_ALERT_MESSAGES.revokedNote('token_revoked'),
          },
        }),
      },
    });
    renderRoute('/preferences?tab=notifications');
    // Without the server's notice, a customer's wording: no Twilio settings.
    expect(await screen.findByText(SETUP_NOTICES.sms.customer, {}, LOAD)).toBeTruthy();
    expect(screen.getByText(SLACK_ALERT_MESSAGES.revokedNote('token_revoked'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to Slack' })).toBeTruthy();
  });

  it('names the Slack channel alerts go to', async () => {
    serve({
      [`GET ${SUBS}`]: {
        body: subscriptions({
          slack: {
            configured: true,
            connected: true,
            team_name: 'Acme',
            channel_name: '#alerts',
            note: null,
          },
        }),
      },
    });
    renderRoute('/preferences?tab=notifications');
    expect(await screen.findByText('Alerts go to #alerts in Acme', {}, LOAD)).toBeTruthy();
  });

  it('shows Confirm for the minimum dollar impact only when it differs; empty counts as 0', async () => {
    const { callsTo } = serve({
      [`PATCH ${SUBS}`]: {
        body: { success: true, message: SUBSCRIPTION_MESSAGES.updated, data: subscriptions() },
      },
    });
    renderRoute('/preferences?tab=notifications');
    const input = await screen.findByRole('textbox', { name: 'Minimum dollar impact' }, LOAD);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.change(input, { target: { value: '12.5' } });
    expect((input as HTMLInputElement).value).toBe('125');
    fireEvent.change(input, { target: { value: '100' } });
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(SUBS).filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(callsTo(SUBS)[1]!.body).toEqual({
      preferences: [{ notification_type: 'event', filters: { monetary_impact_threshold: 0 } }],
    });
  });
});

describe('report schedule', () => {
  it('keeps the last day selected and sends the time in UTC', async () => {
    const { callsTo } = serve({
      'PUT /v1/preferences': (req) => ({
        body: {
          success: true,
          message: PREFERENCE_MESSAGES.scheduleSaved,
          data: { ...(req.body as object), scope: 'user', is_saved: true },
        },
      }),
    });
    renderRoute('/preferences?tab=notifications&sub_tab=schedule');
    const group = await screen.findByRole('group', { name: 'Daily alerts' }, LOAD);
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      fireEvent.click(within(group).getByRole('button', { name: day }));
    }
    // Deselecting the last day was ignored.
    expect(within(group).getByRole('button', { name: 'Saturday' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(PREFERENCE_MESSAGES.scheduleSaved)).toBeTruthy();
    const body = callsTo('/v1/preferences').find((c) => c.method === 'PUT')?.body as {
      preference_value: { daily_alerts: { days_of_week: string[] }; weekly_digest: { day_time: string } };
    };
    expect(body.preference_value.daily_alerts.days_of_week).toEqual(['saturday']);
    // 09:00 in Asia/Kolkata (UTC+5:30).
    expect(body.preference_value.weekly_digest.day_time).toBe('03:30');
  });
});
