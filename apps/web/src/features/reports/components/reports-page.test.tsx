import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportProvider, ReportsResponse } from '@tidemark/contract';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify, makeTenantInfo } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { REPORTS_COPY } from '../messages';

// jsdom cannot measure text for ECharts; the panels are checked by their labels.
vi.mock('@/components/chart', () => ({
  EChart: (props: { ariaLabel: string }) => <div role="img" aria-label={props.ariaLabel} />,
}));

const SLOW = { timeout: 10_000 };

const provider = (over: Partial<ReportProvider> = {}): ReportProvider => ({
  provider_uuid: 'u-stripe',
  provider_name: 'stripe',
  provider_display_name: 'Stripe',
  provider_logo_url: '/providers/stripe.svg',
  provider_type: 'payments',
  health: 'down',
  health_display_name: 'Major outage',
  incidents: 1,
  degraded_minutes: 120,
  host_errors: 40,
  checks: {
    total: 2,
    completed: 0,
    statuses: [
      {
        provider_check_uuid: 'u-stripe:overall',
        provider_check_name: 'overall',
        provider_check_display_name: 'Overall status',
        health: 'down',
        health_display_name: 'Major outage',
        incidents: 1,
      },
      {
        provider_check_uuid: 'u-stripe:API',
        provider_check_name: 'API',
        provider_check_display_name: 'API',
        health: 'down',
        health_display_name: 'Major outage',
        incidents: 1,
      },
    ],
  },
  ...over,
});

function serve(report: ReportsResponse) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': {
      body: makeTenantInfo(),
    },
    'GET /v1/events/reports': { body: report },
    'POST /v1/analytics/events': { body: { recorded: true } },
  });
}

const REPORT: ReportsResponse = {
  start_time: '2026-11-15T00:00:00.000Z',
  end_time: '2026-11-22T00:00:00.000Z',
  has_enabled_providers: true,
  provider_types: [
    {
      provider_type_name: 'payments',
      provider_type_display_name: 'Payments',
      description: 'Payment services your checkout depends on.',
      providers: [provider()],
    },
    {
      provider_type_name: 'email',
      provider_type_display_name: 'E-mail',
      description: 'E-mail delivery.',
      providers: [
        provider({
          provider_uuid: 'u-klaviyo',
          provider_name: 'klaviyo',
          provider_display_name: 'Klaviyo',
          provider_type: 'email',
          health: 'healthy',
          health_display_name: 'Healthy',
          incidents: 0,
          degraded_minutes: 0,
          host_errors: 0,
          checks: { total: 1, completed: 1, statuses: [] },
        }),
      ],
    },
  ],
};

describe('/reports', () => {
  it('asks for the previous week and lists provider cards with their checks', async () => {
    const calls = serve(REPORT);
    renderRoute('/reports');
    const cards = await screen.findAllByTestId('report-provider-card', {}, SLOW);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Stripe')).toBeTruthy();
    expect(within(cards[0]!).getByText('0 of 2 checks healthy · 1 incident · 2 hours')).toBeTruthy();
    expect(within(cards[0]!).getByText('API')).toBeTruthy();
    const call = calls.callsTo('/v1/events/reports')[0]!;
    const start = new Date(call.url.searchParams.get('start_time')!);
    const end = new Date(call.url.searchParams.get('end_time')!);
    // A whole week that starts on a Sunday and has ended.
    expect(start.getUTCDay()).toBe(0);
    expect(end.getTime() - start.getTime()).toBe(7 * 86_400_000);
    expect(end.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('opens the events page filtered to the provider, and to a check', async () => {
    serve(REPORT);
    const { router } = renderRoute('/reports');
    const [stripe] = await screen.findAllByTestId('report-provider-card', {}, SLOW);
    fireEvent.click(within(stripe!).getByText('API'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('provider_uuid')).toBe('u-stripe');
    expect(q.get('provider_type')).toBe('payments');
    expect(q.get('provider_check')).toBe('API');
    expect(q.get('tenant_id')).toBe('11');
    expect(q.get('startDate')).toBeTruthy();
    expect(q.get('endDate')).toBeTruthy();
  });

  it('filters by provider type and shows the three dashboard panels', async () => {
    serve(REPORT);
    renderRoute('/reports');
    await screen.findAllByTestId('report-provider-card', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    await waitFor(() => expect(screen.getAllByTestId('report-provider-card')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: REPORTS_COPY.dashboard }));
    expect(await screen.findByRole('img', { name: REPORTS_COPY.charts.incidentsAria })).toBeTruthy();
    expect(screen.getByRole('img', { name: REPORTS_COPY.charts.minutesAria })).toBeTruthy();
    expect(screen.getByRole('img', { name: REPORTS_COPY.charts.hostErrorsAria })).toBeTruthy();
  });

  it("says 'No enabled providers' when the store turned none on", async () => {
    serve({ ...REPORT, has_enabled_providers: false, provider_types: [] });
    renderRoute('/reports');
    expect(await screen.findByText(REPORTS_COPY.noProviders, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: REPORTS_COPY.openSettings })).toBeTruthy();
  });

  it('steps back a week, and forward again up to the current week', async () => {
    const calls = serve(REPORT);
    renderRoute('/reports');
    await screen.findAllByTestId('report-provider-card', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: REPORTS_COPY.period.previous }));
    await waitFor(() => expect(calls.callsTo('/v1/events/reports').length).toBeGreaterThan(1));
    const [first, second] = calls
      .callsTo('/v1/events/reports')
      .map((c) => Date.parse(c.url.searchParams.get('start_time')!));
    expect(first! - second!).toBe(7 * 86_400_000);
    const next = () => screen.getByRole('button', { name: REPORTS_COPY.period.next }) as HTMLButtonElement;
    fireEvent.click(next());
    fireEvent.click(next());
    // The current week has not ended: no step past it.
    await waitFor(() => expect(next().disabled).toBe(true));
  });
});
