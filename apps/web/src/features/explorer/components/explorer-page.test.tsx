import { fireEvent, screen, within } from '@testing-library/react';
import type { ExplorerCatalog, ExplorerQueryResponse, ExplorerView } from '@tidemark/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render';
import { ExplorerTokenProvider } from '../api/explorer-token';
import { ExplorerPage } from './explorer-page';

const catalog: ExplorerCatalog = {
  workspace: { display_name: 'Northwind', timezone: 'Etc/UTC', currency_symbol: '$', is_demo: true },
  scope: null,
  read_only: false,
  expires_at: '2026-01-01T00:00:00Z',
  metrics: [
    {
      kpi_id: '1',
      kpi_display_name: 'Revenue',
      kpi_format: 'number',
      dimensions: ['channel'],
      grains: ['h', 'd', 'w', 'm'],
    },
    {
      kpi_id: '2',
      kpi_display_name: 'Orders',
      kpi_format: 'number',
      dimensions: ['channel'],
      grains: ['h', 'd', 'w', 'm'],
    },
  ],
  dimensions: [{ name: 'channel', display_name: 'Channel', values: ['Email', 'Direct'] }],
  data_start: '2025-01-01T00:00:00Z',
  data_end: '2025-03-01T00:00:00Z',
};

const view: ExplorerView = {
  id: '5',
  name: 'Revenue by channel',
  created_by: 'maya@northwind.test',
  created_at: '2025-03-02T00:00:00Z',
  state: {
    metrics: ['1'],
    grain: 'h',
    range: { preset: 'last_12_months' },
    split_by: ['channel'],
    filters: [],
    compare: 'none',
    band: true,
    chart: 'table',
  },
};

const point = (timestamp: string, y: number) => ({
  timestamp,
  result: { y, yhat: null, yhat_lower: null, yhat_upper: null, anomaly: 'False' as const },
});

const answer: ExplorerQueryResponse = {
  grain: 'd',
  requested_grain: 'h',
  start: '2025-02-01T00:00:00.000Z',
  end: '2025-02-03T00:00:00.000Z',
  comparison_start: null,
  comparison_end: null,
  timezone: 'Etc/UTC',
  source: 'series',
  band_available: true,
  notices: ['8,760 hourly points are too many to draw at once: shown by day instead.'],
  omitted_series: 0,
  series: [
    {
      key: '1\u001fEmail',
      label: 'Email',
      kpi_id: '1',
      kpi_display_name: 'Revenue',
      kpi_format: 'number',
      split: [{ dim_name: 'channel', dim_display_name: 'Channel', dim_val: 'Email' }],
      points: [point('2025-02-01T00:00:00.000Z', 1200), point('2025-02-02T00:00:00.000Z', 1350)],
      comparison: null,
    },
  ],
};

function renderPage(viewId: string | null) {
  return renderWithRouter(
    <ExplorerTokenProvider token="abc.def">
      <ExplorerPage viewId={viewId} linkFor={(id) => `http://localhost/explorer?view=${id}`} />
    </ExplorerTokenProvider>,
    '/embed/explorer',
  );
}

describe('the explorer page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to pick while no metric is chosen', async () => {
    mockFetch({
      'GET /v1/explorer/catalog': { body: catalog },
      'GET /v1/explorer/views': { body: { views: [] } },
    });
    renderPage(null);
    expect(await screen.findByText('Pick at least one metric to explore.')).toBeTruthy();
    expect(await screen.findByText('Demo data')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('restores a saved view, asks its question with the token and shows the notice and the table', async () => {
    const { callsTo } = mockFetch({
      'GET /v1/explorer/catalog': { body: catalog },
      'GET /v1/explorer/views': { body: { views: [view] } },
      'GET /v1/explorer/views/5': { body: { view } },
      'POST /v1/explorer/query': { body: answer },
    });
    renderPage('5');
    expect(await screen.findByRole('heading', { name: 'Revenue by channel' })).toBeTruthy();
    expect(await screen.findByText(answer.notices[0]!)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Table' });
    expect(within(table).getByRole('columnheader', { name: 'Email' })).toBeTruthy();
    expect(within(table).getByText('1.4k')).toBeTruthy();
    const query = callsTo('/v1/explorer/query')[0]!;
    expect(query.headers['x-explorer-token']).toBe('abc.def');
    expect(query.body).toEqual({
      metrics: ['1'],
      grain: 'h',
      range: { preset: 'last_12_months' },
      split_by: ['channel'],
      filters: [],
      compare: 'none',
      band: true,
    });
  });

  it('saves the exploration and shows the link that reopens it', async () => {
    const { callsTo } = mockFetch({
      'GET /v1/explorer/catalog': { body: catalog },
      'GET /v1/explorer/views': { body: { views: [view] } },
      'GET /v1/explorer/views/5': { body: { view } },
      'POST /v1/explorer/query': { body: answer },
      'POST /v1/explorer/views': { body: { view: { ...view, id: '9', name: 'Email revenue' } } },
    });
    renderPage('5');
    await screen.findByRole('heading', { name: 'Revenue by channel' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Email revenue' },
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    const link = (await screen.findByRole('textbox', {
      name: 'Link to this exploration',
    })) as HTMLInputElement;
    expect(link.value).toBe('http://localhost/explorer?view=9');
    expect(callsTo('/v1/explorer/views').find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Email revenue',
      state: view.state,
    });
  });

  it('tells an expired link apart from other failures', async () => {
    mockFetch({
      'GET /v1/explorer/catalog': {
        status: 403,
        body: {
          success: false,
          message: 'This explorer link has expired. Open the Explorer again from the app.',
        },
      },
    });
    renderPage(null);
    expect(
      await screen.findByText('This explorer link has expired. Open the Explorer again from the app.'),
    ).toBeTruthy();
  });
});
