import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES, type Connection, type Connector } from '@tidemark/contract';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify, makeTenantInfo } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const connector = (name: Connector['connector_name'], display: string, configured = true): Connector => ({
  connector_uuid: `6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c0${['csv', 'shopify', 'postgres', 'mysql'].indexOf(name) + 1}`,
  connector_name: name,
  connector_display_name: display,
  connector_logo_url: `/connectors/${name}.svg`,
  connector_type: name === 'csv' ? 'file' : name === 'shopify' ? 'app' : 'database',
  description: `${display} data`,
  is_active: true,
  is_configured: configured,
});

const CONNECTORS = [
  connector('csv', 'CSV file'),
  connector('shopify', 'Shopify', false),
  connector('postgres', 'PostgreSQL'),
  connector('mysql', 'MySQL / MariaDB'),
];

const stage = (
  status: Connection['status']['data_connection_status']['status'],
  message: string | null = null,
) => ({
  status,
  message,
});

function connection(overrides: Partial<Connection> = {}): Connection {
  return {
    datasource_id: 'abc123def',
    connector_uuid: CONNECTORS[0]!.connector_uuid,
    connector_name: 'csv',
    connector_type: 'file',
    connector_display_name: 'CSV file',
    connector_logo_url: '/connectors/csv.svg',
    connection_name: 'orders',
    source_tables: ['orders.csv'],
    status: {
      data_connection_status: stage('SUCCESSFUL'),
      metric_configuration_status: stage('IN_PROGRESS', CONNECTION_MESSAGES.userActionNeeded),
      insight_generation_status: stage('NOT_STARTED'),
    },
    sync_frequency: 'Daily, 12:00 AM UTC',
    created_at: '2026-11-20T10:00:00.000Z',
    last_synced_at: null,
    ...overrides,
  };
}

function serve(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/connectors': { body: { data: CONNECTORS } },
    'GET /v1/tenants/info': {
      body: makeTenantInfo(),
    },
    ...extra,
  });
}

describe('the connector grid', () => {
  it('searches case-sensitively and marks a connector this server cannot use', async () => {
    serve();
    renderRoute('/onboarding/select-datasources');
    expect(await screen.findByRole('button', { name: 'PostgreSQL' })).toBeTruthy();
    expect(screen.getByText('Not configured on this server')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Shopify' }) as HTMLButtonElement).disabled).toBe(true);
    const search = screen.getByLabelText('Search data sources');
    fireEvent.change(search, { target: { value: 'sql' } });
    expect(await screen.findByText('No data source matches "sql"')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'SQL' } });
    expect(screen.getByRole('button', { name: 'MySQL / MariaDB' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'CSV file' })).toBeNull();
  });

  it('offers Talk to us as a mail naming the workspace', async () => {
    serve();
    renderRoute('/onboarding');
    const talk = await screen.findByRole('link', { name: 'Talk to us' });
    expect(decodeURIComponent(talk.getAttribute('href')!)).toContain('Northwind Goods');
  });
});

describe('the csv page', () => {
  it('refuses a file that is not .csv with the spec message', async () => {
    serve();
    renderRoute('/onboarding/csv');
    const input = (await screen.findByLabelText('Choose a .csv file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['a'], 'orders.xlsx')] } });
    expect(await screen.findByText(CONNECTION_MESSAGES.onlyCsv)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('previews an analytics export: notes the skipped preamble and totals row, asks the zone of UTC times', async () => {
    serve();
    renderRoute('/onboarding/csv');
    const input = (await screen.findByLabelText('Choose a .csv file')) as HTMLInputElement;
    const file = [
      '# All Web Site Data',
      '# 20240301-20240302',
      '',
      'Day Index,Created (UTC),Sessions',
      '3/1/24,2024-03-01 22:15:03,412',
      '3/2/24,2024-03-02 08:00:00,380',
      '',
      ',,792',
      '',
    ].join('\n');
    // jsdom's Blob has no arrayBuffer(); the browser's does.
    if (!('arrayBuffer' in Blob.prototype)) {
      Object.defineProperty(Blob.prototype, 'arrayBuffer', {
        configurable: true,
        value(this: Blob) {
          return new Promise<ArrayBuffer>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(reader.result as ArrayBuffer);
            reader.readAsArrayBuffer(this);
          });
        },
      });
    }
    fireEvent.change(input, { target: { files: [new File([file], 'analytics.csv')] } });
    expect(await screen.findByText('Skipped 3 preamble lines and a totals row')).toBeTruthy();
    const zone = screen.getByLabelText('Times in "Created (UTC)" are in') as HTMLSelectElement;
    expect(zone.value).toBe('UTC');
    expect(screen.getByText('Day Index · date')).toBeTruthy();
  });
});

describe('the data sources page', () => {
  it('shows the empty state with its two ways on', async () => {
    serve({ 'GET /v1/connections': { body: { rows: [], count: 0 } } });
    renderRoute('/datasources');
    expect(await screen.findByText(CONNECTION_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ Add Data Source' }).getAttribute('href')).toBe(
      '/onboarding/select-datasources',
    );
  });

  it('shows a load failure with a retry that works', async () => {
    let fail = true;
    serve({
      'GET /v1/connections': () =>
        fail ? { status: 500, body: { success: false, message: 'down' } } : { body: { rows: [], count: 0 } },
    });
    renderRoute('/datasources');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText(CONNECTION_MESSAGES.empty)).toBeTruthy();
  });

  it('lists a source with its status, resume chip and delete rule', async () => {
    serve({
      'GET /v1/connections': {
        body: {
          rows: [
            connection(),
            connection({
              datasource_id: 'zzz999yyy',
              connection_name: 'quarterly-orders-export-for-the-whole-store',
              status: {
                data_connection_status: stage('SUCCESSFUL'),
                metric_configuration_status: stage('SUCCESSFUL'),
                insight_generation_status: stage('IN_PROGRESS', 'Generating insights'),
              },
            }),
          ],
          count: 2,
        },
      },
    });
    renderRoute('/datasources');
    const table = await screen.findByRole('table', { name: 'Data sources' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('#ABC123DEF')).toBeTruthy();
    expect(within(rows[0]!).getByText(CONNECTION_MESSAGES.userActionNeeded)).toBeTruthy();
    expect(within(rows[0]!).getByText('CLICK TO RESUME')).toBeTruthy();
    expect((within(rows[0]!).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(within(rows[1]!).getByText('quarterly-order…the-whole-store')).toBeTruthy();
    expect(within(rows[1]!).queryByText('CLICK TO RESUME')).toBeNull();
    expect((within(rows[1]!).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => expect(within(rows[1]!).getByText('Generating insights')).toBeTruthy());
  });
});
