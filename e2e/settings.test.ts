import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiSession,
  signInContext,
  newContext,
  repoRoot,
  screenshot,
  settled,
  useProduct,
  type RunningServer,
} from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';

/** One statement on the product's embedded database (the test's own setup, as markWorkspaceSetUp does). */
async function sql<T extends object>(
  server: RunningServer,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const credentials = JSON.parse(readFileSync(path.join(server.dataDir, 'credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const client = new pg.Client({
    host: path.join(server.dataDir, 'run'),
    user: credentials.user,
    password: credentials.password,
    database: 'tidemark',
  });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function signIn(page: Page, server: RunningServer, email: string) {
  await signInContext(page.context(), server, email);
}

const checked = (page: Page, name: string) => page.getByRole('switch', { name }).isChecked();

/** The Noise control card alone, for a screenshot a person can read. */
async function noiseShot(page: Page, name: string) {
  const card = page.locator('.MuiPaper-root', { has: page.getByRole('heading', { name: 'Noise control' }) });
  await card.scrollIntoViewIfNeeded();
  // Snackbars slide away before the picture.
  await expect.poll(() => page.locator('.MuiSnackbar-root').count(), { timeout: 15_000 }).toBe(0);
  await settled(page);
  await card.screenshot({ path: path.join(repoRoot, 'artifacts', 'screenshots', `${name}.png`) });
}

/** A product call with a signed-in session, as a script would make it. */
async function call<T>(
  server: RunningServer,
  session: { cookie: string; csrf: string },
  pathAndQuery: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${server.url}${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Preferences: each personal tab changed in the browser and kept after a reload. */
/** Each flow signs in, saves and reloads several times: on a busy machine that outlasts the default. */
const FLOW_MS = 300_000;

describe('settings: profile, my metrics, notifications and events', () => {
  const product = useProduct({}, { own: "it changes the demo store's settings, snoozes and schedules" });
  const email = 'priya@lantern-goods.test';

  it(
    'keeps notification channels, severity, dollar impact and event sources; SMS asks for a phone first',
    async () => {
      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(page, product.server, email);
      await markWorkspaceSetUp(product.server, email);

      await page.goto('/preferences?tab=notifications');
      await page.getByRole('tab', { name: 'Alerts', selected: true }).waitFor();
      await page
        .getByText('Slack is not available for this workspace yet; contact support to turn it on.')
        .waitFor();
      await screenshot(page, 'settings-alerts-empty');

      // SMS without a phone: the drawer, which Escape and the backdrop leave open; Discard leaves SMS off.
      await page.getByRole('switch', { name: 'SMS alerts' }).click();
      const drawer = page.getByRole('heading', { name: 'Add your phone number' });
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await page.mouse.click(40, 300);
      // Once both have been handled and nothing is sliding, the drawer is still open.
      await settled(page);
      expect(await drawer.isVisible()).toBe(true);
      await screenshot(page, 'settings-alerts-phone-drawer');
      await page.getByRole('button', { name: 'Discard' }).click();
      await drawer.waitFor({ state: 'hidden' });
      expect(await checked(page, 'SMS alerts')).toBe(false);

      // Again, and Save: the phone is stored and SMS turns on.
      // A new user has no name yet: the drawer asks for it too, as the profile needs both.
      await page.getByRole('switch', { name: 'SMS alerts' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Priya Raman');
      await page.getByRole('textbox', { name: 'Phone number' }).fill('415 555 0123');
      await page.getByRole('button', { name: 'Save' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => checked(page, 'SMS alerts')).toBe(true);

      await page.getByRole('switch', { name: 'E-mail alerts' }).click();
      await page.getByText('Your Subscriptions are updated successfully').first().waitFor();
      await expect.poll(() => checked(page, 'E-mail alerts')).toBe(false);
      await page.getByRole('switch', { name: /^Low/ }).click();
      await expect.poll(() => page.getByRole('switch', { name: /^Low/ }).isChecked()).toBe(false);

      const threshold = page.getByRole('textbox', { name: 'Minimum dollar impact' });
      await expect
        .poll(() => page.getByRole('button', { name: 'Confirm' }).count(), { timeout: 30_000 })
        .toBe(0);
      await threshold.fill('250');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'hidden' });

      // A new store has turned no provider on: the event sources are its own site's.
      const site = page.getByRole('group', { name: 'Your website categories' });
      await site.getByRole('checkbox', { name: 'Failed requests' }).click();
      await expect
        .poll(() => site.getByRole('checkbox', { name: 'Failed requests' }).isChecked())
        .toBe(false);

      await page.reload();
      await page.getByRole('switch', { name: 'E-mail alerts' }).waitFor();
      expect(await checked(page, 'E-mail alerts')).toBe(false);
      expect(await checked(page, 'SMS alerts')).toBe(true);
      await expect
        .poll(() => page.getByRole('switch', { name: /^Low/ }).isChecked(), { timeout: 30_000 })
        .toBe(false);
      expect(await threshold.inputValue()).toBe('250');
      await expect
        .poll(() => site.getByRole('checkbox', { name: 'Failed requests' }).isChecked(), { timeout: 30_000 })
        .toBe(false);
      await expect
        .poll(() => site.getByRole('checkbox', { name: 'JavaScript errors' }).isChecked(), {
          timeout: 30_000,
        })
        .toBe(true);
      await screenshot(page, 'settings-alerts-saved');

      // Noise control in a workspace with no saved filter and nothing snoozed: quiet hours only.
      await page.getByText('No active snoozes').waitFor();
      expect(await page.getByRole('combobox', { name: 'Alert me about' }).getAttribute('aria-disabled')).toBe(
        'true',
      );
      await page.getByRole('switch', { name: 'Hold alerts during quiet hours' }).click();
      await page.getByText('Notification settings saved.').first().waitFor();
      await page.getByLabel('Start').fill('23:00');
      await page.getByLabel('End').fill('06:30');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'hidden' });
      await noiseShot(page, 'settings-noise-empty-workspace');
      await page.reload();
      await page.getByRole('switch', { name: 'Hold alerts during quiet hours' }).waitFor();
      expect(await checked(page, 'Hold alerts during quiet hours')).toBe(true);
      expect(await page.getByLabel('Start').inputValue()).toBe('23:00');
      expect(await page.getByLabel('End').inputValue()).toBe('06:30');
    },
    FLOW_MS,
  );

  it(
    'keeps quiet hours and the alert scope in the demo workspace, and lists and removes its snoozes',
    async () => {
      // What the demo owner saved and snoozed, through the product's own calls.
      const session = await apiSession(product.server, DEMO_OWNER);
      let dimension: { id: number; name: string; display_name: string } | undefined;
      let values: string[] = [];
      const readValues = async () => {
        const dims = await call<{ data?: Array<{ id: number; name: string; display_name: string }> }>(
          product.server,
          session,
          '/v1/metrics_hub/dimensions',
        );
        dimension = dims.data?.find((d) => d.display_name === 'Country');
        if (dimension) {
          values = (
            await call<{ data: string[] }>(
              product.server,
              session,
              `/v1/metrics_hub/dimensions/${dimension.id}/values`,
            )
          ).data;
        }
        return values.length;
      };
      await expect.poll(readValues, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
      const created = await call<{ data: { id: number } }>(product.server, session, '/v1/feed/filters', {
        method: 'POST',
        body: {
          dimension_id: dimension!.id,
          dimension_name: dimension!.name,
          dimension_value: values[0],
          display_name: `Only ${values[0]}`,
        },
      });
      const metrics = await call<{ rows: Array<{ kpi_id: string; kpi_display_name: string }> }>(
        product.server,
        session,
        '/v1/metrics_hub/metrics',
      );
      const metric = metrics.rows[0]!;
      await call(product.server, session, '/v1/notifications/snoozes', {
        method: 'POST',
        body: { target_type: 'metric', target_id: metric.kpi_id, duration: '1d' },
      });

      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(page, product.server, DEMO_OWNER);
      await page.goto('/preferences?tab=notifications');
      const snoozes = page.getByRole('list', { name: 'Active snoozes' });
      await snoozes.waitFor({ timeout: 60_000 });
      await snoozes.getByRole('link', { name: metric.kpi_display_name }).waitFor();

      await page.getByRole('switch', { name: 'Hold alerts during quiet hours' }).click();
      await page.getByText('Notification settings saved.').first().waitFor();
      await page.getByLabel('End').fill('08:00');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'hidden' });
      const scope = page.getByRole('combobox', { name: 'Alert me about' });
      await scope.click();
      await page.getByRole('option', { name: new RegExp(`^Only ${values[0]} `) }).click();
      await expect.poll(() => scope.innerText()).toContain(`Only ${values[0]}`);
      await noiseShot(page, 'settings-noise-demo-workspace');

      await page.reload();
      await scope.waitFor({ timeout: 60_000 });
      await expect.poll(() => scope.innerText(), { timeout: 30_000 }).toContain(`Only ${values[0]}`);
      expect(await checked(page, 'Hold alerts during quiet hours')).toBe(true);
      expect(await page.getByLabel('Start').inputValue()).toBe('22:00');
      expect(await page.getByLabel('End').inputValue()).toBe('08:00');
      const [row] = await sql<{ quiet_hours_active: boolean; quiet_end: string; scope_filter_id: string }>(
        product.server,
        `select quiet_hours_active, quiet_end, scope_filter_id::text from notification_settings s
          join users u using (user_id) where u.email = $1`,
        [DEMO_OWNER],
      );
      expect(row).toEqual({
        quiet_hours_active: true,
        quiet_end: '08:00',
        scope_filter_id: String(created.data.id),
      });

      await page.getByRole('button', { name: `Remove the snooze on ${metric.kpi_display_name}` }).click();
      await page.getByText('Snooze removed.').waitFor();
      await page.getByText('No active snoozes').waitFor();
    },
    FLOW_MS,
  );

  it(
    'keeps the report schedule, its time sent in UTC',
    async () => {
      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(page, product.server, email);
      await sql(
        product.server,
        `update tenants set timezone = 'Asia/Kolkata' where tenant_id = (select tenant_id from users where email = $1)`,
        [email],
      );
      await page.goto('/preferences?tab=notifications&sub_tab=schedule');
      const days = page.getByRole('group', { name: 'Daily alerts' });
      await days.waitFor();
      await days.getByRole('button', { name: 'Monday' }).click();
      await page.getByRole('combobox', { name: 'Start of week' }).click();
      await page.getByRole('option', { name: 'Monday' }).click();
      await page.getByLabel('Time').fill('09:00');
      await page.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText('Your notification schedule has been updated successfully.').waitFor();
      await screenshot(page, 'settings-reports-saved');

      await page.reload();
      await days.waitFor();
      await expect
        .poll(() => days.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed'), {
          timeout: 30_000,
        })
        .toBe('false');
      await expect
        .poll(() => days.getByRole('button', { name: 'Sunday' }).getAttribute('aria-pressed'), {
          timeout: 30_000,
        })
        .toBe('true');
      expect(await page.getByLabel('Time').inputValue()).toBe('09:00');
      const [row] = await sql<{
        preference_value: { weekly_digest: { day_time: string; start_of_week: string } };
      }>(
        product.server,
        `select preference_value from user_preferences p join users u using (user_id)
       where u.email = $1 and preference_name = 'NOTIFICATION_SCHEDULE_PREFERENCE'`,
        [email],
      );
      expect(row!.preference_value.weekly_digest).toMatchObject({
        day_time: '03:30',
        start_of_week: 'monday',
      });
    },
    FLOW_MS,
  );

  it(
    'keeps the profile; digits in the name are refused as typed',
    async () => {
      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(page, product.server, email);
      await page.goto('/preferences');
      const name = page.getByRole('textbox', { name: 'Name' });
      await name.waitFor();
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);
      await name.fill('');
      await name.pressSequentially('Priya 2Raman Iyer');
      expect(await name.inputValue()).toBe('Priya Raman Iyer');
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.getByRole('combobox', { name: 'Country' }).fill('Indi');
      await page.getByRole('option', { name: /India/ }).first().click();
      await page.getByRole('textbox', { name: 'Phone number' }).fill('98765 43210');
      await save.click();
      await page.getByText('Changes have been saved.').waitFor();
      await screenshot(page, 'settings-profile-saved');

      await page.reload();
      await name.waitFor();
      expect(await name.inputValue()).toBe('Priya Raman Iyer');
      expect(await page.getByRole('combobox', { name: 'Country' }).inputValue()).toContain('India');
      expect(await page.getByRole('textbox', { name: 'Phone number' }).inputValue()).toBe('9876543210');
      expect(await save.isDisabled()).toBe(true);
      const [user] = await sql<{ given_name: string; family_name: string; phone_number: string }>(
        product.server,
        'select given_name, family_name, phone_number from users where email = $1',
        [email],
      );
      expect(user).toEqual({ given_name: 'Priya', family_name: 'Raman Iyer', phone_number: '+919876543210' });
      await name.fill('');
      await save.click();
      await page.getByText('Please enter both name and number.').waitFor();
    },
    FLOW_MS,
  );

  it(
    'keeps event sensitivity and sampling, which the collector then applies',
    async () => {
      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(page, product.server, email);
      await page.goto('/preferences?tab=events');
      await page.getByRole('checkbox', { name: /^Moderate/ }).waitFor();
      expect(await page.getByRole('checkbox', { name: /^Moderate/ }).isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: /^Small/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your preferences are updated successfully').waitFor();
      await screenshot(page, 'settings-events-sensitivity');

      await page.getByRole('tab', { name: 'Error collection' }).click();
      const js = page.getByRole('spinbutton', { name: 'JavaScript errors' });
      await js.waitFor();
      expect(await js.isDisabled()).toBe(true);
      await page.getByRole('switch', { name: 'Own rate for JavaScript errors' }).check();
      await js.fill('50');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your preferences are updated successfully').first().waitFor();
      await screenshot(page, 'settings-events-sampling');

      await page.reload();
      await js.waitFor();
      expect(await js.inputValue()).toBe('50');
      expect(await page.getByRole('spinbutton', { name: 'All other events' }).inputValue()).toBe('10');
      await page.getByRole('tab', { name: 'Sensitivity' }).click();
      await expect
        .poll(() => page.getByRole('checkbox', { name: /^Small/ }).isChecked(), { timeout: 30_000 })
        .toBe(true);

      const [tenant] = await sql<{ site_key: string }>(
        product.server,
        'select site_key from tenants where tenant_id = (select tenant_id from users where email = $1)',
        [email],
      );
      const config = (await (
        await fetch(`${product.server.url}/v1/collect/config?key=${tenant!.site_key}`)
      ).json()) as {
        s: { js: number; ast: number };
      };
      expect(config.s).toMatchObject({ js: 0.5, ast: 0.1 });
    },
    FLOW_MS,
  );

  it(
    'keeps My Metrics for a design partner, refusing a fifth; the empty workspace says why none are listed',
    async () => {
      // The empty workspace first: a design partner without metrics yet.
      await sql(product.server, 'update users set is_design_partner = true where email = any($1)', [
        [email, DEMO_OWNER],
      ]);
      const empty = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(empty, product.server, email);
      await empty.goto('/preferences?tab=my_metrics');
      await empty.getByText('No metrics yet').waitFor();
      await screenshot(empty, 'settings-my-metrics-empty');

      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signIn(page, product.server, DEMO_OWNER);
      await page.goto('/preferences?tab=my_metrics');
      const list = page.getByRole('group', { name: 'My Metrics' });
      await list.waitFor({ timeout: 60_000 });
      const boxes = list.getByRole('checkbox');
      await expect.poll(() => boxes.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
      for (let i = 0; i < 2; i++) await boxes.nth(i).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Select atleast 3 metrics').waitFor();
      for (let i = 2; i < 4; i++) await boxes.nth(i).check();
      await boxes.nth(4).click();
      await page.getByText('More than 4 metrics cannot be selected.').waitFor();
      await expect.poll(() => boxes.nth(4).isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Metrics preference updated.').waitFor();
      await screenshot(page, 'settings-my-metrics-saved');

      await page.reload();
      await list.waitFor();
      await expect.poll(() => list.getByRole('checkbox', { checked: true }).count()).toBe(4);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // Demo mode hides Preferences (spec 1 §2): opened by URL, it sends the visitor to /events.
      await empty.goto('/preferences?tab=events');
      await empty
        .getByRole('switch', { name: 'Demo Mode' })
        .or(empty.getByRole('checkbox', { name: 'Demo Mode' }))
        .click();
      await empty.getByRole('button', { name: 'Exit demo mode' }).waitFor();
      await empty.goto('/preferences?tab=notifications');
      await empty.waitForURL('**/events**');
      await empty.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    },
    FLOW_MS,
  );
});
