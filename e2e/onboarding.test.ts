import { describe, expect, it } from 'vitest';
import { apiSession, newContext, screenshot, signInByMagicLink, useProduct } from './support/harness';
import { markWorkspaceSetUp, ordersExport } from './support/workspace';

/** A new merchant brings a store's orders export in through the wizard, as they would by hand. */
describe('data onboarding', () => {
  const product = useProduct();

  it('walks a new workspace from an empty data sources page to its metrics', async () => {
    const email = 'maya@harbor-goods.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, email);
    await page.waitForURL('**/onboard/**');
    await markWorkspaceSetUp(product.server, email);

    await page.goto('/datasources');
    await page
      .getByText("No data sources connected, Click on '+ Add Data Source' to connect a data source")
      .waitFor();
    await screenshot(page, 'datasources-empty');

    await page.getByRole('link', { name: '+ Add Data Source' }).click();
    await page.waitForURL('**/onboarding/select-datasources');
    const search = page.getByLabel('Search data sources');
    await search.fill('SQL');
    await page.getByRole('button', { name: 'PostgreSQL' }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'CSV file' }).count(), { timeout: 30_000 })
      .toBe(0);
    // Case-sensitive, as the spec says.
    await search.fill('csv');
    await page.getByText('No data source matches "csv"').waitFor();
    await search.fill('CSV');
    await screenshot(page, 'onboarding-connectors');
    await page.getByRole('button', { name: 'CSV file' }).click();
    await page.waitForURL('**/onboarding/csv');

    const input = page.getByLabel('Choose a .csv file');
    await input.setInputFiles({
      name: 'orders.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('x'),
    });
    await page.getByText('Only files with .csv extension are allowed').waitFor();
    const csv = ordersExport({ days: 75, badRows: 2 });
    await input.setInputFiles({ name: 'orders export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The columns found in the file, before anything is sent.
    await page.getByText('Total Price · decimal').waitFor();
    await page.getByText('Created At · timestamptz').waitFor();
    await screenshot(page, 'onboarding-csv-preview');
    await page.getByRole('button', { name: 'Upload' }).click();
    const rows = csv.trim().split('\n').length - 1;
    await page.getByText(`${(rows - 2).toLocaleString('en-US')} rows imported`).waitFor();
    await page.getByText('2 rows could not be read').waitFor();
    await page.getByRole('button', { name: 'Show the rows that could not be read' }).click();
    await page.getByRole('table', { name: 'Rows that could not be read' }).getByRole('row').nth(2).waitFor();
    await screenshot(page, 'onboarding-csv-done');
    await page.getByRole('button', { name: 'Next' }).click();

    // The sync screen moves on by itself once the extraction is ready.
    await page.waitForURL('**/onboarding/configure-metrics**', { timeout: 30_000 });
    await page.getByRole('table', { name: 'Metrics and dimensions' }).waitFor();
    await page.getByText('is a date column: pick it as the time axis on the next step.').waitFor();
    const row = (label: string) => page.getByRole('combobox', { name: label });
    // Total Price (row 4): a formula with a typo first, which the server names.
    await row('Aggregation 4').click();
    await page.getByRole('option', { name: 'Formula' }).click();
    const formula = page.getByLabel('Formula 4');
    await formula.fill('sum(total_prce) / count(order_id)');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: 'total_prce' }).waitFor();
    await screenshot(page, 'onboarding-configure-error');
    await formula.fill('sum(total_price) / count(order_id)');
    await page.getByLabel('Display name 4').fill('Average Order Value');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL('**/onboarding/set-preferences**');
    await page.getByRole('tab', { name: 'Analysis' }).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: /Time series date field/ }).click();
    await page.getByRole('option', { name: /Created At/ }).click();
    await screenshot(page, 'onboarding-preferences');
    await next.click();
    await page.waitForURL('**/onboarding/finish');
    await page.getByText("You're all set!").waitFor();
    await screenshot(page, 'onboarding-finish');
    await page.getByRole('link', { name: 'Go to Metrics' }).click();
    await page.waitForURL('**/metrics');

    // Through the API: the metrics exist and have daily series.
    const session = await apiSession(product.server, email);
    const get = async (url: string) => {
      const res = await fetch(`${product.server.url}${url}`, { headers: { cookie: session.cookie } });
      expect(res.status, url).toBe(200);
      return res.json();
    };
    const metrics = (await get('/v1/metrics_hub/metrics')) as {
      rows: Array<{ kpi_id: string; kpi_display_name: string }>;
    };
    const aov = metrics.rows.find((m) => m.kpi_display_name === 'Average Order Value');
    expect(aov).toBeDefined();
    let points: unknown[] = [];
    await expect
      .poll(
        async () =>
          (points = (await get(`/v1/pattern_series?kpi_id=${aov!.kpi_id}&pipeline_schedule=d`)) as unknown[])
            .length,
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    expect(points).toHaveLength(75);

    // The data source is listed with its metrics configured, and can no longer be deleted.
    await page.goto('/datasources');
    const listed = page.getByRole('row').filter({ hasText: 'orders export.csv' });
    await listed.waitFor();
    expect(await listed.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await screenshot(page, 'datasources-one');
    await context.close();
  });
});
