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
import { diffComponents, outageLogLine, outageTitle, rowStatus, severityOfImpact } from './outage-rules';
import { UnreadableBodyError, parseBody, parseFeed, parseInstant, parseStatuspage } from './status-parsers';

const T0 = Date.UTC(2026, 10, 26, 14, 0);
const NOW = T0 + 6 * 3_600_000;
const page = { name: 'Stripe', components: CHECKOUT_COMPONENTS };
const inc = paymentsIncident();

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
});
