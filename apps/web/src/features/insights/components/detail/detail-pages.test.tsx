import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INSIGHT_MESSAGES, type Group, type Insight } from '@tidemark/contract';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify, makeTenantInfo } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { setDemoMode } from '@/session';
import { DETAIL_COPY, INSIGHTS_COPY } from '../../messages';
import { annotationError, moveFor, teamStateOf } from './annotation';

vi.mock('@/components/chart', () => ({
  EChart: (props: { ariaLabel: string }) => <div role="img" aria-label={props.ariaLabel} />,
}));

const NOW = Date.now();
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const DAY = 86_400_000;

const GROUP: Group = {
  group_id: '5',
  group_title: 'Orders rose well above expected',
  group_summary: 'Orders were 141 on Friday.',
  group_accent: 'positive',
  group_severity: 'High',
  group_status: 'ACTIVE',
  group_ts_start: iso(DAY),
  group_ts_end: iso(DAY),
  group_pattern_type: 'Point Anomaly',
  group_direction: 'up',
  pipeline_schedule: 'd',
  insights: ['26'],
  tenant_id: '11',
  dim_display_name: null,
  dim_val: null,
  funnels: [],
  top_kpi_id: '2',
  chart_ts_start: iso(20 * DAY),
  chart_ts_end: iso(0),
  chart_title: 'Orders',
  dollar_impact: null,
  formatted_dollar_impact: null,
};

const INSIGHT: Insight = {
  insight_id: '26',
  insight_id_ts: iso(DAY),
  insight_title: 'Orders rose',
  insight_summary: 'Orders were 141, above the expected 15.5.',
  insight_severity: 'High',
  accent: 'positive',
  pattern_direction: 'up',
  pattern_type: 'Point Anomaly',
  pipeline_schedule: 'd',
  pattern_count: 1,
  has_rootcause: false,
  kpi_id: '2',
  kpi_display_name: 'Orders',
  kpi_format: 'number',
  chart_description: '',
  chart_ts_start: iso(20 * DAY),
  chart_ts_end: iso(0),
  current_value: 141,
  expected_value: 15.5,
  formatted_current_value: '141',
  formatted_expected_value: '15.5',
  formatted_difference_value: '+125.5',
  formatted_lift_percentage: '+809.7%',
  formatted_trailing_sum: '141',
  formatted_normalization_string: 'per day',
  is_derived: false,
  pattern_data: {
    yhat_lower: 10,
    yhat_upper: 20,
    formatted_yhat_lower: '10',
    formatted_yhat_upper: '20',
    formatted_delta_to_date: '+125',
    changepoint_value: null,
    formatted_changepoint_value: null,
    post_period: null,
    trend_unit: null,
    trend_line: null,
  },
  dollar_impact: null,
  formatted_dollar_impact: null,
  dim_name: null,
  dim_val: null,
  group_id: '5',
};

const move = (state: string, i: number) => ({
  change_type: 'state_change',
  change_data: { old_state: 'Open', current_state: state },
  login_id: 'ana@shop.test',
  created_at: iso(i * 60_000),
});

function serve(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': {
      body: makeTenantInfo(),
    },
    'GET /v1/insights/groups/5': { body: GROUP },
    'GET /v1/groups/5/metrics': { body: { kpis: [] } },
    'GET /v1/insights/groups/5/feedback': { status: 404, body: { success: false, message: 'none' } },
    'GET /v1/insights/groups/5/history': { body: { history: [], count: 0 } },
    'GET /v1/insights/groups/5/impact': {
      body: [
        { type: 'time', name: 'Time to detect', value: 3_600_000 },
        { type: 'time', name: 'Time to resolve', value: null },
      ],
    },
    'GET /v1/insights/26': { body: INSIGHT },
    'GET /v1/pattern_series': { body: [] },
    'GET /v1/pattern_series/overlays': { body: { main: [], period1: [], period2: [] } },
    ...extra,
  });
}

describe('annotation rules (spec 3 §5)', () => {
  const current = { title: 'A', summary: 'B' };
  it('gives only the first failing message', () => {
    expect(annotationError(current, { title: ' ', summary: '' })).toBe(INSIGHT_MESSAGES.titleEmpty);
    expect(annotationError(current, { title: 'A', summary: '  ' })).toBe(INSIGHT_MESSAGES.summaryEmpty);
    expect(annotationError(current, { title: ' A ', summary: 'B' })).toBe(INSIGHT_MESSAGES.nothingChanged);
    expect(annotationError(current, { title: 'A2', summary: 'B' })).toBeNull();
  });
  it('maps group_status to the team state and the move a button makes', () => {
    expect(teamStateOf('ACTIVE')).toBe('Open');
    expect(teamStateOf('Resolved')).toBe('Resolved');
    expect(moveFor('resolve', 'Open')).toEqual({ old_state: 'Open', current_state: 'Resolved' });
    expect(moveFor('flag', 'Resolved')).toEqual({ old_state: 'Resolved', current_state: 'Open' });
  });
});

describe('the group page', () => {
  it('pages the history four at a time with See More, each move as Moved to {state}', async () => {
    const all = [
      move('Resolved', 1),
      move('Open', 2),
      move('Flagged', 3),
      move('Resolved', 4),
      move('Resolved', 5),
    ];
    const mock = serve({
      'GET /v1/insights/groups/5/history': ({ url }) => {
        const page = Number(url.searchParams.get('page_num'));
        const count = Number(url.searchParams.get('count'));
        return { body: { history: all.slice((page - 1) * count, page * count), count: all.length } };
      },
    });
    renderRoute('/groups/5');
    const list = await screen.findByTestId('group-history');
    // The time to detect is known; an open group's time to resolve is not shown yet.
    expect(await screen.findByText(/^Time to detect: /)).toBeTruthy();
    expect(screen.queryByText(/^Time to resolve/)).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getAllByText('Moved to Resolved')).toHaveLength(2);
    expect(within(list).getByText('Moved to Flagged')).toBeTruthy();
    expect(within(list).getByText(DETAIL_COPY.movedBackToOpen)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.seeMore }));
    await waitFor(() =>
      expect(within(screen.getByTestId('group-history')).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(screen.getByText(INSIGHTS_COPY.caughtUp)).toBeTruthy();
    expect(screen.queryByRole('button', { name: DETAIL_COPY.seeMore })).toBeNull();
    const calls = mock.callsTo('/v1/insights/groups/5/history');
    expect(calls.map((c) => [c.url.searchParams.get('page_num'), c.url.searchParams.get('count')])).toEqual([
      ['1', '4'],
      ['2', '4'],
    ]);
  });

  it('says when there is no history, and offers a retry when it fails', async () => {
    serve({
      'GET /v1/insights/groups/5/history': { status: 500, body: { success: false, message: 'boom' } },
    });
    renderRoute('/groups/5');
    expect(await screen.findByText(DETAIL_COPY.historyFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('resolves through Cancel / Confirm, with both disabled while the move loads', async () => {
    let release: () => void = () => {};
    const mock = serve({
      'POST /v1/groups/team_states': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { success: true, moved: 1 } });
        }),
    });
    renderRoute('/groups/5');
    await screen.findByText(DETAIL_COPY.historyEmpty);
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.resolve }));
    let dialog = await screen.findByRole('dialog', { name: DETAIL_COPY.resolveTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: DETAIL_COPY.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mock.callsTo('/v1/groups/team_states')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.resolve }));
    dialog = await screen.findByRole('dialog', { name: DETAIL_COPY.resolveTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: DETAIL_COPY.confirm }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: DETAIL_COPY.confirm }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
    expect(within(dialog).getByRole('button', { name: DETAIL_COPY.cancel }).hasAttribute('disabled')).toBe(
      true,
    );
    release();
    expect(await screen.findByText(DETAIL_COPY.movedToFeed('Resolved'))).toBeTruthy();
    expect(mock.callsTo('/v1/groups/team_states')[0]!.body).toEqual({
      old_state: 'Open',
      current_state: 'Resolved',
      groups: ['5'],
    });
  });

  it('links the snackbar after a move to the feed the group went to, and that feed lists it', async () => {
    const mock = serve({
      'POST /v1/groups/team_states': { body: { success: true, moved: 1 } },
      'GET /v1/insights/groups': { body: { groups: [], generated_groups_count: 0 } },
    });
    const { router } = renderRoute('/groups/5');
    await screen.findByText(DETAIL_COPY.historyEmpty);
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.resolve }));
    const dialog = await screen.findByRole('dialog', { name: DETAIL_COPY.resolveTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: DETAIL_COPY.confirm }));
    const link = await screen.findByRole('link', { name: DETAIL_COPY.openFeed('Resolved') });
    expect(link.getAttribute('href')).toBe('/feed?state=Resolved');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(router.state.location.search).toBe('?state=Resolved');
    await waitFor(() => expect(mock.callsTo('/v1/insights/groups').length).toBeGreaterThan(0));
    expect(mock.callsTo('/v1/insights/groups')[0]!.url.searchParams.get('team_state')).toBe('Resolved');
  });

  it('reads Live only while the anomaly goes on, and Open once it is over', async () => {
    serve({ 'GET /v1/insights/groups/5': { body: { ...GROUP, group_status: 'ACTIVE' } } });
    const live = renderRoute('/groups/5');
    expect((await screen.findByTestId('team-state')).textContent).toBe(INSIGHTS_COPY.live);
    live.unmount();
    serve({ 'GET /v1/insights/groups/5': { body: { ...GROUP, group_status: 'Open' } } });
    renderRoute('/groups/5');
    expect((await screen.findByTestId('team-state')).textContent).toBe('Open');
  });

  it('keeps a failed move in the dialog with the server message', async () => {
    serve({
      'GET /v1/insights/groups/5': { body: { ...GROUP, group_status: 'Resolved' } },
      'POST /v1/groups/team_states': { status: 500, body: { success: false, message: 'Database is down' } },
    });
    renderRoute('/groups/5');
    fireEvent.click(await screen.findByRole('button', { name: DETAIL_COPY.flag }));
    const dialog = await screen.findByRole('dialog', { name: DETAIL_COPY.flagTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: DETAIL_COPY.confirm }));
    expect(await within(dialog).findByText('Database is down')).toBeTruthy();
  });

  it('validates an inline edit before posting it, then saves', async () => {
    const mock = serve({
      'POST /v1/insights/groups/5/annotate': {
        body: {
          success: true,
          message: DETAIL_COPY.annotated,
          title: 'New title',
          summary: GROUP.group_summary,
        },
      },
    });
    renderRoute('/groups/5');
    fireEvent.click(await screen.findByRole('button', { name: DETAIL_COPY.edit }));
    const title = screen.getByRole('textbox', { name: DETAIL_COPY.titleLabel });
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.save }));
    expect(await screen.findByText(INSIGHT_MESSAGES.nothingChanged)).toBeTruthy();
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.save }));
    expect(await screen.findByText(INSIGHT_MESSAGES.titleEmpty)).toBeTruthy();
    expect(mock.callsTo('/v1/insights/groups/5/annotate')).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'New title' } });
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.save }));
    expect(await screen.findByText(DETAIL_COPY.annotated)).toBeTruthy();
    expect(mock.callsTo('/v1/insights/groups/5/annotate')[0]!.body).toEqual({
      old_data: { title: GROUP.group_title, summary: GROUP.group_summary },
      new_data: { title: 'New title', summary: GROUP.group_summary },
    });
  });

  it('shows the spec message when the annotate call fails with 500', async () => {
    serve({ 'POST /v1/insights/groups/5/annotate': { status: 500, body: { success: false, message: 'x' } } });
    renderRoute('/groups/5');
    fireEvent.click(await screen.findByRole('button', { name: DETAIL_COPY.edit }));
    fireEvent.change(screen.getByRole('textbox', { name: DETAIL_COPY.summaryLabel }), {
      target: { value: 'Changed' },
    });
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.save }));
    expect(await screen.findByText(DETAIL_COPY.annotateServerError)).toBeTruthy();
  });

  it('disables the team actions and the edit on the read-only demo store', async () => {
    setDemoMode(true);
    try {
      serve();
      renderRoute('/groups/5');
      const resolve = await screen.findByRole('button', { name: DETAIL_COPY.resolve });
      expect(resolve.hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: DETAIL_COPY.edit }).hasAttribute('disabled')).toBe(true);
    } finally {
      setDemoMode(false);
    }
  });

  it('shows the Group not-found view for an unknown id', async () => {
    const mock = serve({
      'GET /v1/insights/groups/77': { status: 404, body: { success: false, message: 'no' } },
    });
    const first = renderRoute('/groups/77');
    expect(await screen.findByText(INSIGHTS_COPY.notFound('Group'))).toBeTruthy();
    first.unmount();
    renderRoute('/groups/not-an-id');
    expect(await screen.findByText(INSIGHTS_COPY.notFound('Group'))).toBeTruthy();
    expect(mock.calls.some((c) => c.url.pathname.includes('not-an-id'))).toBe(false);
  });
});

describe('the insight page', () => {
  it('shows the figures, the lift popover and a link to its group', async () => {
    serve();
    renderRoute('/insights/26');
    expect(await screen.findByRole('heading', { name: 'Orders rose' })).toBeTruthy();
    expect(screen.getByText('+809.7%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.liftHow }));
    expect(await screen.findByText(DETAIL_COPY.liftWorked('141', '15.5', '+809.7%'))).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog', { name: DETAIL_COPY.liftHow }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: DETAIL_COPY.openGroup }).getAttribute('href')).toBe('/groups/5');
  });

  it('gives a lift past 999 % in units, not as "+4k%"', async () => {
    serve({
      'GET /v1/insights/26': {
        body: {
          ...INSIGHT,
          current_value: 41,
          expected_value: 1,
          formatted_current_value: '41',
          formatted_expected_value: '1',
          formatted_difference_value: '+40',
          formatted_lift_percentage: '+4k%',
        },
      },
    });
    renderRoute('/insights/26');
    expect(await screen.findByRole('heading', { name: 'Orders rose' })).toBeTruthy();
    expect(screen.getByText('41 against about 1 expected')).toBeTruthy();
    expect(screen.queryByText('+4k%')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: DETAIL_COPY.liftHow }));
    expect(await screen.findByText(DETAIL_COPY.liftInUnits)).toBeTruthy();
  });

  it('shows the Insight not-found view for an unknown id', async () => {
    serve({ 'GET /v1/insights/99': { status: 404, body: { success: false, message: 'no' } } });
    renderRoute('/insights/99');
    expect(await screen.findByText(INSIGHTS_COPY.notFound('Insight'))).toBeTruthy();
  });
});
