import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExplorerQueryResponse } from '@tidemark/contract';
import { apiSession, signInContext, newContext, screenshot, useProduct } from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';

/** Stored entries only (the product's zip writer does not compress): name and text of each file. */
function zipEntries(zip: Buffer): Array<{ name: string; text: string }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; text: string }> = [];
  for (let i = 0; i < count; i++) {
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, text: zip.subarray(dataAt, dataAt + size).toString('utf8') });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

const LAST_QUARTER_BY_CHANNEL = {
  grain: 'd',
  range: { preset: 'last_quarter' },
  split_by: ['channel'],
  filters: [],
  compare: 'none',
  band: true,
};

/**
 * The demo store is loaded and analysed by jobs after the first start: ask the explorer API, with a URL of
 * the owner's demo mode, until revenue by channel has its expected band; answer that last reply.
 */
async function waitForDemoBand(url: string, cookie: string): Promise<ExplorerQueryResponse> {
  let banded: ExplorerQueryResponse | null = null;
  const read = async () => {
    const generated = await fetch(`${url}/v1/data-explorers/generate-url?is_demo=true`, {
      headers: { cookie },
    });
    if (generated.ok) {
      const link = ((await generated.json()) as { data_explorer_url: string }).data_explorer_url;
      const token = new URL(link).hash.slice('#token='.length);
      const revenue = await revenueId(url, token);
      if (revenue) {
        const res = await fetch(`${url}/v1/explorer/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-explorer-token': token },
          body: JSON.stringify({ ...LAST_QUARTER_BY_CHANNEL, metrics: [revenue] }),
        });
        const answer = (await res.json()) as ExplorerQueryResponse;
        const banded = res.ok
          ? answer.series.flatMap((s) => s.points).filter((p) => p.result.yhat_lower !== null).length
          : 0;
        if (banded > answer.series.length * 30) return answer;
      }
    }
    return null;
  };
  await expect
    .poll(async () => (banded = await read()), {
      timeout: 60_000,
      interval: 1000,
      message: 'the demo workspace never got its expected band',
    })
    .not.toBeNull();
  return banded!;
}

describe('the data explorer', () => {
  const product = useProduct();

  it('splits revenue by channel for last quarter with the band, saves, reopens and exports it in the demo', async () => {
    const session = await apiSession(product.server, DEMO_OWNER);
    const api = await waitForDemoBand(product.server.url, session.cookie);
    const context = await newContext(product.browser, product.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);

    await page.goto('/explorer?mode=demo');
    const frame = page.frameLocator('iframe[title="Data explorer"]');
    // An empty selection says what to pick.
    await frame.getByText('Pick at least one metric to explore.').waitFor();
    await frame.getByText('Demo data').waitFor();
    await screenshot(page, 'explorer-empty-selection');

    await frame.getByRole('combobox', { name: 'Metrics' }).click();
    await frame.getByRole('option', { name: 'Revenue', exact: true }).click();
    await frame.getByRole('combobox', { name: 'Metrics' }).press('Escape');
    await frame.getByRole('combobox', { name: 'Date range' }).click();
    await frame.getByRole('option', { name: 'Last quarter' }).click();
    await frame.getByRole('combobox', { name: 'Split by' }).click();
    await frame.getByRole('option', { name: 'Channel' }).click();
    await frame.getByText('From the stored series').waitFor();
    const chart = frame.getByTestId('explorer-chart');
    await chart.locator('svg').waitFor();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^Chart of .*Email/);
    await screenshot(page, 'explorer-revenue-by-channel');

    // The answer on screen is the API's (asked above with a URL of the same demo workspace).
    expect(api.source).toBe('series');
    expect(api.band_available).toBe(true);

    // Export: the zip holds Revenue.csv with every point of every channel, as the API answers them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      frame.getByRole('button', { name: 'Export' }).click(),
    ]);
    const zipPath = (await download.path())!;
    if (existsSync('/usr/bin/unzip'))
      expect(execFileSync('/usr/bin/unzip', ['-t', zipPath]).toString()).toContain('No errors detected');
    const entries = zipEntries(readFileSync(zipPath));
    expect(entries.map((e) => e.name)).toEqual(['Revenue.csv']);
    const [header, ...rows] = entries[0]!.text.trimEnd().split('\r\n');
    expect(header).toBe('timestamp,metric,Channel,value,expected,expected_lower,expected_upper,is_spike');
    const want = api.series.flatMap((s) =>
      s.points.map((p) =>
        [
          p.timestamp,
          'Revenue',
          s.split[0]!.dim_val,
          p.result.y ?? '',
          p.result.yhat ?? '',
          p.result.yhat_lower ?? '',
          p.result.yhat_upper ?? '',
          p.result.anomaly === 'True' ? 'yes' : 'no',
        ].join(','),
      ),
    );
    expect(rows.sort()).toEqual(want.sort());

    // Save, then open the saved link: the exploration comes back.
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    await frame.getByRole('textbox', { name: 'Name' }).fill('Revenue by channel');
    await frame.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const link = await frame.getByRole('textbox', { name: 'Link to this exploration' }).inputValue();
    expect(new URL(link).pathname).toBe('/explorer');
    expect(new URL(link).searchParams.get('view')).toMatch(/^\d+$/);
    await screenshot(page, 'explorer-saved');
    await frame.getByRole('button', { name: 'Close' }).click();

    await page.goto(link);
    const reopened = page.frameLocator('iframe[title="Data explorer"]');
    await reopened.getByRole('heading', { name: 'Revenue by channel' }).waitFor();
    await expect.poll(() => reopened.getByRole('combobox', { name: 'Split by' }).innerText()).toBe('Channel');
    await reopened.getByTestId('explorer-chart').locator('svg').waitFor();
    await screenshot(page, 'explorer-saved-link');

    // The table view of the same answer.
    await reopened.getByRole('button', { name: 'Table' }).click();
    await reopened.getByRole('table', { name: 'Table' }).waitFor();
    await screenshot(page, 'explorer-table');
    await context.close();
  }, 420_000);

  it("says 'No Data Cubes configured' in a workspace without metrics", async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    const email = `owner@explorer-${Date.now().toString(36)}.test`;
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/explorer');
    await page.getByText('No Data Cubes configured').waitFor();
    await screenshot(page, 'explorer-no-data-cubes');
    await context.close();
  }, 60_000);
});

async function revenueId(url: string, token: string): Promise<string | undefined> {
  const res = await fetch(`${url}/v1/explorer/catalog`, { headers: { 'x-explorer-token': token } });
  if (!res.ok) return undefined;
  const catalog = (await res.json()) as { metrics: Array<{ kpi_id: string; kpi_display_name: string }> };
  return catalog.metrics.find((m) => m.kpi_display_name === 'Revenue')?.kpi_id;
}
