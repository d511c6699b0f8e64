import { describe, expect, it } from 'vitest';
import { apiSession, signInContext, newContext, screenshot, useProduct } from './support/harness';
import type { ReceivedMail } from './support/mail-sink';
import { recentSpikeClockShift, uploadOrdersWithSpike } from './support/recent-spike';
import { markWorkspaceSetUp } from './support/workspace';

/** The mail as a mail client shows it: inline images swapped in for their cid references. */
function asDisplayed(mail: ReceivedMail): string {
  let html = mail.html;
  for (const a of mail.attachments) {
    if (a.cid)
      html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`);
  }
  return html;
}

describe('e-mail alerts', () => {
  // No demo data: this file's workspace is the only one the jobs work for. Its clock runs ahead when every
  // recent day is a retail holiday (recent-spike.ts), so the uploaded spike is raised whatever the date.
  const product = useProduct(
    { SEED_DEMO_DATA: 'false' },
    { clockShiftMs: recentSpikeClockShift(Date.now()) },
  );

  it(
    'e-mails an alert with the figures and a chart when uploaded data has an anomaly',
    { timeout: 300_000 },
    async () => {
      const email = 'nadia@harbor-goods.test';
      const context = await newContext(product.browser, product.server.url, {
        clockShiftMs: product.server.clockShiftMs,
      });
      const page = await context.newPage();
      await signInContext(page.context(), product.server, email);
      await markWorkspaceSetUp(product.server, email);

      // Turn e-mail alerts on in the settings (on by default: off, then on again, as a user checking would).
      await page.goto('/preferences?tab=notifications');
      const toggle = page.getByRole('switch', { name: 'E-mail alerts' });
      await toggle.waitFor();
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await page.getByText('You would have received no alerts.').waitFor();
      await screenshot(page, 'notifications-settings-empty');

      // Upload the orders and configure metrics, as the data wizard does.
      const session = await apiSession(product.server, email);
      const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
      await uploadOrdersWithSpike(product.server, session);

      // The series, the pipeline, the outbox, the delivery job: the alert reaches the SMTP server.
      let mail: ReceivedMail | undefined;
      await expect
        .poll(
          () =>
            (mail = product.server.mail.messages.find(
              (m) => m.to.includes(email) && m.headers['list-unsubscribe'] && /Orders/.test(m.subject),
            )),
          { timeout: 240_000, interval: 500, message: 'no alert e-mail arrived' },
        )
        .toBeDefined();
      if (!mail) throw new Error('no alert e-mail arrived');

      // Its figures are the group's.
      const groupId = /\/groups\/(\d+)/.exec(mail.text)![1]!;
      const group = (await (
        await fetch(`${product.server.url}/v1/insights/groups/${groupId}`, { headers })
      ).json()) as { group_title: string; group_severity: string };
      expect(mail.subject).toContain(group.group_title);
      expect(mail.text).toMatch(/Expected: [\d.,k]+\nActual: [\d.,k]+/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const chart = mail.attachments.find((a) => a.contentType === 'image/png');
      expect(chart, 'an inline chart').toBeDefined();
      // Sent as an inline part shown by cid (the sink's parser swaps the part in, as a mail client does).
      expect(chart!.cid).toBeTruthy();
      expect(mail.html).toMatch(
        /<img src="(cid:|data:image\/png;base64,)[^"]+" width="560" alt="Orders: recent values"/,
      );

      // The mail as a reader sees it.
      const mailPage = await context.newPage();
      await mailPage.setViewportSize({ width: 700, height: 900 });
      await mailPage.setContent(asDisplayed(mail));
      await mailPage.getByRole('img').first().waitFor();
      await screenshot(mailPage, 'notifications-alert-email');
      await mailPage.setViewportSize({ width: 375, height: 800 });
      await screenshot(mailPage, 'notifications-alert-email-phone');

      // Its link opens the group in the app.
      const link = /Open it in Tidemark: (\S+)/.exec(mail.text)![1]!;
      await page.goto(link);
      await page.getByTestId('group-page').waitFor();

      // The settings now preview what the saved filters would have sent.
      await page.goto('/preferences?tab=notifications');
      await page.getByText(/You would have received \d+ alerts?\./).waitFor();
      await screenshot(page, 'notifications-settings-preview');
      // One mail per group and member: never twice.
      const sent = product.server.mail.messages.filter((m) => m.headers['list-unsubscribe']);
      expect(new Set(sent.map((m) => m.headers['message-id'])).size).toBe(sent.length);
    },
  );
});
