import { describe, expect, it } from 'vitest';
import type { Notification } from './channel';
import type { AlertDetails, DigestDetails, NotificationContent } from './content';
import { renderAlertEmail, renderDigestEmail } from './email-render';

const urls = {
  unsubscribe: 'http://localhost:8080/v1/notifications/unsubscribe?token=t',
  settings: 'http://localhost:8080/preferences?tab=notifications',
};
const base: Notification = {
  id: '42',
  tenant_id: 1,
  user_id: 2,
  channel: 'email',
  kind: 'insight_group',
  item_id: '7',
  title: 'Orders <jumped> 4x in the US',
  summary: 'Orders were 480 against an expected 120.',
  severity: 'High',
  expected: 120,
  actual: 480,
  dollar_impact: 12_500,
  currency: 'EUR',
  app_url: 'http://localhost:8080/groups/7',
  attempt: 1,
  details: {},
};
const content = (details: AlertDetails | DigestDetails): NotificationContent => ({
  title: base.title,
  summary: base.summary,
  severity: base.severity,
  expected: base.expected,
  actual: base.actual,
  dollar_impact: base.dollar_impact,
  currency: 'EUR',
  currency_symbol: '€',
  app_url: base.app_url,
  details,
});

describe('e-mail rendering', () => {
  it('renders an alert with its figures, an inline PNG chart, the link to the item and an unsubscribe link', () => {
    const details: AlertDetails = {
      type: 'alert',
      kind: 'insight_group',
      item_label: 'Insight',
      metric_name: 'Orders',
      format: 'number',
      when: 'Tue 3 Mar 2026',
      chart: {
        values: [100, 120, 110, 480, 130],
        lower: [80, 90, 90, 90, 95],
        upper: [140, 150, 150, 150, 155],
        highlight: [3, 3],
        tone: 'good',
      },
      escalated: false,
    };
    const mail = renderAlertEmail(base, content(details), details, urls);
    expect(mail.subject).toBe('High: Orders <jumped> 4x in the US');
    expect(mail.html).toContain('Orders &lt;jumped&gt; 4x in the US');
    expect(mail.html).not.toContain('<jumped>');
    expect(mail.text).toContain('Expected: 120');
    expect(mail.text).toContain('Actual: 480');
    expect(mail.text).toContain('Dollar impact: +€12.5k');
    expect(mail.html).toContain('href="http://localhost:8080/groups/7"');
    expect(mail.text).toContain(`Unsubscribe: ${urls.unsubscribe}`);
    expect(mail.images).toHaveLength(1);
    const png = mail.images[0]!;
    expect(png.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // 1120 px wide: twice the 560 px it is shown at.
    expect(png.content.readUInt32BE(16)).toBe(1120);
    expect(mail.html).toContain(`src="cid:${png.cid}"`);
  });

  it('says when an alert is sent again because the item escalated', () => {
    const details: AlertDetails = {
      type: 'alert',
      kind: 'event_group',
      item_label: 'Site errors',
      metric_name: null,
      format: 'number',
      when: 'Tue, 03 Mar, 02:00 PM UTC',
      chart: null,
      escalated: true,
    };
    const mail = renderAlertEmail(base, content(details), details, urls);
    expect(mail.subject).toBe('Escalated to High: Orders <jumped> 4x in the US');
    expect(mail.images).toHaveLength(0);
    expect(mail.html).toContain('Open the event');
  });

  it('renders a weekly digest with items ranked as given, open vs resolved, providers and precision', () => {
    const details: DigestDetails = {
      type: 'digest',
      kind: 'weekly',
      period_label: '1 Mar – 7 Mar 2026',
      items: [
        {
          kind: 'insight_group',
          title: 'Revenue fell',
          severity: 'High',
          dollar_impact: -5000,
          expected: 12_000,
          actual: 7000,
          format: 'currency',
          when: 'Tue 3 Mar 2026',
          url: 'u1',
          status: 'Open',
        },
        {
          kind: 'event_group',
          title: 'Checkout errors',
          severity: 'Medium',
          dollar_impact: -800,
          url: 'u2',
          status: 'Closed',
        },
      ],
      movers: [
        {
          name: 'Revenue',
          change: -0.2,
          format: 'currency',
          chart: { values: [5, 4, 3], tone: 'neutral' },
          url: 'm',
        },
      ],
      total: 5,
      open: 1,
      resolved: 1,
      providers: [{ title: 'Stripe is degraded', severity: 'High', status: 'Closed' }],
      precision: { helpful: 3, rated: 4 },
    };
    const mail = renderDigestEmail({ ...base, kind: 'weekly' }, content(details), details, urls);
    expect(mail.subject).toBe('Weekly digest: 1 Mar – 7 Mar 2026 · 5 alerts');
    // Each alert with the figures its alert showed, money in the workspace's currency.
    expect(mail.text).toContain(
      '- [High] Revenue fell (-€5,000.00) Insight · Tue 3 Mar 2026 · Actual €7k, expected €12k · Open u1',
    );
    expect(mail.text).toContain('and 3 more in the feed');
    expect(mail.text.indexOf('Revenue fell')).toBeLessThan(mail.text.indexOf('Checkout errors'));
    expect(mail.text).toContain('Open: 1 · Resolved: 1');
    expect(mail.text).toContain('75% of rated alerts were helpful (3 of 4)');
    expect(mail.text).toContain('[High] Stripe is degraded (Closed)');
    expect(mail.images).toHaveLength(1);
  });
});
