import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MetricImpact, MetricListRow } from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { VIEW_MODE_KEY } from '../../hooks/use-view-mode';
import { notQuantified } from './metric-card';

const row = (i: number, overrides: Partial<MetricListRow> = {}): MetricListRow => ({
  kpi_id: String(100 + i),
  kpi_display_name: `Metric ${String(i).padStart(2, '0')}`,
  category_name: i % 2 ? 'Sales' : null,
  funnel_name: null,
  tier: 1,
  impact_to_topline: 0.12345,
  accent: 'positive',
  is_active: true,
  aggregation_operation: 'sum',
  kpi_format: 'number',
  kpi_currency: null,
  status: {
    pipeline_runs: (['h', 'd', 'w', 'm'] as const).map((frequency) => ({
      frequency,
      status: frequency === 'm' ? 'failure' : 'success',
      is_active: true,
      last_run: '2026-11-20T10:00:00Z',
    })),
    last_insight_ts: i === 1 ? '2026-11-20T10:00:00Z' : null,
    last_insight_id: i === 1 ? '555' : null,
    reason: null,
  },
  ...overrides,
});

const IMPACT: MetricImpact = {
  formatted_kpi_value_movement: '-4.2%',
  kpi_value_movement: -0.042,
  accent: 'negative',
  formatted_current_value: '9.6k',
  formatted_previous_value: '10k',
};

const ROWS = Array.from({ length: 23 }, (_, i) => row(i + 1));

/** A list endpoint that pages, like the server, over ROWS (or the given rows). */
function serve(extra: Record<string, MockHandler> = {}, rows = ROWS) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    'GET /v1/metrics_hub/metrics': (req) => {
      const page = Number(req.url.searchParams.get('page_num') ?? 1);
      const count = Number(req.url.searchParams.get('count') ?? 10);
      return { body: { rows: rows.slice((page - 1) * count, page * count), count: rows.length } };
    },
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Metrics' });
const lastList = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((c) => c.url.pathname === '/v1/metrics_hub/metrics').at(-1)!.url.searchParams;

// MUI tables and selects in jsdom are slow on a busy two-core machine.
describe('metrics dashboard', { timeout: 20_000 }, () => {
  it('asks for page 1 of 10 active metrics and shows the columns, floored impact and run status', async () => {
    const { calls } = serve();
    renderRoute('/metrics');
    const grid = await table();
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 10);
    const query = lastList(calls);
    expect(query.get('page_num')).toBe('1');
    expect(query.get('count')).toBe('10');
    expect(query.get('is_active')).toBe('true');
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    const first = within(grid).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Metric 01' }).getAttribute('href')).toBe(
      '/metrics/101?tenant_id=11',
    );
    // 12.345% floored to one decimal.
    expect(within(first).getByText('12.3%')).toBeTruthy();
    expect(within(first).getByLabelText(/^Monthly: Failure/)).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: /Latest insight/ })
        .getAttribute('href'),
    ).toBe('/insights/555?tenant_id=11');
  });

  it('keeps paging, page size and sorting in the URL and sends them to the server', async () => {
    const { calls } = serve();
    const view = renderRoute('/metrics');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastList(calls).get('page_num')).toBe('2'));
    expect(view.router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('11–20 of 23')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Tier' }));
    await waitFor(() => expect(lastList(calls).get('sort_by')).toBe('tier'));
    expect(lastList(calls).get('order')).toBe('asc');
    expect(lastList(calls).get('page_num')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Tier' }));
    await waitFor(() => expect(lastList(calls).get('order')).toBe('desc'));
    expect(view.router.state.location.search).toBe('?sort_by=tier&order=desc');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    fireEvent.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(lastList(calls).get('count')).toBe('25'));
    expect(await screen.findByText('1–23 of 23')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?sort_by=tier&order=desc&count=25');
  });

  it('reads its state from a shared link', async () => {
    const { calls } = serve();
    renderRoute('/metrics?page=3&count=10&sort_by=impact_to_topline&order=desc&accent=negative');
    await table();
    const query = lastList(calls);
    expect([query.get('page_num'), query.get('sort_by'), query.get('order'), query.get('accent')]).toEqual([
      '3',
      'impact_to_topline',
      'desc',
      'negative',
    ]);
    expect(screen.getByText('Objective: Down')).toBeTruthy();
  });

  it('filters a column with the values of the filters API, and clears it', async () => {
    const { calls, callsTo } = serve({
      'GET /v1/metrics_hub/metrics/filters': (req) => ({
        body: { values: req.url.searchParams.get('name') === 'category_name' ? ['Growth', 'Sales'] : [] },
      }),
    });
    const view = renderRoute('/metrics?page=2');
    await table();
    expect(callsTo('/v1/metrics_hub/metrics/filters')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Category' }));
    // The list opens with the popover, its input focused.
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    await waitFor(() => expect(lastList(calls).get('category_name')).toBe('Sales'));
    expect(lastList(calls).get('page_num')).toBe('1');
    expect(view.router.state.location.search).toBe('?category_name=Sales');
    expect(callsTo('/v1/metrics_hub/metrics/filters')[0]!.url.searchParams.get('name')).toBe('category_name');

    // A column without values says so.
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Funnel' }));
    expect(await screen.findByText('No options')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Funnel value' }), { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Funnel value' }), { key: 'Escape' });

    const chip = screen.getByRole('button', { name: 'Category: Sales' });
    fireEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(lastList(calls).get('category_name')).toBeNull());
  });

  it('says when the column values cannot be loaded', async () => {
    serve({ 'GET /v1/metrics_hub/metrics/filters': { status: 500, body: { success: false, message: 'x' } } });
    renderRoute('/metrics');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Tier' }));
    expect(await screen.findByText('Error occured while fetching column values.')).toBeTruthy();
  });

  it('switches to inactive metrics and says when none match', async () => {
    const { calls } = serve({}, []);
    renderRoute('/metrics');
    expect(await screen.findByText('No metrics found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a data source' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Inactive' }));
    await waitFor(() => expect(lastList(calls).get('is_active')).toBe('false'));
    expect(await screen.findByText('No metric matches these filters.')).toBeTruthy();
  });

  it('shows the error with a retry when the list fails', async () => {
    let fail = true;
    serve({
      'GET /v1/metrics_hub/metrics': () =>
        fail
          ? { status: 500, body: { success: false, message: 'Something went wrong' } }
          : { body: { rows: [row(1)], count: 1 } },
    });
    renderRoute('/metrics');
    expect(await screen.findByText('The metrics could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Metric 01' })).toBeTruthy();
  });

  it('groups the card view by category, Uncategorized last, and remembers the choice', async () => {
    serve(
      {
        ...Object.fromEntries(
          ['101', '102', '103'].map((id) => [`GET /v1/metrics_hub/metrics/${id}/impact`, { body: IMPACT }]),
        ),
        'GET /v1/pattern_series': { body: [] },
      },
      ROWS.slice(0, 3),
    );
    const view = renderRoute('/metrics');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Card view' }));
    const sections = await screen.findAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['Sales', 'Uncategorized']);
    expect(window.localStorage.getItem(VIEW_MODE_KEY)).toBe('cards');
    // The weekly comparison chip, and the empty timeline says so.
    await waitFor(() => expect(screen.getAllByText('-4.2%')).toHaveLength(3));
    await waitFor(() => expect(screen.getAllByText('No data available')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Open Metric 02' }).getAttribute('href')).toBe(
      '/metrics/102?tenant_id=11',
    );
    view.unmount();
    renderRoute('/metrics');
    expect(await screen.findByRole('region', { name: 'Sales' })).toBeTruthy();
  });

  it('treats a week compared with an empty week as not yet quantified', () => {
    expect(notQuantified({ ...IMPACT, kpi_value_movement: 0, formatted_previous_value: '0' })).toBe(true);
    expect(notQuantified(IMPACT)).toBe(false);
  });

  it('moves a link past the last page to the last page', async () => {
    const { calls } = serve();
    const view = renderRoute('/metrics?page=9');
    await waitFor(() => expect(lastList(calls).get('page_num')).toBe('3'));
    expect(view.router.state.location.search).toBe('?page=3');
    expect(await screen.findByText('21–23 of 23')).toBeTruthy();
  });
});
