import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Column, ExtractionResults } from '@tidemark/contract';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const column = (field_name: string, display_name: string, data_type: Column['data_type']): Column => ({
  field_name,
  display_name,
  source_table_name: 'orders.csv',
  destination_table_name: 'wh_abc_orders',
  data_type,
  null_fraction: 0,
  sample_values: ['1', '2'],
});

const RESULTS: ExtractionResults = {
  datasource_id: 'abc123def',
  extraction_job_id: '5',
  columns: [
    column('order_id', 'Order ID', 'integer'),
    column('created_at', 'Created At', 'timestamptz'),
    column('country', 'Country', 'text'),
    column('total_price', 'Total Price', 'decimal'),
  ],
  tables: [
    {
      source_table_name: 'orders.csv',
      destination_table_name: 'wh_abc_orders',
      row_count: 10,
      date_column: null,
    },
  ],
};

function serve(onboard: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/extractions/5/results': { body: RESULTS },
    'POST /v1/metrics_hub/onboard': onboard,
  });
}

const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('configure metrics', () => {
  it('guesses the rows, keeps the date column out, and enforces the spec rules', async () => {
    serve({ body: { success: true, message: 'ok', kpi_ids: ['1'] } });
    renderRoute('/onboarding/configure-metrics?extraction_job_id=5');
    const grid = await screen.findByRole('table', { name: 'Metrics and dimensions' });
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 3);
    expect(
      screen.getByText('Created At is a date column: pick it as the time axis on the next step.'),
    ).toBeTruthy();
    expect(next().disabled).toBe(false);
    // Every row a metric: Next waits for a dimension.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type 2' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Metric' }));
    expect(next().disabled).toBe(true);
    expect(screen.getByText('Keep at least one row as a dimension.')).toBeTruthy();
    // Two rows left: their delete buttons are disabled.
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 3' }));
    expect((screen.getByRole('button', { name: 'Remove row 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s formula error and lets the user fix it', async () => {
    let calls = 0;
    const { callsTo } = serve(() =>
      ++calls === 1
        ? {
            status: 400,
            body: {
              success: false,
              message: "Row 2, Total Price: Unknown field 'total_prce' at position 4.",
            },
          }
        : { body: { success: true, message: 'ok', kpi_ids: ['1', '2'] } },
    );
    const view = renderRoute('/onboarding/configure-metrics?extraction_job_id=5');
    await screen.findByRole('table', { name: 'Metrics and dimensions' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Aggregation 3' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Formula' }));
    expect(next().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Formula 3'), {
      target: { value: 'sum(total_prce) / count(order_id)' },
    });
    fireEvent.click(next());
    // The second metric is the wizard's third row (the second is a dimension).
    expect(
      await screen.findByText("Row 3, Total Price: Unknown field 'total_prce' at position 4."),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Formula 3'), {
      target: { value: 'sum(total_price) / count(order_id)' },
    });
    fireEvent.click(next());
    await waitFor(() => expect(callsTo('/v1/metrics_hub/onboard')).toHaveLength(2));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/onboarding/set-preferences'));
    const body = callsTo('/v1/metrics_hub/onboard')[1]!.body as {
      metrics: Array<{ aggregation: unknown }>;
      dimensions: unknown[];
    };
    expect(body.metrics[1]!.aggregation).toEqual({
      type: 'formula',
      value: 'sum(total_price) / count(order_id)',
    });
    expect(body.dimensions).toHaveLength(1);
  });

  it('counts a text column made a metric, never sums it, and offers a count of rows', async () => {
    const { callsTo } = serve({ body: { success: true, message: 'ok', kpi_ids: ['1', '2'] } });
    renderRoute('/onboarding/configure-metrics?extraction_job_id=5');
    await screen.findByRole('table', { name: 'Metrics and dimensions' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type 2' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Metric' }));
    expect(screen.getByRole('combobox', { name: 'Aggregation 2' }).textContent).toBe('Count');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Aggregation 2' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Count', 'Distinct count', 'Count of rows', 'Formula']);
    fireEvent.click(screen.getByRole('option', { name: 'Count of rows' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type 3' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dimension' }));
    fireEvent.click(next());
    await waitFor(() => expect(callsTo('/v1/metrics_hub/onboard')).toHaveLength(1));
    const body = callsTo('/v1/metrics_hub/onboard')[0]!.body as {
      metrics: Array<{ field_name: string; aggregation: unknown }>;
    };
    expect(body.metrics).toContainEqual(
      expect.objectContaining({ field_name: 'country', aggregation: { type: 'formula', value: 'count(*)' } }),
    );
  });
});
