import { describe, expect, it } from 'vitest';
import { apiSession, signInContext, newContext, screenshot, useProduct } from './support/harness';
import { markWorkspaceSetUp, ordersExport } from './support/workspace';

const CSV_CONNECTOR = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01';

/** The data sources page with a dozen uploads: paging, sorting, shortened names, delete and resume. */
describe('the data sources page', () => {
  const product = useProduct();

  it('pages, sorts, deletes and resumes data sources', async () => {
    const email = 'omar@kestrel-outdoor.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);

    // Twelve uploads through the API, the last with a long name.
    const session = await apiSession(product.server, email);
    const names: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const name =
        i === 12
          ? 'quarterly-orders-export-for-the-whole-store.csv'
          : `orders-${String(i).padStart(2, '0')}.csv`;
      names.push(name);
      const form = new FormData();
      form.append('connector_uuid', CSV_CONNECTOR);
      form.append('csvFile', new Blob([ordersExport({ days: 10 })]), name);
      const res = await fetch(`${product.server.url}/v1/connections`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: form,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }

    await page.goto('/datasources');
    const table = page.getByRole('table', { name: 'Data sources' });
    await table.waitFor();
    const bodyRows = table.locator('tbody tr');
    // Ten a page, newest first; the long name is shortened, its tooltip holds it whole.
    await page.getByText('1–10 of 12').waitFor();
    await expect.poll(() => bodyRows.count()).toBe(10);
    await expect.poll(() => bodyRows.first().innerText()).toContain('quarterly-order…');
    await screenshot(page, 'datasources-page-1');

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('11–12 of 12').waitFor();
    expect(page.url()).toContain('page=2');

    // Sorting by name, both ways, starts again at page 1.
    await page.getByRole('button', { name: 'Name' }).click();
    await page.getByText('1–10 of 12').waitFor();
    await expect.poll(() => bodyRows.first().innerText()).toContain('orders-01');
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(() => bodyRows.first().innerText()).toContain('quarterly-order…');
    expect(page.url()).toContain('order=desc');

    // 25 a page shows them all.
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await page.getByText('1–12 of 12').waitFor();

    // An upload whose metrics are not configured yet waits for the user, and can be deleted.
    const first = bodyRows.filter({ hasText: 'orders-01' });
    await first.getByText('CLICK TO RESUME').waitFor();
    await first.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1–11 of 11').waitFor();
    await screenshot(page, 'datasources-deleted');

    // Resume goes where the data source left off: its columns, ready to configure.
    await bodyRows.filter({ hasText: 'orders-02' }).getByText('CLICK TO RESUME').click();
    await page.waitForURL('**/onboarding/configure-metrics**');
    await page.getByRole('table', { name: 'Metrics and dimensions' }).waitFor();
    await context.close();
  });
});
