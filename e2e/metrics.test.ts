import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { apiSession, signInContext, newContext, screenshot, settled, useProduct } from './support/harness';
import { markWorkspaceSetUp, ordersExport } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';
const CSV_CONNECTOR = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01';

/** The demo workspace loads its sample store in the background: wait until its metrics have series. */
async function waitForDemoMetrics(url: string, cookie: string): Promise<number> {
  let count = 0;
  const ready = async () => {
    const res = await fetch(`${url}/v1/metrics_hub/metrics?count=50`, { headers: { cookie } });
    if (res.ok) {
      const body = (await res.json()) as {
        count: number;
        rows: Array<{ status: { pipeline_runs: Array<{ frequency: string; status: string }> } }>;
      };
      // Ready when every metric's daily pipeline has run (the screenshots then show real statuses).
      const ran = body.rows.every((r) =>
        r.status.pipeline_runs.some((run) => run.frequency === 'd' && run.status !== 'disabled'),
      );
      count = body.count;
      return body.count > 0 && ran;
    }
    return false;
  };
  await expect
    .poll(ready, { timeout: 60_000, interval: 1000, message: 'the demo workspace never got its metrics' })
    .toBe(true);
  return count;
}

const firstRowName = (page: Page) =>
  page
    .getByRole('table', { name: 'Metrics' })
    .locator('tbody tr')
    .first()
    .getByRole('link')
    .first()
    .innerText();

describe('the metrics dashboard and metric page', () => {
  const product = useProduct({}, { own: "it changes the tier of the demo store's Revenue" });

  it('sorts, pages, filters, switches view, opens a metric and saves an attribute in the demo workspace', async () => {
    const session = await apiSession(product.server, DEMO_OWNER);
    const total = await waitForDemoMetrics(product.server.url, session.cookie);
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);

    await page.goto('/metrics');
    const table = page.getByRole('table', { name: 'Metrics' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(total, 10));
    await page.getByText(`1–${Math.min(total, 10)} of ${total}`).waitFor();
    // Every row shows its four pipeline runs.
    await expect.poll(() => rows.first().getByRole('listitem').count()).toBe(4);
    await screenshot(page, 'metrics-table');

    // Sorting by name, both ways, is kept in the URL.
    await page.getByRole('button', { name: 'Metric', exact: true }).click();
    await expect.poll(() => page.url()).toContain('sort_by=kpi_display_name');
    await expect.poll(() => firstRowName(page)).toBe('Add to Carts');
    await page.getByRole('button', { name: 'Metric', exact: true }).click();
    await expect.poll(() => page.url()).toContain('order=desc');
    await expect.poll(() => firstRowName(page)).toBe('Sessions');

    // Page size: 25 a page, in the URL; a reload keeps sort and size.
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect.poll(() => page.url()).toContain('count=25');
    await page.reload();
    await expect.poll(() => firstRowName(page)).toBe('Sessions');
    await page.getByText(`1–${total} of ${total}`).waitFor();

    // A column filter: values from the filters API; the choice narrows the table and sits in the URL.
    await page.getByRole('button', { name: 'Filter by Metric' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter by Metric' });
    // The list of values opens with the filter, its input focused.
    await expect
      .poll(() =>
        filter
          .getByRole('combobox', { name: 'Metric value' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.getByRole('option', { name: 'Revenue', exact: true }).waitFor();
    await screenshot(page, 'metrics-filter-open');
    await page.getByRole('option', { name: 'Revenue', exact: true }).click();
    await expect.poll(() => page.url()).toContain('kpi_display_name=Revenue');
    // The server matches names containing the value: Revenue and Net Revenue.
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByText('Metric: Revenue').waitFor();
    await screenshot(page, 'metrics-filtered');
    // The chip clears its filter (Delete on the focused chip, as a keyboard user would).
    await page.getByText('Metric: Revenue').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.url()).not.toContain('kpi_display_name=');
    await expect.poll(() => rows.count()).toBe(total);

    // Inactive metrics: none in the demo, so the table says so.
    await page.getByRole('button', { name: 'Inactive', exact: true }).click();
    await page.getByText('No metrics found').waitFor();
    await expect.poll(() => page.url()).toContain('is_active=false');
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(total);

    // The card view, by category, with the weekly change and a small timeline; it is remembered.
    await page.getByRole('button', { name: 'Card view' }).click();
    // The demo files its metrics under Sales and Traffic.
    await page.getByRole('region', { name: 'Traffic' }).waitFor();
    await page.getByRole('region', { name: 'Sales' }).waitFor();
    const card = page.getByRole('link', { name: 'Open Revenue' });
    await card.getByText('vs previous 7 days').waitFor();
    await card.getByRole('img', { name: /Revenue, daily values/ }).waitFor();
    await page.mouse.move(600, 800);
    await settled(page);
    await screenshot(page, 'metrics-cards');
    await page.reload();
    await page.getByRole('link', { name: 'Open Revenue' }).waitFor();

    // A card opens the metric page: attributes, last week's movement and the timeline.
    await page.getByRole('link', { name: 'Open Revenue' }).click();
    await page.waitForURL(/\/metrics\/\d+/);
    await page.getByRole('heading', { name: 'Revenue', level: 1 }).waitFor();
    await page.getByTestId('metric-series-chart').waitFor();
    await page.getByText('Previous 7 days').waitFor();
    await settled(page);
    await screenshot(page, 'metric-detail');

    // Edit (the demo's Revenue is tier 1, in Sales): only the changed attributes are sent, converted as the spec says; a toast confirms.
    const puts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r);
    });
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit metric attributes' });
    await dialog.getByRole('combobox', { name: 'Tier' }).click();
    await page.getByRole('option', { name: 'Tier 3' }).click();
    await dialog.getByLabel('Impact to topline (%)').fill('100.5');
    await dialog.getByText('Enter a percent between 0 and 100').waitFor();
    await dialog.getByLabel('Impact to topline (%)').fill('12.5');
    await dialog.getByLabel('Category').fill('Merchandising');
    await screenshot(page, 'metric-edit-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Metric attributes are updated successfully.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await settled(page);
    await screenshot(page, 'metric-saved');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.postDataJSON()).toEqual({
      tier: 3,
      impact_to_topline: 0.125,
      category: { name: 'Merchandising' },
    });
    await page.getByText('12.5%').waitFor();
    await page.getByText('Tier 3').first().waitFor();

    // Back on the table, the row shows the new tier and category; the cards group it under Merchandising.
    await page.getByRole('link', { name: 'All metrics' }).click();
    await page
      .getByRole('region', { name: 'Merchandising' })
      .getByRole('link', { name: 'Open Revenue' })
      .waitFor();
    await page.getByRole('button', { name: 'Table view' }).click();
    const revenue = rows.filter({ has: page.getByRole('link', { name: 'Revenue', exact: true }) });
    await revenue.getByText('Tier 3').waitFor();
    await revenue.getByText('Merchandising').waitFor();
    await revenue.getByText('12.5%').waitFor();

    // An unknown metric shows the not-found view.
    await page.goto('/metrics/999999999');
    await page.getByText('Metric not found').waitFor();
    await screenshot(page, 'metric-not-found');
    await context.close();
  }, 300_000);

  it('shows the empty states in a workspace without metrics', async () => {
    const email = 'lena@quiet-fields.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/metrics');
    // Without a metric the page is one next step: connect data.
    await page.getByText('Connect your data').first().waitFor();
    await screenshot(page, 'metrics-empty');

    // Twelve metrics from one upload: more than a page, so the table pages for real.
    const session = await apiSession(product.server, email);
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const form = new FormData();
    form.append('connector_uuid', CSV_CONNECTOR);
    form.append('csvFile', new Blob([ordersExport({ days: 20 })]), 'orders.csv');
    const upload = await fetch(`${product.server.url}/v1/connections`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const created = (await upload.json()) as {
      datasource_id: string;
      import: { source_table_name: string; destination_table_name: string };
    };
    const metric = (field: string, value: string) => ({
      source_table_name: created.import.source_table_name,
      destination_table_name: created.import.destination_table_name,
      field_name: field,
      display_name: `${field === 'total_price' ? 'Price' : 'Discount'} ${value}`,
      aggregation: { type: 'operation', value },
    });
    const onboard = await fetch(`${product.server.url}/v1/metrics_hub/onboard`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        datasource_id: created.datasource_id,
        metrics: [
          ...['sum', 'avg', 'min', 'max', 'count', 'stddev_samp', 'var_samp'].map((v) =>
            metric('total_price', v),
          ),
          ...['sum', 'avg', 'min', 'max', 'count'].map((v) => metric('discount', v)),
        ],
        dimensions: [
          {
            source_table_name: created.import.source_table_name,
            destination_table_name: created.import.destination_table_name,
            field_name: 'country',
            display_name: 'Country',
          },
        ],
      }),
    });
    expect(onboard.status, await onboard.clone().text()).toBe(200);

    // The workspace has metrics now: the page shows them in its default table.
    await page.goto('/metrics');
    const rows = page.getByRole('table', { name: 'Metrics' }).locator('tbody tr');
    await page.getByText('1–10 of 12').waitFor();
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('11–12 of 12').waitFor();
    await expect.poll(() => page.url()).toContain('page=2');
    // The previous page stays (dimmed) until the next one arrives.
    await expect.poll(() => rows.count()).toBe(2);
    // Sorting starts again at page 1.
    await page.getByRole('button', { name: 'Metric', exact: true }).click();
    await page.getByText('1–10 of 12').waitFor();
    await expect.poll(() => page.url()).not.toContain('page=');
    await expect.poll(() => rows.first().getByRole('link').first().innerText()).toBe('Discount avg');
    await screenshot(page, 'metrics-new-workspace');
    await context.close();
  }, 180_000);
});
