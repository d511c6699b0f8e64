import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, signInContext, newContext, repoRoot, useProduct } from './support/harness';

const DEMO_OWNER = 'owner@demo-store.example';
const shots = path.join(repoRoot, 'artifacts', 'screenshots');
const POLL = { timeout: 20_000 };

async function view(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

interface WireGroup {
  event_group_id: string;
  type: string;
  title: string;
  provider_display_name: string | null;
}

/** The demo's outage groups over the last month, once the poller's replay and the link rule have run. */
async function demoOutages(url: string, cookie: string): Promise<WireGroup[]> {
  const start = new Date(Date.now() - 35 * 86_400_000).toISOString();
  let outages: WireGroup[] = [];
  const read = async () => {
    outages = [];
    for (let page = 1; page <= 10; page++) {
      const res = await fetch(
        `${url}/v1/events/groups?type=outage&page_num=${page}&start_time=${encodeURIComponent(start)}`,
        { headers: { cookie } },
      );
      if (!res.ok) break;
      const body = (await res.json()) as { event_groups: WireGroup[] };
      if (!body.event_groups.length) break;
      outages.push(...body.event_groups);
    }
    return outages.length;
  };
  await expect
    .poll(read, { timeout: 60_000, interval: 1000, message: 'the demo workspace has no outages' })
    .toBeGreaterThanOrEqual(3);
  return outages;
}

/** The outage detail of the demo: title, components, history lines and the business signal it caused. */
describe('provider outages', () => {
  const product = useProduct();

  it(
    'shows an outage with its title, components, history lines and status-page links',
    { timeout: 240_000 },
    async () => {
      const session = await apiSession(product.server, DEMO_OWNER);
      const outages = await demoOutages(product.server.url, session.cookie);
      const outage = outages.find((o) => / Major Incident$/.test(o.title)) ?? outages[0]!;
      expect(outage.title).toMatch(/ (Major Incident|Partial Disruption|Scheduled Maintenance|Incident)$/);

      const context = await newContext(product.browser, product.server.url);
      const page = await context.newPage();
      await signInContext(page.context(), product.server, DEMO_OWNER);
      await page.goto(`/events/groups/${outage.event_group_id}`);
      await page.getByRole('heading', { name: outage.title, level: 1 }).waitFor({ timeout: 30_000 });
      const provider = outage.provider_display_name ?? '';
      await page.getByRole('link', { name: new RegExp(`Check ${provider}'s Status Page`) }).waitFor();
      await page.getByRole('link', { name: new RegExp(`Visit ${provider} Home Page`) }).waitFor();
      await expect.poll(() => page.getByText('WHAT DOES THIS MEAN?').count()).toBe(0);
      // Outage History with the log-line wording of spec 2 §4.
      const logs = page.getByTestId('event-logs');
      await logs.getByText('Outage History').waitFor();
      await expect
        .poll(() => logs.innerText(), POLL)
        .toMatch(
          /experiencing (major|minor) outage|Services are now up and running|outage detected in few services|under maintenance|Maintenance in progress/,
        );
      await view(page, 'outage-detail');
      await page.getByTestId('related-signals').scrollIntoViewIfNeeded();
      await view(page, 'outage-related-signals');
      await context.close();
    },
  );

  it('links an outage to the business signal it caused, both ways', { timeout: 240_000 }, async () => {
    const session = await apiSession(product.server, DEMO_OWNER);
    const outages = await demoOutages(product.server.url, session.cookie);
    let linked: { id: string; signals: Array<{ id: string; kind: string }> } | null = null;
    for (const o of outages) {
      const res = await fetch(`${product.server.url}/v1/events/groups/${o.event_group_id}`, {
        headers: { cookie: session.cookie },
      });
      const body = (await res.json()) as { related_signals?: Array<{ id: string; kind: string }> };
      if (body.related_signals?.length) {
        linked = { id: o.event_group_id, signals: body.related_signals };
        break;
      }
    }
    expect(linked, 'an outage of the demo linked to a business signal').not.toBeNull();

    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);
    await page.goto(`/events/groups/${linked!.id}`);
    const signals = page.getByTestId('related-signals');
    await signals
      .getByText(/Likely related to the .+ outage/)
      .first()
      .waitFor({ timeout: 30_000 });
    await signals.scrollIntoViewIfNeeded();
    await view(page, 'outage-linked');
    const signal = linked!.signals[0]!;
    await signals.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${signal.id}`), POLL);
    const banner = page.getByTestId('related-outages');
    await banner
      .getByText(/Likely related to the .+ outage/)
      .first()
      .waitFor({ timeout: 30_000 });
    await view(page, 'outage-signal');
    await context.close();
  });
});
