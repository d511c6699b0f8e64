import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeTenantInfo, makeVerify } from '@/testing/fixtures';
import { renderRoute, renderWithRouter } from '@/testing/render';
import { EVENTS_COPY } from '../messages';
import { makeEventGroup, makeSummary } from '../testing/fixtures';
import { periodStart } from '../utils/period';
import { FeedbackWidget } from './feedback-widget';
import { TimePickerModal } from './time-picker-modal';

// jsdom cannot measure text for ECharts; the charts' rules are tested apart from the drawing.
vi.mock('@/components/chart', () => ({
  EChart: (props: { ariaLabel: string; testId?: string }) => (
    <div role="img" aria-label={props.ariaLabel} data-testid={props.testId} />
  ),
}));

/** No jest-dom here: a control's disabled state, read from the element. */
/** The machine is shared: first loads of a whole route may take a few seconds. */
const SLOW = { timeout: 10_000 };
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

function serve(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { body: makeTenantInfo() },
    'GET /v1/events/summary': { body: { data: makeSummary() } },
    'GET /v1/events/filters': { body: { data: { providers: [], provider_types: [], provider_checks: [] } } },
    'GET /v1/events/pattern_series': { body: [] },
    'POST /v1/analytics/events': { body: { recorded: true } },
    ...extra,
  });
}

describe('time picker modal', () => {
  const NOW = new Date(2026, 10, 25, 12, 0).getTime();

  it('enables Submit only for a valid range of at least five minutes in the past', async () => {
    const onSubmit = vi.fn();
    renderWithRouter(
      <TimePickerModal
        open
        value={{ start: NOW - 3_600_000, end: NOW }}
        onClose={() => undefined}
        onSubmit={onSubmit}
        now={() => NOW}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pick date & time range' });
    const start = within(dialog).getByLabelText('Start');
    const end = within(dialog).getByLabelText('End');
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(start.getAttribute('placeholder')).toBe('mm/dd/yyyy hh:mm am/pm');
    expect(disabled(submit)).toBe(false);

    fireEvent.change(start, { target: { value: '11/25/2026 11:57 am' } });
    expect(disabled(submit)).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toContain(EVENTS_COPY.picker.tooShort);

    fireEvent.change(start, { target: { value: '11/25/2026 12:30 pm' } });
    expect(disabled(submit)).toBe(true);

    fireEvent.change(start, { target: { value: 'not a date' } });
    expect(disabled(submit)).toBe(true);

    fireEvent.change(start, { target: { value: '11/25/2026 09:00 am' } });
    fireEvent.change(end, { target: { value: '11/25/2026 08:00 am' } });
    expect(within(dialog).getByRole('status').textContent).toContain(EVENTS_COPY.picker.startAfterEnd);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Last week' }));
    expect(disabled(submit)).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ start: expect.any(Number), end: expect.any(Number) });
    const range = onSubmit.mock.calls[0]![0] as { start: number; end: number };
    expect(Math.round((range.end - range.start) / 86_400_000)).toBe(7);
  });
});

describe('feedback widget', () => {
  it('toggles exclusive thumbs, clears with null, thanks for 3 s and hides reasons in a modal', async () => {
    const calls = serve();
    const onSend = vi.fn(async () => undefined);
    const view = renderWithRouter(
      <FeedbackWidget groupId="7" helpful={true} comment={null} onSend={onSend} />,
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // Pressing the active thumb clears it.
      fireEvent.click(screen.getByRole('button', { name: EVENTS_COPY.feedback.yes }));
      await waitFor(() => expect(onSend).toHaveBeenCalledWith({ feedback_ishelpful: null }));
      await screen.findByText(EVENTS_COPY.feedback.thanks);
      await act(async () => {
        vi.advanceTimersByTime(2900);
      });
      expect(screen.getByText(EVENTS_COPY.feedback.thanks)).toBeTruthy();
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByText(EVENTS_COPY.feedback.thanks)).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: EVENTS_COPY.feedback.no }));
      await waitFor(() => expect(onSend).toHaveBeenLastCalledWith({ feedback_ishelpful: false }));
      await screen.findByText(EVENTS_COPY.feedback.thanks);
    } finally {
      vi.useRealTimers();
    }
    // A reason is its own post, never with feedback_ishelpful.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: EVENTS_COPY.feedback.reason }));
    fireEvent.click(await screen.findByRole('option', { name: 'Incorrect forecast' }));
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith({ feedback_comment: 'Incorrect forecast' }));
    await waitFor(() =>
      expect(
        calls.calls
          .filter((c) => c.url.pathname === '/v1/analytics/events')
          .map((c) => (c.body as { event: string }).event),
      ).toEqual(expect.arrayContaining(['emoji_clicked', 'feedback_dropdown_selected'])),
    );
    view.unmount();

    renderWithRouter(<FeedbackWidget groupId="7" helpful={null} comment={null} onSend={onSend} modal />);
    expect(screen.queryByRole('combobox', { name: EVENTS_COPY.feedback.reason })).toBeNull();
  });

  it('says so when the post fails', async () => {
    serve();
    renderWithRouter(
      <FeedbackWidget
        groupId="7"
        helpful={null}
        comment={null}
        onSend={() => Promise.reject(new Error('x'))}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: EVENTS_COPY.feedback.yes }));
    await screen.findByText('There was an Error While posting feedback for this Group.');
  });
});

describe('/events', () => {
  it('auto-selects the highest severity with events, lists cards by end day and ends caught up', async () => {
    const pages: Record<string, unknown[]> = {
      '1': [
        makeEventGroup(),
        makeEventGroup({
          event_group_id: '8',
          formatted_event_group_sequence_id: 'EV-0008',
          title: 'Payment API answers 503',
        }),
      ],
    };
    const calls = serve({
      'GET /v1/events/groups': ({ url }) => ({
        body: { event_groups: pages[url.searchParams.get('page_num') ?? ''] ?? [], count: 0 },
      }),
    });
    const { router } = renderRoute('/events');
    // High has no events, Medium has: Medium is picked and written to the URL.
    await waitFor(() => expect(router.state.location.search).toContain('severity=Medium'), SLOW);
    const cards = await screen.findAllByTestId('event-card', {}, SLOW);
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('region', { name: EVENTS_COPY.today })).toBeTruthy();
    expect(within(cards[0]!).getByText('Live')).toBeTruthy();
    expect(within(cards[0]!).getByText('$1.2k')).toBeTruthy();
    expect(within(cards[0]!).getByText('Skew: Safari')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: EVENTS_COPY.loadMore }));
    await screen.findByText(EVENTS_COPY.caughtUp, {}, SLOW);
    const groupCalls = calls.calls.filter((c) => c.url.pathname === '/v1/events/groups');
    expect(groupCalls[0]!.url.searchParams.get('severity')).toBe('Medium');

    // Next is disabled in the current period; previous steps back a week and the list starts again.
    expect(disabled(screen.getByRole('button', { name: EVENTS_COPY.period.next }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: EVENTS_COPY.period.previous }));
    await waitFor(() => expect(router.state.location.search).toContain('startDate='));
    expect(disabled(screen.getByRole('button', { name: EVENTS_COPY.period.next }))).toBe(false);

    // Clicking a card opens the group over the feed.
    const again = await screen.findAllByTestId('event-card', {}, SLOW);
    fireEvent.click(again[0]!.querySelector('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/groups/7'), SLOW);
  });

  it("waits for the workspace's zone before asking for a period and picking a severity", async () => {
    // A zone far from the browser's (jsdom's UTC): its week starts at another instant.
    const zone = 'Pacific/Kiritimati';
    const weekStart = periodStart(Date.now(), 'week', zone);
    const calls = serve({
      'GET /v1/tenants/info': async () => {
        await new Promise((r) => setTimeout(r, 300));
        return { body: makeTenantInfo({ timezone: zone }) };
      },
      // Another range (the browser's week) would have High events only.
      'GET /v1/events/summary': ({ url }) => ({
        body: {
          data:
            Date.parse(url.searchParams.get('start_time') ?? '') === weekStart
              ? makeSummary()
              : makeSummary({ severity: { High: { count: 4 }, Medium: { count: 0 }, Low: { count: 0 } } }),
        },
      }),
      'GET /v1/events/groups': { body: { event_groups: [makeEventGroup()], count: 1 } },
    });
    const { router } = renderRoute('/events');
    await waitFor(() => expect(router.state.location.search).toContain('severity=Medium'), SLOW);
    await screen.findAllByTestId('event-card', {}, SLOW);
    const asked = [...calls.callsTo('/v1/events/summary'), ...calls.callsTo('/v1/events/groups')];
    expect(asked.length).toBeGreaterThan(1);
    for (const call of asked) expect(Date.parse(call.url.searchParams.get('start_time')!)).toBe(weekStart);
  });

  it('shows the empty states, and the filter selectors refuse typing', async () => {
    serve({
      'GET /v1/events/summary': {
        body: {
          data: makeSummary({
            total_events: { count: 0, formatted_count: '0' },
            severity: { High: { count: 0 }, Medium: { count: 0 }, Low: { count: 0 } },
          }),
        },
      },
      'GET /v1/events/groups': { body: { event_groups: [], count: 0 } },
    });
    const { router } = renderRoute('/events');
    await screen.findByText(EVENTS_COPY.empty.noErrors, {}, SLOW);
    expect(router.state.location.search).toContain('severity=High');
    const severity = within(screen.getByTestId('events-filter-severity')).getByRole('combobox');
    expect(severity.hasAttribute('readonly')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('severity')).toBe(''));
  });
});

describe('/events/groups/:id', () => {
  it('shows the not-found view with resource type Group on a 404', async () => {
    serve({ 'GET /v1/events/groups/99': { status: 404, body: { success: false, message: 'Not found' } } });
    renderRoute('/events/groups/99');
    await screen.findByText('It looks like there is no data for this Group.', {}, SLOW);
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeTruthy();
  });

  it('fills the details panel, the impact card and the error logs', async () => {
    serve({
      'GET /v1/events/groups/7': { body: makeEventGroup() },
      'GET /v1/events/groups/7/feedback': { status: 404, body: { success: false, message: 'none' } },
      'GET /v1/metrics_hub/metrics/ev_group_7/related_metrics': {
        body: {
          kpis: [
            {
              kpi_id: 'ev_group_7',
              kpi_name: 'ev_group_7',
              kpi_display_name: 'Errors of EV-0007',
              kpi_format: 'number',
              metric_category: null,
              kpi_parent_uuid: null,
            },
          ],
        },
      },
      'GET /v1/metrics_hub/metrics/ev_group_7/compare': {
        body: [
          {
            timestamp: new Date().toISOString(),
            results: [
              { y: 3, yhat_lower: 0, yhat_upper: 1, dim_val: null, kpi_name: 'ev_group_7', insight: null },
            ],
          },
        ],
      },
      'GET /v1/events/e1/rootcause': {
        body: {
          data: {
            rootcause_details: [
              {
                dimension_name: 'browser',
                dimension_value: 'Safari',
                expected_dimension_value: 20,
                actual_dimension_value: 90,
                dimension_value_movement_pct: 350,
                formatted_dimension_value_movement_pct: '+350%',
              },
            ],
          },
        },
      },
    });
    renderRoute('/events/groups/7');
    await screen.findByText('Checkout button throws TypeError for 4.2% of Safari visitors', {}, SLOW);
    expect(screen.getAllByText('EV-0007').length).toBeGreaterThan(0);
    // Labels: Dur, Freq and Skew per browser and OS driver.
    const labels = screen.getByTestId('event-labels');
    expect(within(labels).getByText('Dur: Medium')).toBeTruthy();
    expect(within(labels).getByText('Skew: Safari')).toBeTruthy();
    expect(within(labels).getByText('Skew: iOS')).toBeTruthy();
    // Bullets without dashes.
    expect(screen.getByText('Visitors on Safari cannot press Pay')).toBeTruthy();
    expect(screen.getByText('WHAT CAN YOU DO?')).toBeTruthy();
    expect(screen.getByText(EVENTS_COPY.help.js)).toBeTruthy();

    // Impact: the table view shows the columns; the source tab disables the table and forces the chart.
    const impact = screen.getByTestId('event-impact');
    fireEvent.click(within(impact).getByRole('button', { name: 'Table view' }));
    for (const column of EVENTS_COPY.impact.columns) expect(within(impact).getByText(column)).toBeTruthy();
    expect(within(impact).getByText('/page-7')).toBeTruthy();
    fireEvent.click(within(impact).getByRole('tab', { name: 'Event Source Impact' }));
    expect(disabled(within(impact).getByRole('button', { name: 'Table view' }))).toBe(true);
    expect(within(impact).getByTestId('event-impact-chart')).toBeTruthy();

    // Error logs expand to the payload, shown as text.
    const logs = screen.getByTestId('event-logs');
    fireEvent.click(within(logs).getByRole('button', { name: EVENTS_COPY.logs.expand }));
    expect(await within(logs).findByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(document.querySelector('script[src], script:not([type])')).toBeNull();

    // Timeline of Events: bar forced for the pixel page type, monthly disabled, funnel not offered.
    const timeline = await screen.findByTestId('event-timeline', {}, SLOW);
    expect(disabled(within(timeline).getByRole('button', { name: 'M' }))).toBe(true);
    expect(disabled(within(timeline).getByRole('button', { name: 'H' }))).toBe(false);
    expect(within(timeline).getByRole('button', { name: 'Bar' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(timeline).queryByRole('button', { name: 'Funnel' })).toBeNull();
    await within(timeline).findByTestId('event-timeline-chart', {}, SLOW);

    await screen.findByTestId('event-rootcause-chart', {}, SLOW);
  });
});
