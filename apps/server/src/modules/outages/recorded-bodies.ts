// Recorded status page bodies in each format the poller reads, shaped as the real pages serve them (Atlassian
// Statuspage v2 summary.json / incidents.json, Instatus summary.json, Statuspage-style RSS and Atom history),
// for a scripted incident: it opens, is updated, touches components, and resolves. Times are relative to
// `t0` so the demo (demo-outages.ts) and the tests' fake status server can place the incident anywhere.

const MIN = 60_000;
const iso = (t0: number, minutes: number) => new Date(t0 + minutes * MIN).toISOString();

export interface ScriptedUpdate {
  /** Minutes after t0. */
  at: number;
  status: 'investigating' | 'identified' | 'monitoring' | 'resolved';
  body: string;
}

export interface ScriptedIncident {
  id: string;
  name: string;
  impact: 'minor' | 'major' | 'critical';
  components: string[];
  updates: ScriptedUpdate[];
}

export interface ComponentLine {
  id: string;
  name: string;
  group?: string;
}

/** The components of a Statuspage page with their status at one step. */
function statuspageComponents(list: ComponentLine[], statuses: Record<string, string>) {
  const groups = [...new Set(list.map((c) => c.group).filter((g): g is string => !!g))];
  return [
    ...groups.map((g, i) => ({
      id: `grp${i}`,
      name: g,
      status: 'operational',
      group: true,
      group_id: null,
      components: list.filter((c) => c.group === g).map((c) => c.id),
    })),
    ...list.map((c) => ({
      id: c.id,
      name: c.name,
      status: statuses[c.name] ?? 'operational',
      group: false,
      group_id: c.group ? `grp${groups.indexOf(c.group)}` : null,
      showcase: true,
    })),
  ];
}

function statuspageIncident(t0: number, incident: ScriptedIncident, upTo: number, list: ComponentLine[]) {
  const updates = incident.updates.filter((u) => u.at <= upTo);
  const last = updates.at(-1)!;
  return {
    id: incident.id,
    name: incident.name,
    status: last.status,
    impact: incident.impact,
    created_at: iso(t0, incident.updates[0]!.at),
    updated_at: iso(t0, last.at),
    started_at: iso(t0, incident.updates[0]!.at),
    resolved_at: last.status === 'resolved' ? iso(t0, last.at) : null,
    shortlink: `https://stspg.io/${incident.id}`,
    incident_updates: updates
      .slice()
      .reverse()
      .map((u, i) => ({
        id: `${incident.id}-u${updates.length - i}`,
        status: u.status,
        body: u.body,
        created_at: iso(t0, u.at),
        display_at: iso(t0, u.at),
        affected_components: null,
      })),
    components: list
      .filter((c) => incident.components.includes(c.name))
      .map((c) => ({ id: c.id, name: c.name, status: 'operational' })),
  };
}

/** Statuspage summary.json at `minute`: unresolved incidents only, components as they stand. */
export function statuspageSummary(
  t0: number,
  minute: number,
  page: { name: string; components: ComponentLine[] },
  incidents: ScriptedIncident[],
  componentStatus: Record<string, string>,
  maintenances: unknown[] = [],
): string {
  const open = incidents.filter((i) => {
    const seen = i.updates.filter((u) => u.at <= minute);
    return seen.length > 0 && seen.at(-1)!.status !== 'resolved';
  });
  return JSON.stringify({
    page: { id: 'pg1', name: page.name, url: 'https://status.example', updated_at: iso(t0, minute) },
    status: {
      indicator: open.length ? open[0]!.impact : 'none',
      description: open.length ? 'Partial System Outage' : 'All Systems Operational',
    },
    components: statuspageComponents(page.components, componentStatus),
    incidents: open.map((i) => statuspageIncident(t0, i, minute, page.components)),
    scheduled_maintenances: maintenances,
  });
}

/** Statuspage incidents.json: the recent incidents, resolved ones included. */
export function statuspageIncidents(
  t0: number,
  minute: number,
  page: { components: ComponentLine[] },
  incidents: ScriptedIncident[],
): string {
  return JSON.stringify({
    page: { id: 'pg1', name: 'x' },
    incidents: incidents
      .filter((i) => i.updates[0]!.at <= minute)
      .map((i) => statuspageIncident(t0, i, minute, page.components)),
  });
}

/** A Statuspage maintenance window (scheduled_maintenances entry). */
export function statuspageMaintenance(
  t0: number,
  m: { id: string; name: string; from: number; to: number; status: string; components: string[] },
) {
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    impact: 'maintenance',
    created_at: iso(t0, m.from - 24 * 60),
    scheduled_for: iso(t0, m.from),
    scheduled_until: iso(t0, m.to),
    incident_updates: [
      { id: `${m.id}-u1`, status: m.status, body: `${m.name}.`, created_at: iso(t0, m.from) },
    ],
    components: m.components.map((name, i) => ({ id: `mc${i}`, name, status: 'under_maintenance' })),
  };
}

/** Instatus summary.json at `minute`. */
export function instatusSummary(t0: number, minute: number, incidents: ScriptedIncident[]): string {
  const impactWord = { minor: 'PARTIALOUTAGE', major: 'MAJOROUTAGE', critical: 'MAJOROUTAGE' } as const;
  const open = incidents.filter((i) => {
    const seen = i.updates.filter((u) => u.at <= minute);
    return seen.length > 0 && seen.at(-1)!.status !== 'resolved';
  });
  return JSON.stringify({
    page: { name: 'Example', url: 'https://status.example', status: open.length ? 'HASISSUES' : 'UP' },
    activeIncidents: open.map((i) => {
      const last = i.updates.filter((u) => u.at <= minute).at(-1)!;
      return {
        id: i.id,
        name: i.name,
        started: iso(t0, i.updates[0]!.at),
        status: last.status.toUpperCase(),
        impact: impactWord[i.impact],
        url: `https://status.example/incident/${i.id}`,
        updatedAt: iso(t0, last.at),
      };
    }),
    activeMaintenances: [],
  });
}

/** Instatus v2/components.json. */
export function instatusComponents(list: Array<{ name: string; status: string; group?: string }>): string {
  return JSON.stringify({
    components: list.map((c, i) => ({
      id: `c${i}`,
      name: c.name,
      status: c.status,
      ...(c.group ? { group: { name: c.group } } : {}),
    })),
  });
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDate = (t: number) => {
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${months[d.getUTCMonth()]} ${pad(d.getUTCDate())}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
};
const rfc822 = (t: number) => new Date(t).toUTCString().replace('GMT', '+0000');
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function historyHtml(t0: number, i: ScriptedIncident, minute: number): string {
  const seen = i.updates.filter((u) => u.at <= minute).reverse();
  const updates = seen
    .map(
      (u) =>
        `<p><small>${shortDate(t0 + u.at * MIN)}</small><br><strong>${u.status[0]!.toUpperCase()}${u.status.slice(1)}</strong> - ${escapeXml(u.body)}</p>`,
    )
    .join('');
  return `${updates}<p>This incident affected: ${i.components.join(', ')}.</p>`;
}

/** A Statuspage-style history.rss at `minute` (newest first; each item an incident with its updates). */
export function rssFeed(t0: number, minute: number, name: string, incidents: ScriptedIncident[]): string {
  const items = incidents
    .filter((i) => i.updates[0]!.at <= minute)
    .reverse()
    .map(
      (i) => `<item>
  <title>${escapeXml(i.name)}</title>
  <description>${escapeXml(historyHtml(t0, i, minute))}</description>
  <pubDate>${rfc822(t0 + i.updates[0]!.at * MIN)}</pubDate>
  <link>https://status.example/incidents/${i.id}</link>
  <guid>https://status.example/incidents/${i.id}</guid>
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${escapeXml(name)} Status - Incident History</title>
<link>https://status.example</link><description>Statuspage</description>
${items}
</channel></rss>`;
}

/** A Statuspage-style history.atom at `minute`. */
export function atomFeed(t0: number, minute: number, name: string, incidents: ScriptedIncident[]): string {
  const entries = incidents
    .filter((i) => i.updates[0]!.at <= minute)
    .reverse()
    .map((i) => {
      const last = i.updates.filter((u) => u.at <= minute).at(-1)!;
      return `<entry>
  <id>tag:status.example,2005:Incident/${i.id}</id>
  <published>${iso(t0, i.updates[0]!.at)}</published>
  <updated>${iso(t0, last.at)}</updated>
  <link rel="alternate" type="text/html" href="https://status.example/incidents/${i.id}"/>
  <title>${escapeXml(i.name)}</title>
  <content type="html">${escapeXml(historyHtml(t0, i, minute))}</content>
</entry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xml:lang="en-US" xmlns="http://www.w3.org/2005/Atom">
<id>tag:status.example,2005:/history</id><title>${escapeXml(name)} Status - Incident History</title>
<updated>${iso(t0, minute)}</updated>
${entries}
</feed>`;
}

// ---- A scripted incident used by tests and the demo ----

export const CHECKOUT_COMPONENTS: ComponentLine[] = [
  { id: 'c1', name: 'API', group: 'Payments' },
  { id: 'c2', name: 'Checkout', group: 'Payments' },
  { id: 'c3', name: 'Dashboard' },
  { id: 'c4', name: 'Webhooks' },
];

/** A payments API incident: opens at t0, identified at +25, monitoring at +70, resolved at +95 minutes. */
export const paymentsIncident = (id = 'inc-pay-1'): ScriptedIncident => ({
  id,
  name: 'Elevated error rates on payment API requests',
  impact: 'major',
  components: ['API', 'Checkout'],
  updates: [
    { at: 0, status: 'investigating', body: 'We are investigating elevated error rates on API requests.' },
    { at: 25, status: 'identified', body: 'The issue has been identified and a fix is being rolled out.' },
    { at: 70, status: 'monitoring', body: 'A fix has been deployed and we are monitoring the results.' },
    { at: 95, status: 'resolved', body: 'This incident has been resolved.' },
  ],
});

/** Component statuses of the payments incident at each scripted minute. */
export const paymentsComponentsAt = (minute: number): Record<string, string> =>
  minute < 0 || minute >= 95
    ? {}
    : minute < 70
      ? { API: 'major_outage', Checkout: 'partial_outage' }
      : { API: 'degraded_performance' };

// ---- Bodies that must never crash the poller nor raise an outage ----
