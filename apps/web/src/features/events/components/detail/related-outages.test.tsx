import { screen, within } from '@testing-library/react';
import type { OutageLink } from '@tidemark/contract';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify, makeTenantInfo } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { EVENTS_COPY } from '../../messages';
import { makeEventGroup } from '../../testing/fixtures';

vi.mock('@/components/chart', () => ({
  EChart: (props: { ariaLabel: string; testId?: string }) => (
    <div role="img" aria-label={props.ariaLabel} data-testid={props.testId} />
  ),
}));

const SLOW = { timeout: 10_000 };

function serve(extra: Record<string, MockHandler>) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': {
      body: makeTenantInfo(),
    },
    'GET /v1/events/groups/7/feedback': { status: 404, body: { success: false, message: 'none' } },
    'POST /v1/analytics/events': { body: { recorded: true } },
    ...extra,
  });
}

const link = (over: Partial<OutageLink> = {}): OutageLink => ({
  id: '12',
  kind: 'experience_event',
  title: 'Checkouts dropped 58% below expected',
  provider_uuid: 'u-stripe',
  provider_display_name: 'Stripe',
  provider_logo_url: null,
  ts_start: '2026-11-20T14:00:00.000Z',
  ts_end: '2026-11-20T18:00:00.000Z',
  lost_revenue: 4210,
  formatted_lost_revenue: '$4,210',
  label: 'Likely related to the Stripe outage',
  overlap_minutes: 180,
  direction: 'down',
  ...over,
});

describe('outage and experience details', () => {
  it('lists the signals an outage is linked to with their lost revenue, and the status-page links', async () => {
    serve({
      'GET /v1/events/groups/7': {
        body: makeEventGroup({
          type: 'outage',
          sub_type: 'outage',
          title: 'Stripe Major Incident',
          kpi_id: null,
          provider_display_name: 'Stripe',
          provider_home_page_url: 'https://stripe.com',
          provider_status_page_url: 'https://status.stripe.com',
          affected_components: ['API', 'Checkout', 'Dashboard', 'Webhooks'],
          percentage_extent_distribution: null,
          related_signals: [
            link(),
            link({
              id: '3',
              kind: 'insight_group',
              title: 'Orders fell',
              lost_revenue: 1000,
              formatted_lost_revenue: '$1,000',
            }),
          ],
        }),
      },
    });
    renderRoute('/events/groups/7');
    await screen.findByText('Stripe Major Incident', {}, SLOW);
    expect(screen.getAllByText('Live').length).toBeGreaterThan(1);
    // At most 3 components on the header.
    expect(screen.getByText('Dashboard')).toBeTruthy();
    expect(screen.queryByText('Webhooks')).toBeNull();
    const signals = screen.getByTestId('related-signals');
    expect(within(signals).getByText(EVENTS_COPY.related.lostRevenueTotal('$4,210'))).toBeTruthy();
    const experience = within(signals).getByRole('link', { name: 'Checkouts dropped 58% below expected' });
    expect(experience.getAttribute('href')).toBe('/events/groups/12');
    expect(within(signals).getByRole('link', { name: 'Orders fell' }).getAttribute('href')).toBe('/groups/3');
    expect(screen.getByRole('link', { name: /Check Stripe's Status Page/ }).getAttribute('href')).toBe(
      'https://status.stripe.com',
    );
    expect(screen.getByRole('link', { name: /Visit Stripe Home Page/ }).getAttribute('href')).toBe(
      'https://stripe.com',
    );
    expect(screen.queryByText(EVENTS_COPY.detail.meaning)).toBeNull();
  });

  it('says no revenue was lost when every linked signal cost nothing (a tracking outage)', async () => {
    serve({
      'GET /v1/events/groups/7': {
        body: makeEventGroup({
          type: 'outage',
          sub_type: 'outage',
          title: 'Cloudflare Major Incident',
          kpi_id: null,
          provider_display_name: 'Cloudflare',
          percentage_extent_distribution: null,
          related_signals: [
            link({ lost_revenue: 0, formatted_lost_revenue: '$0' }),
            link({
              id: '3',
              kind: 'insight_group',
              title: 'Checkouts fell',
              lost_revenue: 0,
              formatted_lost_revenue: '$0',
            }),
          ],
        }),
      },
    });
    renderRoute('/events/groups/7');
    await screen.findByText('Cloudflare Major Incident', {}, SLOW);
    const signals = screen.getByTestId('related-signals');
    expect(within(signals).getByText(EVENTS_COPY.related.noLostRevenue)).toBeTruthy();
    expect(within(signals).queryByText(EVENTS_COPY.related.lostRevenueTotal('$0'))).toBeNull();
  });

  it('names the outage on an experience event and shows its payload figures and funnel', async () => {
    serve({
      'GET /v1/events/groups/7': {
        body: makeEventGroup({
          sub_type: 'experience',
          title: 'Checkouts dropped 58% below expected',
          kpi_id: '8',
          kpi_display_name: 'Checkouts',
          percentage_extent_distribution: null,
          events: [
            {
              event_uuid: '7-1764165600',
              start_time: '2026-11-20T15:00:00.000Z',
              status_code: null,
              payload: { current_value: 12, baseline: 30.456, upper_cap: 40, lower_cap: 20.5 },
              description: 'Checkouts 12.00 against 30.46 expected',
              data: null,
              component_status_changes: [],
              top_dimension: 'device',
            },
          ],
          related_outages: [link({ id: '40', kind: 'outage', title: 'Stripe Major Incident' })],
        }),
      },
      'GET /v1/metrics_hub/metrics/funnel': {
        body: {
          funnel_steps: [
            {
              kpi_display_name: 'Sessions',
              y: 900,
              metric_value_movement_pct: -2,
              formatted_metric_value_movement_pct: '-2%',
            },
            {
              kpi_display_name: 'Checkouts',
              y: 12,
              metric_value_movement_pct: -58,
              formatted_metric_value_movement_pct: '-58%',
            },
          ],
        },
      },
    });
    renderRoute('/events/groups/7');
    await screen.findAllByText('Checkouts dropped 58% below expected', {}, SLOW);
    const banner = screen.getByTestId('related-outages');
    expect(within(banner).getByText('Likely related to the Stripe outage')).toBeTruthy();
    expect(
      within(banner).getByRole('link', { name: EVENTS_COPY.related.viewOutage }).getAttribute('href'),
    ).toBe('/events/groups/40');
    const card = screen.getByTestId('experience-card');
    expect(within(card).getByText('12.00')).toBeTruthy();
    expect(within(card).getByText('30.46')).toBeTruthy();
    expect(within(card).getByText('20.50')).toBeTruthy();
    expect(await within(card).findByText('-58%', {}, SLOW)).toBeTruthy();
  });
});
