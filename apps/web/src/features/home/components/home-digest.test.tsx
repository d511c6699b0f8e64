import { fireEvent, screen, within } from '@testing-library/react';
import type { HomeDigest as Digest, Mover, TenantInfo } from '@tidemark/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrencyProvider } from '@/lib/currency';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render';
import { HOME_COPY } from '../messages';
import { digestEventsHref } from '../utils/events-link';
import { HomeDigest } from './home-digest';

// jsdom cannot measure text for ECharts; the chart's data is read from the digest instead.
vi.mock('@/components/chart', () => ({
  EChart: (props: { ariaLabel: string }) => <div role="img" aria-label={props.ariaLabel} />,
}));

const mover = (over: Partial<Mover>): Mover => ({
  kpi_id: '1',
  kpi_display_name: 'Revenue',
  kpi_format: 'currency',
  accent: 'positive',
  current_value: 12_500,
  previous_value: 10_000,
  change: 0.25,
  expected_value: 10_200,
  yhat_lower: 9_000,
  yhat_upper: 11_000,
  range_position: 'above',
  is_good: true,
  ...over,
});

const DIGEST: Digest = {
  tenant_id: 11,
  has_metrics: true,
  north_star: {
    kpi_id: '1',
    kpi_display_name: 'Revenue',
    kpi_format: 'currency',
    accent: 'positive',
    chosen_by: 'top_tier',
    points: [
      {
        timestamp: '2026-11-24T00:00:00.000Z',
        y: 10_000,
        yhat: 10_100,
        yhat_lower: 9_000,
        yhat_upper: 11_000,
      },
      {
        timestamp: '2026-11-25T00:00:00.000Z',
        y: 12_500,
        yhat: 10_200,
        yhat_lower: 9_000,
        yhat_upper: 11_000,
      },
    ],
    day: mover({}),
  },
  periods: [
    {
      period: 'day',
      ts_start: '2026-11-25T00:00:00.000Z',
      ts_end: '2026-11-26T00:00:00.000Z',
      movers: [
        mover({}),
        mover({
          kpi_id: '2',
          kpi_display_name: 'Orders',
          kpi_format: 'number',
          current_value: 80,
          change: -0.2,
          is_good: false,
          range_position: 'below',
          yhat_lower: 90,
          yhat_upper: 120,
          expected_value: 105,
        }),
      ],
    },
    { period: 'month', ts_start: '2026-10-01T00:00:00.000Z', ts_end: '2026-11-01T00:00:00.000Z', movers: [] },
    {
      period: 'quarter',
      ts_start: '2026-07-01T00:00:00.000Z',
      ts_end: '2026-10-01T00:00:00.000Z',
      movers: [
        mover({ kpi_id: '3', kpi_display_name: 'Sessions', kpi_format: 'number', current_value: 90_000 }),
      ],
    },
  ],
  items: [
    {
      kind: 'event_group',
      id: '7',
      title: 'Checkout script fails',
      severity: 'High',
      accent: 'negative',
      ts_start: '2026-11-25T10:00:00.000Z',
      ts_end: '2026-11-25T12:00:00.000Z',
      dollar_impact: 4_300,
      status: 'Active',
    },
    {
      kind: 'insight_group',
      id: '42',
      title: 'Revenue spiked in the US',
      severity: 'Medium',
      accent: 'positive',
      ts_start: '2026-11-24T00:00:00.000Z',
      ts_end: '2026-11-25T00:00:00.000Z',
      dollar_impact: 2_500,
      status: 'Open',
    },
  ],
  events: {
    ts_start: '2026-08-27T12:00:00.000Z',
    ts_end: '2026-11-25T12:00:00.000Z',
    severity: { High: 2, Medium: 1, Low: 0 },
    types: [{ type: 'error', sub_type: 'js', count: 3 }],
    providers: [
      { provider_uuid: 'b7e1c1de-0000-4000-8000-000000000001', provider_display_name: 'Stripe', count: 1 },
    ],
  },
};

const INFO: TenantInfo = {
  tenant_id: 11,
  last_digest_ts: { day: '2026-11-25T08:00:00.000Z', month: null, quarter: null },
  is_forecast_enabled: false,
  currency: 'EUR',
  currency_symbol: '€',
  timezone: 'Etc/UTC',
  last_insight_ts: null,
};

function show(answer: { status?: number; body?: unknown }) {
  mockFetch({ 'GET /v1/home/digest': answer });
  return renderWithRouter(
    <CurrencyProvider symbol="€">
      <HomeDigest
        scope={{ tenantId: 11, isDemo: false, dimName: null, dimVal: null }}
        info={INFO}
        linkQuery={{ tenant_id: 11 }}
      />
    </CurrencyProvider>,
  );
}

describe('the home digest', () => {
  afterEach(() => vi.useRealTimers());
  it('shows the North Star, the day’s movers and switches to the quarter', async () => {
    show({ body: DIGEST });
    const star = await screen.findByRole('region', { name: HOME_COPY.northStar });
    expect(within(star).getByTestId('north-star-value').textContent).toBe('€12.5k');
    expect(within(star).getByText(/Expected €9k – €11k/)).toBeTruthy();
    const movers = screen.getByRole('region', { name: HOME_COPY.topMovers });
    expect(within(movers).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/metrics/2?tenant_id=11',
    );
    expect(within(movers).getByText('-20.0% vs previous day')).toBeTruthy();
    fireEvent.click(within(movers).getByRole('tab', { name: 'Quarter' }));
    expect(within(movers).getByRole('link', { name: 'Sessions' })).toBeTruthy();
    expect(within(movers).getByTestId('movers-period').textContent).toBe('Jul 2026 – Sep 2026');
  });

  it('gives a change past 999 % in units, money in the workspace currency', async () => {
    const day = {
      period: 'day' as const,
      ts_start: '2026-11-25T00:00:00.000Z',
      ts_end: '2026-11-26T00:00:00.000Z',
      movers: [
        mover({
          kpi_id: '2',
          kpi_display_name: 'Orders',
          kpi_format: 'number',
          current_value: 41,
          previous_value: 1,
          change: 40,
        }),
        mover({ current_value: 12_500, previous_value: 100, change: 124 }),
      ],
    };
    show({ body: { ...DIGEST, periods: [day, ...DIGEST.periods.slice(1)] } });
    const movers = await screen.findByRole('region', { name: HOME_COPY.topMovers });
    expect(within(movers).getByText('+40 vs previous day')).toBeTruthy();
    expect(within(movers).getByText('+€12.4k vs previous day')).toBeTruthy();
    expect(within(movers).queryByText(/k% vs previous/)).toBeNull();
  });

  it('ranks open items by money in the workspace currency and opens each one', async () => {
    show({ body: DIGEST });
    const list = await screen.findByRole('region', { name: HOME_COPY.openItems });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/events/groups/7?tenant_id=11',
      '/groups/42?tenant_id=11',
    ]);
    expect(within(links[0]!).getByText('€4.3k')).toBeTruthy();
    expect(within(links[1]!).getByText('+€2.5k')).toBeTruthy();
  });

  it('sends filter clicks to /events with provider_uuid JSON-encoded', async () => {
    show({ body: DIGEST });
    const events = await screen.findByRole('region', { name: HOME_COPY.events });
    const high = new URL(within(events).getByText('High · 2').closest('a')!.href);
    expect(high.pathname).toBe('/events');
    expect(Object.fromEntries(high.searchParams)).toEqual({
      tenant_id: '11',
      startDate: DIGEST.events.ts_start,
      endDate: DIGEST.events.ts_end,
      pipelineSchedule: 'q',
      severity: 'High',
    });
    const js = new URL(within(events).getByText('JavaScript errors · 3').closest('a')!.href);
    expect(js.searchParams.get('type')).toBe('error:js');
    const stripe = new URL(within(events).getByText('Stripe · 1').closest('a')!.href);
    expect(JSON.parse(stripe.searchParams.get('provider_uuid')!)).toEqual([
      DIGEST.events.providers[0]!.provider_uuid,
    ]);
    expect(digestEventsHref({ provider_uuid: 'x' }, { start: null, end: null })).toBe(
      `/events?provider_uuid=${encodeURIComponent('["x"]')}`,
    );
  });

  it('shows the last digest times from tenant info', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 28, 12) });
    show({ body: DIGEST });
    expect((await screen.findByTestId('last-digest-day')).textContent).toMatch(/^25 Nov \(/);
    expect(screen.getByTestId('last-digest-month').textContent).toBe(HOME_COPY.digestNever);
  });

  it("gives the cards' dates their year once the digest is from another year", async () => {
    const short = {
      lastDay: 'Last complete day: 25 Nov',
      dayMovers: '25 Nov',
      events: '27 Aug – 25 Nov',
      digest: /^25 Nov \(/,
    };
    const long = {
      lastDay: 'Last complete day: 25 Nov 2026',
      dayMovers: '25 Nov 2026',
      events: '27 Aug 2026 – 25 Nov 2026',
      digest: /^25 Nov 2026 \(/,
    };
    for (const [now, expected] of [
      [Date.UTC(2026, 10, 28, 12), short],
      [Date.UTC(2027, 1, 3, 12), long],
    ] as const) {
      vi.useFakeTimers({ toFake: ['Date'], now });
      const { unmount } = show({ body: DIGEST });
      const star = await screen.findByRole('region', { name: HOME_COPY.northStar });
      expect(within(star).getByText(new RegExp(expected.lastDay + '$'))).toBeTruthy();
      const movers = screen.getByRole('region', { name: HOME_COPY.topMovers });
      expect(within(movers).getByTestId('movers-period').textContent).toBe(expected.dayMovers);
      const events = screen.getByRole('region', { name: HOME_COPY.events });
      expect(within(events).getByText(expected.events)).toBeTruthy();
      expect(screen.getByTestId('last-digest-day').textContent).toMatch(expected.digest);
      unmount();
      vi.useRealTimers();
    }
  });

  it('says when the North Star metric has no data', async () => {
    show({ body: { ...DIGEST, north_star: null } });
    expect(await screen.findByText(HOME_COPY.northStarFailed)).toBeTruthy();
  });

  it('tells a new workspace how to start', async () => {
    show({
      body: {
        ...DIGEST,
        has_metrics: false,
        north_star: null,
        periods: DIGEST.periods.map((p) => ({ ...p, ts_start: null, ts_end: null, movers: [] })),
        items: [],
        events: {
          ts_start: null,
          ts_end: null,
          severity: { High: 0, Medium: 0, Low: 0 },
          types: [],
          providers: [],
        },
      },
    });
    expect(await screen.findByText(HOME_COPY.emptyTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: HOME_COPY.addDataSource }).getAttribute('href')).toBe(
      '/onboarding/select-datasources',
    );
    expect(screen.getByText(HOME_COPY.noEvents)).toBeTruthy();
  });

  it('offers a retry when the digest fails', async () => {
    show({ status: 500, body: { success: false, message: 'boom' } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('Internal Server Error')).toBeTruthy();
  });
});
