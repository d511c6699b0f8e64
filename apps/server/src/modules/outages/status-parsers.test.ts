import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BAD_BODIES,
  CHECKOUT_COMPONENTS,
  atomFeed,
  instatusComponents,
  instatusSummary,
  paymentsComponentsAt,
  paymentsIncident,
  rssFeed,
  statuspageIncidents,
  statuspageMaintenance,
  statuspageSummary,
} from '../../testing/fake-status-pages';
import { PROVIDER_CATALOGUE } from '../providers/catalogue';
import { diffComponents, outageLogLine, outageTitle, rowStatus, severityOfImpact } from './outage-rules';
import {
  UnreadableBodyError,
  parseBody,
  parseFeed,
  parseInstant,
  parseStatuspage,
  type ParsedIncident,
} from './status-parsers';

const T0 = Date.UTC(2026, 10, 26, 14, 0);
const NOW = T0 + 6 * 3_600_000;
const page = { name: 'Stripe', components: CHECKOUT_COMPONENTS };
const inc = paymentsIncident();

/** A recorded body written here in the shape of the provider's real feed (fixtures/). */
const fixture = (file: string) => readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
const AFTER = Date.UTC(2026, 0, 2);
/** What a test needs of an incident: times in UTC, the rest as read. */
const summary = (i: ParsedIncident) => ({
  key: i.key,
  kind: i.kind,
  title: i.title,
  impact: i.impact,
  status: i.status,
  start: i.startedAt.toISOString(),
  end: i.resolvedAt?.toISOString() ?? null,
  components: i.components,
});

describe('status page readers and outage rules', () => {
  it('reads a Statuspage summary: components with groups, the open incident with its updates', () => {
    const s = parseStatuspage(statuspageSummary(T0, 30, page, [inc], paymentsComponentsAt(30)), NOW);
    expect(s.activeOnly).toBe(true);
    expect(s.components).toMatchObject({
      API: { status: 'down', group_name: 'Payments' },
      Checkout: { status: 'warn', group_name: 'Payments' },
      Dashboard: { status: 'up', group_name: null },
    });
    expect(s.components).not.toHaveProperty('Payments');
    expect(s.incidents).toHaveLength(1);
    const i = s.incidents[0]!;
    expect(i).toMatchObject({ key: 'inc-pay-1', impact: 'major', status: 'identified', resolved: false });
    expect(i.startedAt.getTime()).toBe(T0);
    expect(i.updates.map((u) => u.status)).toEqual(['investigating', 'identified']);
    expect(i.components).toEqual(['API', 'Checkout']);
  });

  it('reads resolved incidents and maintenances from the Statuspage history lists', () => {
    const s = parseStatuspage(statuspageIncidents(T0, 120, page, [inc]), NOW);
    expect(s.activeOnly).toBe(false);
    expect(s.incidents[0]).toMatchObject({ resolved: true, status: 'resolved' });
    expect(s.incidents[0]!.resolvedAt!.getTime()).toBe(T0 + 95 * 60_000);
    const m = statuspageMaintenance(T0, {
      id: 'm1',
      name: 'Database upgrade',
      from: 10,
      to: 70,
      status: 'in_progress',
      components: ['Dashboard'],
    });
    const withM = parseStatuspage(statuspageSummary(T0, 30, page, [], {}, [m]), NOW);
    expect(withM.incidents[0]).toMatchObject({
      kind: 'maintenance',
      impact: 'maintenance',
      status: 'in_progress',
    });
    expect(withM.incidents[0]!.startedAt.getTime()).toBe(T0 + 10 * 60_000);
  });

  it('reads Instatus summaries with their components', () => {
    const s = parseBody(
      'instatus',
      instatusSummary(T0, 30, [inc]),
      NOW,
      instatusComponents([
        { name: 'Payments API', status: 'MAJOROUTAGE', group: 'Core' },
        { name: 'Dashboard', status: 'OPERATIONAL' },
      ]),
    );
    expect(s.incidents[0]).toMatchObject({ key: 'inc-pay-1', impact: 'major', status: 'identified' });
    expect(s.components).toEqual({
      'Payments API': { status: 'down', group_name: 'Core' },
      Dashboard: { status: 'up', group_name: null },
    });
  });

  it.each(['rss', 'atom'] as const)(
    'reads %s history feeds: one incident per item with its updates',
    (format) => {
      const body = (format === 'rss' ? rssFeed : atomFeed)(T0, 120, 'Stripe', [inc]);
      const s = parseFeed(body, format, NOW);
      expect(s.components).toBeNull();
      expect(s.incidents).toHaveLength(1);
      const i = s.incidents[0]!;
      expect(i.title).toBe('Elevated error rates on payment API requests');
      expect(i.updates.map((u) => u.status)).toEqual([
        'investigating',
        'identified',
        'monitoring',
        'resolved',
      ]);
      expect(i).toMatchObject({ resolved: true, impact: 'minor', components: ['API', 'Checkout'] });
      expect(i.startedAt.getTime()).toBe(T0);
      expect(i.resolvedAt!.getTime()).toBe(T0 + 95 * 60_000);
      const open = parseFeed((format === 'rss' ? rssFeed : atomFeed)(T0, 30, 'Stripe', [inc]), format, NOW);
      expect(open.incidents[0]).toMatchObject({ resolved: false, status: 'identified' });
    },
  );

  it.each([
    ['malformed JSON', 'statuspage_v2', BAD_BODIES.malformed],
    ['truncated JSON', 'statuspage_v2', BAD_BODIES.truncatedJson(statuspageSummary(T0, 30, page, [inc], {}))],
    ['an HTML error page', 'statuspage_v2', BAD_BODIES.notJson],
    ['an empty body', 'instatus', BAD_BODIES.empty],
    ['a huge body', 'statuspage_v2', BAD_BODIES.huge()],
    ['HTML as a feed', 'rss', BAD_BODIES.notJson],
    ['JSON as an Atom feed', 'atom', '{"feed": 1}'],
  ] as const)('refuses %s as unreadable, never throwing anything else', (_name, format, body) => {
    expect(() => parseBody(format, body, NOW)).toThrow(UnreadableBodyError);
  });

  it('keeps the complete items of a truncated feed and invents none', () => {
    const full = rssFeed(T0, 120, 'Stripe', [inc, paymentsIncident('inc-pay-2')]);
    const s = parseFeed(BAD_BODIES.truncatedXml(full), 'rss', NOW);
    expect(s.incidents.length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['dated when it opened', 'Wed, 31 Dec 2025 23:40:00 GMT'],
    ['dated when it resolved', 'Thu, 01 Jan 2026 00:30:00 GMT'],
  ])('reads an incident across New Year in order, %s', (_name, pubDate) => {
    const body = `<?xml version="1.0"?><rss version="2.0"><channel><title>Shop status</title>
      <item><title>Checkout errors</title><guid>ny-1</guid><pubDate>${pubDate}</pubDate>
      <description>&lt;p&gt;&lt;small&gt;Jan  1, 00:30 UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Resolved&lt;/strong&gt; - Fixed.&lt;/p&gt;
      &lt;p&gt;&lt;small&gt;Dec 31, 23:40 UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Investigating&lt;/strong&gt; - Checkout is down.&lt;/p&gt;</description></item>
    </channel></rss>`;
    const s = parseFeed(body, 'rss', Date.UTC(2026, 0, 2));
    const incident = s.incidents[0]!;
    expect(incident.updates.map((u) => u.at.toISOString())).toEqual([
      '2025-12-31T23:40:00.000Z',
      '2026-01-01T00:30:00.000Z',
    ]);
    expect(incident.startedAt.toISOString()).toBe('2025-12-31T23:40:00.000Z');
    expect(incident.resolved).toBe(true);
  });

  it('skips unknown vocabulary instead of guessing: no incident, no component', () => {
    const s = parseStatuspage(BAD_BODIES.unknownVocabulary, NOW);
    expect(s.incidents).toEqual([]);
    expect(s.components).toEqual({});
    expect(s.skipped.join(' ')).toMatch(/pondering|apocalyptic/);
    expect(s.skipped.join(' ')).toMatch(/kaputt/);
  });

  it('reads timestamps in any offset to the same instant and drops unreadable or far-future ones', () => {
    const s = parseStatuspage(BAD_BODIES.oddOffsets(T0), NOW);
    expect(s.incidents.map((i) => i.key)).toEqual(['offset-1']);
    expect(s.incidents[0]!.startedAt.getTime()).toBe(T0);
    expect(s.incidents[0]!.updates[0]!.at.getTime()).toBe(T0);
    expect(parseInstant('2026-11-26T19:30:00+0530', NOW)?.getTime()).toBe(T0);
    expect(parseInstant('Thu, 26 Nov 2026 06:00:00 -0800', NOW)?.getTime()).toBe(T0);
    expect(parseInstant('Thu, 26 Nov 2026 14:00:00 GMT', NOW)?.getTime()).toBe(T0);
    expect(parseInstant('Nov 26, 14:00 UTC', NOW, 2026)?.getTime()).toBe(T0);
    expect(parseInstant('yesterday', NOW)).toBeNull();
    expect(parseInstant('1970-01-01T00:00:00Z', NOW)).toBeNull();
  });

  it('maps impact to severity and titles by severity (spec 2 §4)', () => {
    expect(severityOfImpact('critical')).toBe('High');
    expect(severityOfImpact('major')).toBe('High');
    expect(severityOfImpact('minor')).toBe('Medium');
    expect(severityOfImpact('maintenance')).toBe('Low');
    expect(severityOfImpact('none')).toBeNull();
    expect(outageTitle('Stripe', 'High')).toBe('Stripe Major Incident');
    expect(outageTitle('Stripe', 'Medium')).toBe('Stripe Partial Disruption');
    expect(outageTitle('Stripe', 'Low')).toBe('Stripe Scheduled Maintenance');
    expect(outageTitle('Stripe', null)).toBe('Stripe Incident');
  });

  it('diffs component snapshots itself: moved statuses and new components that are not up', () => {
    const before = parseStatuspage(statuspageSummary(T0, -5, page, [], {}), NOW).components;
    const during = parseStatuspage(
      statuspageSummary(T0, 5, page, [inc], paymentsComponentsAt(5)),
      NOW,
    ).components;
    const after = parseStatuspage(statuspageSummary(T0, 100, page, [inc], {}), NOW).components;
    expect(diffComponents(before, during)).toEqual([
      { name: 'API', group_name: 'Payments', last_status: 'up', current_status: 'down' },
      { name: 'Checkout', group_name: 'Payments', last_status: 'up', current_status: 'warn' },
    ]);
    expect(diffComponents(during, during)).toEqual([]);
    expect(diffComponents(during, after).map((c) => c.current_status)).toEqual(['up', 'up']);
    expect(diffComponents(null, during)).toEqual([]);
  });

  it('writes Outage History lines by the wording and priority of spec 2 §4', () => {
    const change = (name: string, current_status: string) => ({ name, current_status });
    expect(outageLogLine({ description: 'Fixed.', current_status: 'up', changes: [] })).toBe('Fixed.');
    expect(outageLogLine({ description: null, current_status: 'up', changes: [change('API', 'up')] })).toBe(
      'Services are now up and running',
    );
    expect(
      outageLogLine({
        description: null,
        current_status: 'down',
        changes: [change('API', 'down'), change('Checkout', 'warn'), change('Webhooks', 'down')],
      }),
    ).toBe('API, Webhooks are experiencing major outage');
    expect(
      outageLogLine({ description: null, current_status: 'warn', changes: [change('Checkout', 'warn')] }),
    ).toBe('Checkout is experiencing minor outage');
    expect(
      outageLogLine({
        description: null,
        current_status: 'maintenance',
        changes: [change('DB', 'maintenance')],
      }),
    ).toBe('DB is under maintenance');
    expect(outageLogLine({ description: null, current_status: 'down', changes: [] })).toBe(
      'Major outage detected in few services',
    );
    expect(outageLogLine({ description: null, current_status: 'warn', changes: [] })).toBe(
      'Minor outage detected in few services',
    );
    expect(outageLogLine({ description: null, current_status: 'maintenance', changes: [] })).toBe(
      'Maintenance in progress in few services',
    );
    expect(outageLogLine({ description: null, current_status: 'exploded', changes: [] })).toBe(
      'Unknown status',
    );
    expect(rowStatus({ kind: 'incident', impact: 'minor' }, false, [])).toBe('warn');
    expect(rowStatus({ kind: 'incident', impact: 'major' }, true, [])).toBe('up');
    expect(rowStatus({ kind: 'maintenance', impact: 'maintenance' }, false, [])).toBe('maintenance');
  });

  it('reads AWS’s status RSS: notices grouped into incidents, impact from the title prefix, times from PST', () => {
    const s = parseBody('rss', fixture('aws-all.rss'), Date.UTC(2022, 0, 1));
    expect(s.skipped).toEqual([]);
    expect(s.incidents.map(summary)).toEqual([
      {
        key: 'http://status.aws.amazon.com/#sns-us-east-1_1640209200',
        kind: 'incident',
        title: 'SMS Delivery Delays',
        impact: 'minor',
        status: 'resolved',
        start: '2021-12-22T21:40:00.000Z',
        end: '2021-12-22T23:02:00.000Z',
        components: ['sns-us-east-1'],
      },
      {
        key: 'http://status.aws.amazon.com/#ec2-us-east-1_1640284200',
        kind: 'incident',
        title: 'Increased API Error Rates',
        impact: 'major',
        status: 'resolved',
        start: '2021-12-23T18:30:00.000Z',
        end: '2021-12-23T20:05:00.000Z',
        components: ['ec2-us-east-1'],
      },
      {
        key: 'http://status.aws.amazon.com/#cloudwatch-eu-west-1_1640340900',
        kind: 'incident',
        title: 'Delayed CloudWatch Metrics',
        impact: 'minor',
        status: 'investigating',
        start: '2021-12-24T10:15:00.000Z',
        end: null,
        components: ['cloudwatch-eu-west-1'],
      },
    ]);
    const ec2 = s.incidents[1]!;
    expect(ec2.updates.map((u) => u.status)).toEqual(['investigating', 'investigating', 'resolved']);
    expect(ec2.updates[1]!.body).toMatch(/new instance launches are failing/);
  });

  it('takes an AWS notice’s impact from its prefix, whatever its text says', () => {
    const item = (title: string, at: string, guid: string, text: string) =>
      `<item><title><![CDATA[${title}]]></title><pubDate>${at}</pubDate>
        <guid isPermaLink="false">http://status.aws.amazon.com/#${guid}</guid><description><![CDATA[${text}]]></description></item>`;
    const body = `<rss version="2.0"><channel><title>Amazon Web Services Service Status</title>
      ${item('Informational message: Console sign-in', 'Thu, 23 Dec 2021 10:30:00 PST', 'console-us-east-1_1', 'The console is unavailable for a small number of users.')}
      ${item('Service is operating normally: [RESOLVED] Console sign-in', 'Thu, 23 Dec 2021 11:00:00 PST', 'console-us-east-1_2', 'Resolved.')}
      ${item('Informational message: Console sign-in', 'Fri, 24 Dec 2021 09:00:00 PST', 'console-us-east-1_3', 'Sign-in is slow again.')}
    </channel></rss>`;
    const s = parseFeed(body, 'rss', Date.UTC(2022, 0, 1));
    expect(s.incidents.map((i) => [i.key.split('#')[1], i.impact, i.resolved])).toEqual([
      ['console-us-east-1_1', 'minor', true],
      ['console-us-east-1_3', 'minor', false],
    ]);
  });

  it.each([
    [
      'Stripe (Statuspage RSS in PST, across New Year)',
      'stripe-history.rss',
      [
        {
          key: 'https://www.stripestatus.com/incidents/w0q8v3rk5t2n',
          kind: 'incident',
          title: 'Delayed webhook deliveries',
          impact: 'minor',
          status: 'resolved',
          start: '2026-01-01T07:40:00.000Z',
          end: '2026-01-01T08:50:00.000Z',
          components: ['Webhooks'],
        },
        {
          key: 'https://www.stripestatus.com/incidents/7q2kd9xw4m1c',
          kind: 'incident',
          title: 'Elevated error rates on Payment Intents API',
          impact: 'minor',
          status: 'resolved',
          start: '2025-12-23T17:12:00.000Z',
          end: '2025-12-23T18:30:00.000Z',
          components: ['API', 'Checkout'],
        },
      ],
    ],
    [
      'Wix (Statuspage RSS in CET and CEST)',
      'wix-history.rss',
      [
        {
          key: 'https://status.wix.com/incidents/h4l1c9mz0b7r',
          kind: 'incident',
          title: 'Degraded performance of the Wix Editor',
          impact: 'minor',
          status: 'resolved',
          start: '2025-12-23T09:30:00.000Z',
          end: '2025-12-23T11:40:00.000Z',
          components: ['Wix Editor'],
        },
        {
          key: 'https://status.wix.com/incidents/s8p2y6dk3v5j',
          kind: 'incident',
          title: 'Checkout unavailable on Wix stores',
          impact: 'major',
          status: 'resolved',
          start: '2025-07-15T12:20:00.000Z',
          end: '2025-07-15T13:05:00.000Z',
          components: ['Wix Stores'],
        },
      ],
    ],
    [
      'Mailchimp (Statuspage-style RSS in EST, pubDate with a zone name)',
      'mailchimp-history.rss',
      [
        {
          key: 'https://status.mailchimp.com/incidents/m3x7t0q2c9ke',
          kind: 'incident',
          title: 'Mailchimp Transactional API down',
          impact: 'major',
          status: 'investigating',
          start: '2025-12-23T21:20:00.000Z',
          end: null,
          components: ['Mailchimp Transactional'],
        },
        {
          key: 'https://status.mailchimp.com/incidents/c1n5r8w2j6ua',
          kind: 'incident',
          title: 'Campaign sends delayed',
          impact: 'minor',
          status: 'resolved',
          start: '2025-12-22T13:05:00.000Z',
          end: '2025-12-22T14:45:00.000Z',
          components: ['Campaign Sending'],
        },
      ],
    ],
    [
      'Shopify (Statuspage Atom in EST, a maintenance from when it went in progress)',
      'shopify-history.atom',
      [
        {
          key: 'tag:www.shopifystatus.com,2005:Incident/27718350',
          kind: 'maintenance',
          title: 'Scheduled maintenance of the Shopify admin',
          impact: 'maintenance',
          status: 'completed',
          start: '2025-12-27T06:00:00.000Z',
          end: '2025-12-27T08:00:00.000Z',
          components: ['Admin'],
        },
        {
          key: 'tag:www.shopifystatus.com,2005:Incident/27703391',
          kind: 'incident',
          title: 'Checkout errors for some merchants',
          impact: 'minor',
          status: 'resolved',
          start: '2025-12-23T15:48:00.000Z',
          end: '2025-12-23T16:52:00.000Z',
          components: ['Checkout'],
        },
      ],
    ],
    [
      'PayPal (notices titled by state, in PST)',
      'paypal-feed.rss',
      [
        {
          key: 'MNT-2209117-1',
          kind: 'maintenance',
          title: 'Sandbox maintenance',
          impact: 'maintenance',
          status: 'scheduled',
          start: '2025-12-19T18:00:00.000Z',
          end: null,
          components: [],
        },
        {
          key: 'INC-8841302-1',
          kind: 'incident',
          title: 'PayPal Checkout errors',
          impact: 'major',
          status: 'resolved',
          start: '2025-12-23T15:05:00.000Z',
          end: '2025-12-23T16:30:00.000Z',
          components: [],
        },
      ],
    ],
    [
      'Postmark (notices titled by state, in EST)',
      'postmark-feed.rss',
      [
        {
          key: 'https://status.postmarkapp.com/notices/4w9kzq2m7c-delayed-outbound-sending#update-1',
          kind: 'incident',
          title: 'Delayed outbound sending',
          impact: 'minor',
          status: 'resolved',
          start: '2025-12-24T14:15:00.000Z',
          end: '2025-12-24T15:20:00.000Z',
          components: [],
        },
      ],
    ],
  ])('reads %s to its incidents with UTC start and end', (_name, file, expected) => {
    const format = file.endsWith('.atom') ? 'atom' : 'rss';
    const s = parseBody(format, fixture(file), AFTER);
    expect(s.skipped).toEqual([]);
    expect(s.incidents.map(summary)).toEqual(expected);
  });

  it.each([
    ['aws', 'aws-all.rss'],
    ['stripe', 'stripe-history.rss'],
    ['wix', 'wix-history.rss'],
    ['paypal', 'paypal-feed.rss'],
    ['mailchimp', 'mailchimp-history.rss'],
    ['postmark', 'postmark-feed.rss'],
    ['shopify', 'shopify-history.atom'],
  ])('reads the catalogue’s %s feed in the format the catalogue names', (name, file) => {
    const provider = PROVIDER_CATALOGUE.find((p) => p.name === name)!;
    expect(provider.feed_format).toBe(file.endsWith('.atom') ? 'atom' : 'rss');
    const s = parseBody(provider.feed_format, fixture(file), AFTER);
    expect(s.incidents.length).toBeGreaterThan(0);
    expect(s.skipped).toEqual([]);
  });

  it('keeps a degraded incident minor when its resolution blames an outage with an upstream provider', () => {
    const body = `<rss version="2.0"><channel><title>Shop status</title>
      <item><title>Webhook deliveries</title><guid>up-1</guid><pubDate>Tue, 23 Dec 2025 10:00:00 GMT</pubDate>
      <description>&lt;p&gt;&lt;small&gt;Dec 23, 11:00 UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Resolved&lt;/strong&gt; - This was caused by an outage with an upstream provider.&lt;/p&gt;
      &lt;p&gt;&lt;small&gt;Dec 23, 10:00 UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Investigating&lt;/strong&gt; - Webhooks arrive late.&lt;/p&gt;</description></item>
      <item><title>Checkout errors</title><guid>up-2</guid><pubDate>Tue, 23 Dec 2025 12:00:00 GMT</pubDate>
      <description>&lt;p&gt;&lt;small&gt;Dec 23, 12:00 UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Investigating&lt;/strong&gt; - Checkout is down for all stores.&lt;/p&gt;</description></item>
    </channel></rss>`;
    const s = parseFeed(body, 'rss', AFTER);
    expect(s.incidents.map((i) => [i.key, i.impact])).toEqual([
      ['up-1', 'minor'],
      ['up-2', 'major'],
    ]);
  });

  it('takes a Statuspage incident’s impact from its impact field, not from its words', () => {
    const raw = JSON.parse(statuspageIncidents(T0, 120, page, [inc])) as {
      incidents: Array<{ impact: string; name: string; incident_updates: Array<{ body: string }> }>;
    };
    raw.incidents[0]!.impact = 'minor';
    raw.incidents[0]!.name = 'Payments API down';
    raw.incidents[0]!.incident_updates[0]!.body = 'Resolved: an outage with an upstream provider.';
    expect(parseStatuspage(JSON.stringify(raw), NOW).incidents[0]!.impact).toBe('minor');
  });
});
