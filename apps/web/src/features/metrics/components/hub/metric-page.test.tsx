import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MetricDetail } from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const METRIC: MetricDetail = {
  kpi_id: '42',
  kpi_display_name: 'Revenue',
  kpi_definition: 'Sum of order totals',
  description: null,
  funnel: { id: '3', name: 'Checkout' },
  category: null,
  tier: 1,
  impact_to_topline: 0.1234,
  dollar_impact: 5000,
  accent: 'positive',
  is_derived: false,
  is_active: true,
  aggregation_operation: 'sum',
  kpi_format: 'number',
  kpi_currency: null,
  extraction_funnel_expression: null,
  extraction_funnel_aggregation_operation: null,
  last_active_pipeline_schedule: 'd',
  tenant_id: 11,
};

function serve(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    'GET /v1/metrics_hub/metrics/42': { body: METRIC },
    'GET /v1/metrics_hub/metrics/42/impact': {
      body: {
        formatted_kpi_value_movement: '+1.2k',
        kpi_value_movement: 1200,
        accent: 'positive',
        formatted_current_value: '11.2k',
        formatted_previous_value: '10k',
      },
    },
    'GET /v1/metrics_hub/metrics/options': {
      body: { funnels: [{ id: '3', name: 'Checkout' }], categories: [{ id: '9', name: 'Sales' }] },
    },
    'GET /v1/pattern_series': { body: [] },
    ...extra,
  });
}

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit metric attributes' });
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// MUI selects in jsdom are slow on a busy two-core machine.
describe('metric page', { timeout: 20_000 }, () => {
  it('shows the attributes and asks for the absolute impact of the last week', async () => {
    const { callsTo } = serve();
    renderRoute('/metrics/42?dim_name=country&dim_val=US');
    expect(await screen.findByRole('heading', { name: 'Revenue', level: 1 })).toBeTruthy();
    // One decimal on the page (the table floors).
    expect(screen.getByText('12.3%')).toBeTruthy();
    expect(screen.getByText('Checkout')).toBeTruthy();
    expect(screen.getByText('Not watched')).toBeTruthy();
    expect(await screen.findByText('+1.2k')).toBeTruthy();
    const impact = callsTo('/v1/metrics_hub/metrics/42/impact')[0]!.url.searchParams;
    expect(impact.get('impact_type')).toBe('absolute');
    expect(impact.get('dim_name')).toBe('country');
    expect(impact.get('dim_val')).toBe('US');
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(callsTo('/v1/pattern_series')[0]!.url.searchParams.get('pipeline_schedule')).toBe('d');
  });

  it('sends only the changed attributes, converted, and confirms with the spec’s toast', async () => {
    const { callsTo } = serve({
      'PUT /v1/metrics_hub/metrics/42': (req) => ({
        body: { success: true, message: 'ok', metric: { ...METRIC, ...(req.body as object), tier: 2 } },
      }),
    });
    renderRoute('/metrics/42');
    const dialog = await openEditor();
    await choose(dialog, 'Tier', 'Tier 2');
    await choose(dialog, 'Type', 'Derived');
    fireEvent.change(within(dialog).getByLabelText('Impact to topline (%)'), { target: { value: '7.25' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Watch for experience events' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Metric attributes are updated successfully.')).toBeTruthy();
    expect(callsTo('/v1/metrics_hub/metrics/42')[0]!.method).toBe('GET');
    const put = callsTo('/v1/metrics_hub/metrics/42').find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ tier: 2, is_derived: true, impact_to_topline: 0.0725, is_experience: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Save off until something changes and shows a field’s rule', async () => {
    serve();
    renderRoute('/metrics/42');
    const dialog = await openEditor();
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // Read-only in the form.
    expect((within(dialog).getByLabelText(/Aggregation/) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText(/Active/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Impact to topline (%)'), { target: { value: '101' } });
    expect(within(dialog).getByText('Enter a percent between 0 and 100')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Display name/), { target: { value: ' ' } });
    expect(within(dialog).getByText('Display name cannot be empty')).toBeTruthy();
  });

  it('clears the funnel to null and files a new category by name', async () => {
    const { callsTo } = serve({
      'PUT /v1/metrics_hub/metrics/42': { body: { success: true, message: 'ok', metric: METRIC } },
    });
    renderRoute('/metrics/42');
    const dialog = await openEditor();
    const funnel = within(dialog).getByRole('combobox', { name: 'Funnel' });
    fireEvent.change(funnel, { target: { value: '' } });
    fireEvent.blur(funnel);
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    fireEvent.change(category, { target: { value: 'Growth' } });
    fireEvent.blur(category);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Metric attributes are updated successfully.');
    const put = callsTo('/v1/metrics_hub/metrics/42').find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ funnel: null, category: { name: 'Growth' } });
  });

  it('keeps the dialog open with the technical-issue message when saving fails', async () => {
    serve({ 'PUT /v1/metrics_hub/metrics/42': { status: 500, body: { success: false, message: 'boom' } } });
    renderRoute('/metrics/42');
    const dialog = await openEditor();
    await choose(dialog, 'Objective', 'Down');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'There was a technical issue while saving, please contact system administrator.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit metric attributes' })).toBeTruthy();
  });

  it('asks for the forecast only when the workspace has it on', async () => {
    const { callsTo } = serve({
      'GET /v1/tenants/info': {
        body: {
          tenant_id: 11,
          last_digest_ts: { day: null, month: null, quarter: null },
          is_forecast_enabled: true,
          currency: 'EUR',
          currency_symbol: '€',
          timezone: 'Europe/Paris',
          last_insight_ts: null,
        },
      },
    });
    renderRoute('/metrics/42');
    await screen.findByRole('heading', { name: 'Revenue', level: 1 });
    await waitFor(() =>
      expect(
        callsTo('/v1/pattern_series').some((c) => c.url.searchParams.get('is_forecast_enabled') === 'true'),
      ).toBe(true),
    );
    // The workspace's currency for the dollar impact.
    expect(await screen.findByText('€5k')).toBeTruthy();
  });

  it('shows the not-found view for an unknown metric', async () => {
    serve({
      'GET /v1/metrics_hub/metrics/42': { status: 404, body: { success: false, message: 'Not found' } },
    });
    renderRoute('/metrics/42');
    expect(await screen.findByText('Metric not found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'All metrics' }).length).toBeGreaterThan(0);
  });
});
