import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SLACK_ACTION_IDS, SLACK_ALERT_MESSAGES, type Group, type Insight } from '@tidemark/contract';
import {
  blockActionBody,
  signSlackRequest,
  startFakeSlack,
  type FakeSlack,
  type FakeSlackMessage,
} from '../apps/server/src/testing/fake-slack';
import { startFakeTwilio, type FakeTwilio } from '../apps/server/src/testing/fake-twilio';
import { apiSession, signInContext, newContext, screenshot, useProduct } from './support/harness';
import { recentSpikeClockShift, uploadOrdersWithSpike } from './support/recent-spike';
import { markWorkspaceSetUp } from './support/workspace';

const SIGNING_SECRET = 'e2e-slack-signing-secret';
const EMAIL = 'sami@tideline-goods.test';
const NAME = 'Sami Okafor';
const PHONE = '+14155550123';
const SLACK_USER = 'U0SAMI';

interface Block {
  type: string;
  text?: { text: string };
  fields?: Array<{ text: string }>;
  image_url?: string;
  elements?: Array<{ action_id?: string; value?: string; url?: string; text?: string | { text: string } }>;
}

const blocksOf = (m: { blocks: unknown[] }) => m.blocks as Block[];
const actionsOf = (m: { blocks: unknown[] }) => blocksOf(m).find((b) => b.type === 'actions')?.elements ?? [];
/** The figures section as label → value: `*Expected*\n41.5` → { Expected: '41.5' }. */
const figuresOf = (m: { blocks: unknown[] }) =>
  Object.fromEntries(
    (blocksOf(m).find((b) => b.fields)?.fields ?? []).map((f) => {
      const [label, value] = f.text.split('\n');
      return [label!.replace(/\*/g, ''), value];
    }),
  );
const SEVERITY_RANK = { High: 3, Medium: 2, Low: 1 } as const;

/** The insight an alert shows: the top metric's most severe insight, overall before a slice (as the outbox). */
function alertedInsight(group: Group, insights: Insight[]): Insight {
  const rank = (i: Insight) => [
    i.kpi_id === group.top_kpi_id ? 0 : 1,
    -SEVERITY_RANK[i.insight_severity],
    i.dim_name ? 1 : 0,
    Number(i.insight_id),
  ];
  const sorted = [...insights].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    const k = ra.findIndex((v, n) => v !== rb[n]);
    return k < 0 ? 0 : ra[k]! - rb[k]!;
  });
  return sorted[0]!;
}

const switchOn = (page: Page, name: string) => page.getByRole('switch', { name }).isChecked();

describe('Slack and SMS alerts', () => {
  let slack: FakeSlack;
  let twilio: FakeTwilio;
  beforeAll(async () => {
    slack = await startFakeSlack();
    twilio = await startFakeTwilio();
    // The member who will press the buttons: Slack's profile e-mail is how Tidemark knows them.
    slack.users.set(SLACK_USER, { id: SLACK_USER, email: EMAIL, realName: NAME });
  });
  afterAll(async () => {
    await slack?.close();
    await twilio?.close();
  });
  // Read when the server starts, after the fakes above are listening. No demo data: only this workspace alerts.
  // Its clock runs ahead when every recent day is a retail holiday (recent-spike.ts), so the spike is raised.
  const product = useProduct(
    () => ({
      SEED_DEMO_DATA: 'false',
      SLACK_CLIENT_ID: 'e2e.client',
      SLACK_CLIENT_SECRET: 'e2e-client-secret',
      SLACK_API_URL: slack.apiUrl,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.apiUrl,
    }),
    { clockShiftMs: recentSpikeClockShift(Date.now()) },
  );

  it(
    'sends one Slack message and one SMS with the figures, and Resolve in Slack resolves the group',
    { timeout: 240_000 },
    async () => {
      const server = product.server;
      const context = await newContext(product.browser, server.url, { clockShiftMs: server.clockShiftMs });
      const page = await context.newPage();
      await signInContext(page.context(), server, EMAIL);
      await markWorkspaceSetUp(server, EMAIL);

      // Add to Slack. Standing in for Slack's consent page: Allow sends the browser back to our callback with a
      // code, which the server exchanges with the fake's oauth.v2.access (that names the channel picked).
      let asked: URLSearchParams | undefined;
      await page.route(
        (url) => url.origin === 'https://slack.com' && url.pathname === '/oauth/v2/authorize',
        async (route) => {
          asked = new URL(route.request().url()).searchParams;
          const back = new URL(asked.get('redirect_uri') ?? '/', server.url);
          back.search = new URLSearchParams({
            code: 'good-code',
            state: asked.get('state') ?? '',
          }).toString();
          await route.fulfill({ status: 302, headers: { location: back.toString() } });
        },
      );
      await page.goto('/preferences?tab=notifications');
      await page.getByRole('link', { name: 'Add to Slack' }).click();
      await page.getByText('Slack is connected.').waitFor();
      await page.getByText('Alerts go to #alerts in Acme Slack').waitFor();
      expect(asked?.get('client_id')).toBe('e2e.client');
      expect(asked?.get('scope')).toContain('incoming-webhook');
      expect(asked?.get('redirect_uri')).toBe(`${server.url}/v1/auth/slack/callback`);
      expect(slack.calls.filter((c) => c.method === 'oauth.v2.access')).toHaveLength(1);
      await page.getByRole('switch', { name: 'Slack alerts' }).click();
      await expect.poll(() => switchOn(page, 'Slack alerts')).toBe(true);

      // SMS: the number first (the drawer), then the code Twilio texted to it, typed in the app.
      await page.getByRole('switch', { name: 'SMS alerts' }).click();
      await page.getByRole('heading', { name: 'Add your phone number' }).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill(NAME);
      await page.getByRole('textbox', { name: 'Phone number' }).fill('415 555 0123');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => switchOn(page, 'SMS alerts')).toBe(true);
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await expect.poll(() => twilio.messages.filter((m) => m.to === PHONE).length).toBe(1);
      const code = /verification code is (\d{6})\./.exec(twilio.messages[0]!.body)?.[1];
      expect(code, twilio.messages[0]!.body).toBeDefined();
      await page.getByRole('textbox', { name: 'Verification code' }).fill(code!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(`To ${PHONE} (verified)`).waitFor();
      await page.getByRole('button', { name: 'Text me a code' }).waitFor({ state: 'detached' });
      expect(await switchOn(page, 'Slack alerts')).toBe(true);
      expect(await switchOn(page, 'SMS alerts')).toBe(true);
      expect(await switchOn(page, 'E-mail alerts')).toBe(true);
      // The settings as they stay, once the confirmations have faded.
      await expect
        .poll(() => page.getByText(/^(Slack is connected\.|Your Subscriptions are updated)/).count())
        .toBe(0);
      await screenshot(page, 'slack-sms-settings-connected');

      // The anomaly: uploaded orders with a spike on a recent ordinary day.
      const session = await apiSession(server, EMAIL);
      const headers = { cookie: session.cookie };
      await uploadOrdersWithSpike(server, session);

      // Series, pipeline, outbox, delivery: the alert reaches Slack, the phone and the inbox.
      const posted = () => [...slack.messages.values()].filter((m) => m.threadTs === null);
      const alertSms = () => twilio.messages.filter((m) => m.to === PHONE && m.body.startsWith('Tidemark '));
      const alertMail = () =>
        server.mail.messages.filter((m) => m.to.includes(EMAIL) && m.headers['list-unsubscribe']);
      // The hourly and the daily pipeline both see the spike; the loss is alerted once, on every channel. Each
      // channel has its own delivery queue, so one may trail the others by several seconds; alerts are written
      // with their groups, so once both grains' groups exist no other alert is owed.
      const grains = async () =>
        (
          (await (await fetch(`${server.url}/v1/insights/groups?limit=50`, { headers })).json()) as {
            groups: Group[];
          }
        ).groups
          .map((g) => g.pipeline_schedule)
          .sort()
          .join();
      await expect
        .poll(async () => [await grains(), posted().length, alertSms().length, alertMail().length], {
          timeout: 170_000,
          interval: 1000,
        })
        .toEqual(['d,h', 1, 1, 1])
        .catch((error: Error) => {
          throw new Error(
            `${error.message}; alert mails: ${alertMail()
              .map((m) => m.subject)
              .join(' | ')}`,
          );
        });

      const message: FakeSlackMessage = posted()[0]!;
      expect(message.channel).toBe('C0ALERTS');
      const open = actionsOf(message).find((e) => e.action_id === SLACK_ACTION_IDS.open)!;
      const groupId = /\/groups\/(\d+)$/.exec(open.url!)![1]!;
      expect(new Set(posted().map((m) => actionsOf(m).find((e) => e.url)?.url)).size).toBe(posted().length);

      // Its figures are the group's, written as the app writes them.
      const group = (await (
        await fetch(`${server.url}/v1/insights/groups/${groupId}`, { headers })
      ).json()) as Group;
      const { insights } = (await (
        await fetch(`${server.url}/v1/insights?group_id=${groupId}`, { headers })
      ).json()) as { insights: Insight[] };
      const top = alertedInsight(group, insights);
      expect(blocksOf(message)[0]).toMatchObject({ type: 'header', text: { text: group.group_title } });
      expect(figuresOf(message)).toMatchObject({
        Severity: expect.stringContaining(group.group_severity),
        Expected: top.formatted_expected_value,
        Actual: top.formatted_current_value,
      });
      expect(message.text).toContain(group.group_title);
      expect(actionsOf(message).map((e) => e.action_id)).toEqual([
        SLACK_ACTION_IDS.resolve,
        SLACK_ACTION_IDS.flag,
        SLACK_ACTION_IDS.snooze,
        SLACK_ACTION_IDS.open,
      ]);
      expect(open.url).toBe(`${server.url}/groups/${groupId}`);
      // The e-mail's chart, as an image Slack fetches from the product's public address without a session.
      const image = blocksOf(message).find((b) => b.type === 'image');
      expect(image?.image_url).toMatch(new RegExp(`^${server.url}/v1/notifications/charts/`));
      const png = await fetch(image!.image_url!);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      // The SMS: one short line naming the same group, with its link.
      const sms = alertSms().find((m) => m.body.endsWith(`/groups/${groupId}`))!;
      expect(
        sms,
        alertSms()
          .map((m) => m.body)
          .join('\n'),
      ).toBeDefined();
      expect(sms.body.length).toBeLessThanOrEqual(160);
      expect(sms.body).not.toContain('\n');
      expect(sms.body.startsWith(`Tidemark ${group.group_severity}: `)).toBe(true);
      expect(sms.from).toBe('+15005550006');

      // The app shows that group, and on its alerted insight the same figures.
      await page.goto(`/insights/${top.insight_id}`);
      const insightPage = page.getByTestId('insight-page');
      await insightPage.getByText(top.formatted_current_value, { exact: true }).first().waitFor();
      await insightPage.getByText(top.formatted_expected_value, { exact: true }).first().waitFor();
      await page.goto(`/groups/${groupId}`);
      await page.getByRole('heading', { level: 1, name: group.group_title }).waitFor();

      // Resolve, pressed in Slack: Slack posts the signed click to the Interactivity Request URL.
      const resolve = actionsOf(message).find((e) => e.action_id === SLACK_ACTION_IDS.resolve)!;
      const body = blockActionBody({
        teamId: 'T0TIDEMARK',
        userId: SLACK_USER,
        channel: message.channel,
        messageTs: message.ts,
        actionId: SLACK_ACTION_IDS.resolve,
        value: resolve.value!,
      });
      const click = await fetch(`${server.url}/v1/slack/interactions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          // Slack stamps its request with the time; the product checks it against its own clock.
          ...signSlackRequest(SIGNING_SECRET, body, Math.floor(server.now() / 1000)),
        },
        body,
      });
      expect(click.status, await click.clone().text()).toBe(200);

      // Slack: the message redrawn as resolved (no Resolve or Snooze left) and a reply in its thread.
      const resolvedBy = SLACK_ALERT_MESSAGES.resolvedBy(NAME);
      expect(message.edits).toHaveLength(2);
      expect(JSON.stringify(message.blocks)).toContain(`✅ Resolved · ${resolvedBy}`);
      expect(actionsOf(message).map((e) => e.action_id)).toEqual([
        SLACK_ACTION_IDS.flag,
        SLACK_ACTION_IDS.open,
      ]);
      expect(slack.calls.filter((c) => c.method === 'chat.update' && c.args.ts === message.ts)).toHaveLength(
        1,
      );
      const replies = [...slack.messages.values()].filter((m) => m.threadTs === message.ts);
      expect(replies.map((m) => m.text)).toEqual([resolvedBy]);

      // The app: the group resolved, its history naming the member the Slack user is.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: group.group_title }).waitFor();
      const history = page.getByTestId('group-history');
      await history.getByText('Moved to Resolved via Slack').waitFor();
      await history.getByText(new RegExp(`by ${EMAIL.replace(/\./g, '\\.')}`)).waitFor();
      await page.getByRole('button', { name: 'Flag' }).waitFor();
      expect(await page.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
      await expect
        .poll(() => page.locator('[data-testid=timeline-chart] svg path').count())
        .toBeGreaterThan(3);
      await screenshot(page, 'slack-sms-group-resolved');
      await context.close();
    },
  );
});
