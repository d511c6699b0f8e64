import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_MESSAGES,
  PREFERENCE_DEFAULTS,
  SITE_EVENT_SOURCE,
  type GlobalFilter,
  type NotificationSettings,
  type Snooze,
  type Subscriptions,
} from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const UUID = '7c0f4f5e-8a53-4d55-9f0b-1a2b3c4d5e6f';
const SETTINGS = '/v1/notifications/settings';
const SNOOZES = '/v1/notifications/snoozes';

const settings = (overrides: Partial<NotificationSettings> = {}): NotificationSettings => ({
  quiet_hours: { is_active: false, start: '22:00', end: '07:00' },
  scope_filter_id: null,
  channels: [
    { name: 'email', is_configured: true },
    { name: 'slack', is_configured: false },
    { name: 'sms', is_configured: false },
  ],
  ...overrides,
});

const filter = (id: number, name: string, value: string): GlobalFilter => ({
  id,
  display_name: name,
  dimension_id: 3,
  dimension_name: 'Country',
  dimension_value: value,
  is_default: false,
  tenant_id: 11,
});

const SNOOZED: Snooze[] = [
  {
    id: '5',
    target_type: 'insight_group',
    target_id: '41',
    target_name: 'Refunds doubled in Germany',
    // 14:30 in Asia/Kolkata.
    until: '2026-11-27T09:00:00.000Z',
  },
  {
    id: '6',
    target_type: 'metric',
    target_id: '7',
    target_name: 'Revenue',
    until: '2026-12-02T18:30:00.000Z',
  },
  {
    id: '7',
    target_type: 'event_group',
    target_id: '88',
    target_name: null,
    until: '2026-12-03T00:00:00.000Z',
  },
];

const subscriptions: Subscriptions = {
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
  slack: { configured: false, connected: false, team_name: null, channel_name: null, note: null },
  sms: { configured: false, is_verified: false, code_expires_at: null },
};

/** The Alerts tab's calls, with the noise control ones answered from the given state. */
function serve(
  state: { settings?: NotificationSettings; snoozes?: Snooze[]; filters?: GlobalFilter[] } = {},
  extra: Record<string, MockHandler> = {},
) {
  let snoozes = state.snoozes ?? [];
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify({ user_uuid: UUID }) },
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
    'GET /v1/users/profile': {
      body: {
        phone_number: null,
        user_email: 'maya@northwind.test',
        given_name: 'Maya',
        family_name: 'Patel',
        login_id: 'maya@northwind.test',
        tenant_id: 11,
        is_design_partner: false,
      },
    },
    [`GET /v1/users/${UUID}/subscriptions`]: { body: subscriptions },
    'GET /v1/preferences/events/mapping': {
      body: {
        severity: [],
        providers: [
          {
            id: SITE_EVENT_SOURCE.id,
            display_name: SITE_EVENT_SOURCE.display_name,
            is_active: true,
            categories: SITE_EVENT_SOURCE.categories.map((c) => ({ ...c, is_active: true })),
          },
        ],
      },
    },
    'GET /v1/preferences': {
      body: {
        preference_name: 'NOTIFICATION_SCHEDULE_PREFERENCE',
        scope: 'user',
        is_active: true,
        is_saved: false,
        preference_value: PREFERENCE_DEFAULTS.NOTIFICATION_SCHEDULE_PREFERENCE,
      },
    },
    'GET /v1/notifications/preview': {
      body: {
        from: '2026-10-29T00:00:00.000Z',
        to: '2026-11-26T00:00:00.000Z',
        total: 0,
        by_severity: { High: 0, Medium: 0, Low: 0 },
        by_kind: { insight_group: 0, event_group: 0 },
        weeks: [0, 1, 2, 3].map((i) => ({
          week_start: new Date(Date.UTC(2026, 9, 29 + 7 * i)).toISOString(),
          count: 0,
        })),
      },
    },
    [`GET ${SETTINGS}`]: { body: state.settings ?? settings() },
    [`PUT ${SETTINGS}`]: (req) => ({
      body: { ...settings(), ...(req.body as Partial<NotificationSettings>) },
    }),
    'GET /v1/feed/filters': { body: { data: state.filters ?? [] } },
    [`GET ${SNOOZES}`]: () => ({ body: { snoozes } }),
    [`DELETE ${SNOOZES}/5`]: () => {
      snoozes = snoozes.filter((s) => s.id !== '5');
      return { body: { success: true, message: NOTIFICATION_MESSAGES.snoozeRemoved } };
    },
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The tab waits for several calls; on a busy machine that can outlast findBy's 1 s default. */
const LOAD = { timeout: 10_000 };
const quietSwitch = () => screen.findByRole('switch', { name: 'Hold alerts during quiet hours' }, LOAD);
const puts = (callsTo: (path: string) => Array<{ method: string; body: unknown }>) =>
  callsTo(SETTINGS).filter((c) => c.method === 'PUT');

describe('noise control', () => {
  it("shows the saved quiet hours, in the workspace's time zone, and says held alerts go out when they end", async () => {
    serve({ settings: settings({ quiet_hours: { is_active: true, start: '21:30', end: '06:45' } }) });
    renderRoute('/preferences?tab=notifications');
    expect(((await quietSwitch()) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('21:30');
    expect((screen.getByLabelText('End') as HTMLInputElement).value).toBe('06:45');
    expect(screen.getByLabelText('Start').getAttribute('step')).toBe('300');
    expect(screen.getByText(/in the workspace's time zone, Asia\/Kolkata/)).toBeTruthy();
    expect(screen.getByText(/held, then sent when quiet hours end/)).toBeTruthy();
  });

  it('turns quiet hours on at once and saves new times on Confirm, sending the whole body', async () => {
    const { callsTo } = serve({
      filters: [filter(9, 'Germany', 'DE')],
      settings: settings({ scope_filter_id: '9' }),
    });
    renderRoute('/preferences?tab=notifications');
    const toggle = await quietSwitch();
    expect((screen.getByLabelText('Start') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.settingsSaved, {}, LOAD)).toBeTruthy();
    expect(puts(callsTo)[0]!.body).toEqual({
      quiet_hours: { is_active: true, start: '22:00', end: '07:00' },
      scope_filter_id: '9',
    });
    await waitFor(() => expect((screen.getByLabelText('Start') as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '23:07' } });
    // Rounded to the 5-minute step once the field is left.
    fireEvent.blur(screen.getByLabelText('Start'));
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('23:05');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(puts(callsTo)).toHaveLength(2));
    expect(puts(callsTo)[1]!.body).toEqual({
      quiet_hours: { is_active: true, start: '23:05', end: '07:00' },
      scope_filter_id: '9',
    });
  });

  it('refuses equal start and end times, which would mean no quiet hours', async () => {
    const { callsTo } = serve({
      settings: settings({ quiet_hours: { is_active: true, start: '22:00', end: '07:00' } }),
    });
    renderRoute('/preferences?tab=notifications');
    await quietSwitch();
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '22:00' } });
    expect(screen.getByText('Start and end must differ.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(puts(callsTo)).toHaveLength(0);
  });

  it('puts the saved times back and says so when the server fails', async () => {
    serve(
      { settings: settings({ quiet_hours: { is_active: true, start: '22:00', end: '07:00' } }) },
      { [`PUT ${SETTINGS}`]: { status: 500, body: { success: false, message: 'boom' } } },
    );
    renderRoute('/preferences?tab=notifications');
    await quietSwitch();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '20:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        "We couldn't save your notification settings, so they are back as they were.",
        {},
        LOAD,
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('22:00');
    // The switch, saved at once, also stays as the server has it.
    fireEvent.click(await quietSwitch());
    await screen.findAllByText(/so they are back as they were/, {}, LOAD);
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: 'Hold alerts during quiet hours' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it("narrows alerts to one saved filter's value, and back to everything", async () => {
    const { callsTo } = serve({ filters: [filter(9, 'Germany', 'DE'), filter(12, 'France', 'FR')] });
    renderRoute('/preferences?tab=notifications');
    const select = await screen.findByRole('combobox', { name: 'Alert me about' }, LOAD);
    expect(select.textContent).toBe('Everything');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'France (Country: FR)' }));
    await waitFor(() => expect(puts(callsTo)).toHaveLength(1));
    expect(puts(callsTo)[0]!.body).toEqual({
      quiet_hours: { is_active: false, start: '22:00', end: '07:00' },
      scope_filter_id: '12',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Alert me about' }).textContent).toBe(
        'France (Country: FR)',
      ),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Alert me about' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Everything' }));
    await waitFor(() => expect(puts(callsTo)).toHaveLength(2));
    expect(puts(callsTo)[1]!.body).toMatchObject({ scope_filter_id: null });
  });

  it('says a workspace without saved filters can only alert about everything, and a deleted one no longer narrows', async () => {
    serve();
    const view = renderRoute('/preferences?tab=notifications');
    const select = await screen.findByRole('combobox', { name: 'Alert me about' }, LOAD);
    expect(select.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/Save a global filter to narrow your alerts/)).toBeTruthy();
    view.unmount();
    serve({ settings: settings({ scope_filter_id: '404' }), filters: [filter(9, 'Germany', 'DE')] });
    renderRoute('/preferences?tab=notifications');
    expect(await screen.findByText(/was deleted, so you get alerts about everything/, {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Alert me about' }).textContent).toBe('Everything');
  });

  it('lists active snoozes by name with their end in the workspace time zone, and removes one', async () => {
    const { callsTo } = serve({ snoozes: SNOOZED });
    renderRoute('/preferences?tab=notifications');
    const list = await screen.findByRole('list', { name: 'Active snoozes' }, LOAD);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Insight group')).toBeTruthy();
    expect(
      within(items[0]!).getByRole('link', { name: 'Refunds doubled in Germany' }).getAttribute('href'),
    ).toBe('/groups/41?tenant_id=11');
    expect(within(items[0]!).getByText('Until Fri, 27 Nov, 02:30 PM GMT+5:30')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Revenue' }).getAttribute('href')).toBe(
      '/metrics/7?tenant_id=11',
    );
    // An item deleted since: named by its id, with no page to open.
    expect(within(items[2]!).getByText('Event group')).toBeTruthy();
    expect(within(items[2]!).getByText('#88, no longer in this workspace')).toBeTruthy();
    expect(within(items[2]!).queryByRole('link')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the snooze on Refunds doubled in Germany' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.snoozeRemoved, {}, LOAD)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(callsTo(`${SNOOZES}/5`).map((c) => c.method)).toEqual(['DELETE']);
  });

  it('says when nothing is snoozed', async () => {
    serve();
    renderRoute('/preferences?tab=notifications');
    expect(await screen.findByText('No active snoozes', {}, LOAD)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Active snoozes' })).toBeNull();
  });
});
