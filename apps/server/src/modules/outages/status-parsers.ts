import type { OutageComponentStatus, ProviderFeedFormat } from '@tidemark/contract';
import { parseInstant } from './instants';

export { parseInstant };

// Status page bodies → one normalised snapshot. Pure functions, no I/O: the poller fetches, these read.
// Anything a body does not state in a known word is left out, so a strange body can never raise an outage.

export type IncidentImpact = 'none' | 'minor' | 'major' | 'critical' | 'maintenance';

export interface ParsedUpdate {
  id: string;
  at: Date;
  /** The page's own status word, lower case (investigating, identified, monitoring, resolved, …). */
  status: string;
  body: string;
}

export interface ParsedIncident {
  key: string;
  kind: 'incident' | 'maintenance';
  title: string;
  impact: IncidentImpact;
  status: string;
  resolved: boolean;
  startedAt: Date;
  resolvedAt: Date | null;
  /** Component names the page says the incident touches (not trusted as a transition log). */
  components: string[];
  shortlink: string | null;
  updates: ParsedUpdate[];
}

export interface ComponentState {
  status: OutageComponentStatus;
  group_name: string | null;
}

export interface StatusSnapshot {
  /** Component name → state; null when the format carries no components (RSS, Atom). */
  components: Record<string, ComponentState> | null;
  incidents: ParsedIncident[];
  /** Whether the body lists only unresolved incidents (a listed one that disappears has ended). */
  activeOnly: boolean;
  /** What was skipped and why (unknown words, unreadable dates): logged, never raised. */
  skipped: string[];
}

export class UnreadableBodyError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableBodyError';
  }
}

/** Most characters of one body the parsers read; a larger body is refused, not truncated. */
export const MAX_BODY_CHARS = 2_000_000;
const MAX_INCIDENTS = 200;
const MAX_COMPONENTS = 500;
const MAX_UPDATES = 100;
const MAX_TEXT = 2000;

// ---- Words ----

const STATUSPAGE_COMPONENT: Record<string, OutageComponentStatus> = {
  operational: 'up',
  degraded_performance: 'warn',
  partial_outage: 'warn',
  major_outage: 'down',
  under_maintenance: 'maintenance',
};

const INSTATUS_COMPONENT: Record<string, OutageComponentStatus> = {
  operational: 'up',
  degradedperformance: 'warn',
  partialoutage: 'warn',
  majoroutage: 'down',
  undermaintenance: 'maintenance',
};

const INCIDENT_OPEN = new Set(['investigating', 'identified', 'monitoring', 'update', 'postmortem']);
const INCIDENT_DONE = new Set(['resolved', 'completed', 'postmortem_published']);
const MAINTENANCE_OPEN = new Set(['scheduled', 'in_progress', 'verifying', 'notstartedyet', 'inprogress']);
const IMPACTS = new Set<IncidentImpact>(['none', 'minor', 'major', 'critical', 'maintenance']);

const INSTATUS_IMPACT: Record<string, IncidentImpact> = {
  majoroutage: 'major',
  partialoutage: 'minor',
  degradedperformance: 'minor',
  operational: 'none',
  undermaintenance: 'maintenance',
};

// ---- Small readers that never throw ----

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, max = MAX_TEXT): string | null =>
  typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;
const word = (v: unknown): string =>
  (str(v, 100) ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function readJson(body: string): unknown {
  if (body.length > MAX_BODY_CHARS)
    throw new UnreadableBodyError(`body larger than ${MAX_BODY_CHARS} characters`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new UnreadableBodyError('body is not JSON (malformed or truncated)');
  }
}

// ---- Atlassian Statuspage v2 ----

function statuspageIncident(raw: unknown, kind: 'incident' | 'maintenance', now: number, skipped: string[]) {
  const o = obj(raw);
  const id = str(o?.id, 200);
  const title = str(o?.name, 300);
  if (!o || !id || !title) {
    skipped.push('an incident without id or name');
    return null;
  }
  const status = word(o.status);
  const known =
    kind === 'incident'
      ? INCIDENT_OPEN.has(status) || INCIDENT_DONE.has(status)
      : MAINTENANCE_OPEN.has(status) || INCIDENT_DONE.has(status);
  const impactWord = word(o.impact) as IncidentImpact;
  const impact: IncidentImpact | null =
    kind === 'maintenance' ? 'maintenance' : IMPACTS.has(impactWord) ? impactWord : null;
  if (!known || !impact) {
    skipped.push(`incident ${id}: unknown status '${status}' or impact '${impactWord}'`);
    return null;
  }
  const startedAt =
    kind === 'maintenance'
      ? (parseInstant(o.scheduled_for, now) ??
        parseInstant(o.started_at, now) ??
        parseInstant(o.created_at, now))
      : (parseInstant(o.started_at, now) ?? parseInstant(o.created_at, now));
  if (!startedAt) {
    skipped.push(`incident ${id}: no readable start`);
    return null;
  }
  const updates: ParsedUpdate[] = [];
  for (const u of arr(o.incident_updates).slice(0, MAX_UPDATES)) {
    const uo = obj(u);
    const at = parseInstant(uo?.display_at, now) ?? parseInstant(uo?.created_at, now);
    const uid = str(uo?.id, 200);
    if (!uo || !at || !uid) continue;
    updates.push({ id: uid, at, status: word(uo.status), body: str(uo.body) ?? '' });
  }
  updates.sort((a, b) => a.at.getTime() - b.at.getTime());
  const resolved = INCIDENT_DONE.has(status);
  const resolvedAt = resolved
    ? (parseInstant(o.resolved_at, now) ?? updates.at(-1)?.at ?? parseInstant(o.updated_at, now) ?? null)
    : null;
  const components = arr(o.components)
    .map((c) => str(obj(c)?.name, 200))
    .filter((c): c is string => !!c)
    .slice(0, MAX_COMPONENTS);
  const incident: ParsedIncident = {
    key: id,
    kind,
    title,
    impact,
    status,
    resolved,
    startedAt,
    resolvedAt,
    components,
    shortlink: str(o.shortlink, 500),
    updates,
  };
  return incident;
}

/**
 * Statuspage `/api/v2/summary.json` (components, unresolved incidents, upcoming and active maintenances),
 * and the same reader for `/api/v2/incidents.json` and `/api/v2/scheduled-maintenances.json` (recent ones,
 * resolved included), which the poller reads when an incident it follows leaves the summary.
 */
export function parseStatuspage(body: string, now = Date.now()): StatusSnapshot {
  const root = obj(readJson(body));
  if (!root) throw new UnreadableBodyError('body is not a JSON object');
  const skipped: string[] = [];
  let components: Record<string, ComponentState> | null = null;
  if (Array.isArray(root.components)) {
    components = {};
    const groups = new Map<string, string>();
    for (const c of root.components) {
      const co = obj(c);
      if (co?.group === true && str(co.id)) groups.set(str(co.id)!, str(co.name, 200) ?? '');
    }
    for (const c of root.components.slice(0, MAX_COMPONENTS)) {
      const co = obj(c);
      const name = str(co?.name, 200);
      if (!co || !name || co.group === true) continue;
      const status = STATUSPAGE_COMPONENT[word(co.status)];
      if (!status) {
        skipped.push(`component ${name}: unknown status '${word(co.status)}'`);
        continue;
      }
      components[name] = { status, group_name: groups.get(str(co.group_id) ?? '') ?? null };
    }
  }
  const incidents: ParsedIncident[] = [];
  for (const raw of arr(root.incidents).slice(0, MAX_INCIDENTS)) {
    const i = statuspageIncident(raw, 'incident', now, skipped);
    if (i) incidents.push(i);
  }
  for (const raw of arr(root.scheduled_maintenances).slice(0, MAX_INCIDENTS)) {
    const i = statuspageIncident(raw, 'maintenance', now, skipped);
    if (i) incidents.push(i);
  }
  if (!components && !Array.isArray(root.incidents) && !Array.isArray(root.scheduled_maintenances))
    throw new UnreadableBodyError('no components, incidents or maintenances in the body');
  // summary.json carries a page and a components list; the history lists carry neither.
  return { components, incidents, activeOnly: Array.isArray(root.components), skipped };
}

// ---- Instatus ----

/** Instatus `summary.json` (page status, active incidents and maintenances) with its `components.json` when read. */
export function parseInstatus(
  body: string,
  now = Date.now(),
  componentsBody?: string | null,
): StatusSnapshot {
  const root = obj(readJson(body));
  if (
    !root ||
    (!Array.isArray(root.activeIncidents) && !Array.isArray(root.activeMaintenances) && !obj(root.page))
  )
    throw new UnreadableBodyError('not an Instatus summary');
  const skipped: string[] = [];
  const incidents: ParsedIncident[] = [];
  const read = (raw: unknown, kind: 'incident' | 'maintenance') => {
    const o = obj(raw);
    const id = str(o?.id, 200);
    const title = str(o?.name, 300);
    if (!o || !id || !title) return skipped.push('an incident without id or name');
    const status = word(o.status).replace(/_/g, '');
    const open =
      kind === 'incident' ? ['investigating', 'identified', 'monitoring'] : ['notstartedyet', 'inprogress'];
    const done = ['resolved', 'completed'];
    if (!open.includes(status) && !done.includes(status))
      return skipped.push(`incident ${id}: unknown status '${status}'`);
    const impact = kind === 'maintenance' ? 'maintenance' : INSTATUS_IMPACT[word(o.impact).replace(/_/g, '')];
    if (!impact) return skipped.push(`incident ${id}: unknown impact '${word(o.impact)}'`);
    const startedAt = parseInstant(o.started, now) ?? parseInstant(o.start, now);
    if (!startedAt) return skipped.push(`incident ${id}: no readable start`);
    const resolved = done.includes(status);
    const updatedAt = parseInstant(o.updatedAt, now);
    incidents.push({
      key: id,
      kind,
      title,
      impact,
      status: status === 'inprogress' ? 'in_progress' : status === 'notstartedyet' ? 'scheduled' : status,
      resolved,
      startedAt,
      resolvedAt: resolved ? (parseInstant(o.resolved, now) ?? updatedAt ?? null) : null,
      components: arr(o.components)
        .map((c) => str(obj(c)?.name, 200) ?? str(c, 200))
        .filter((c): c is string => !!c),
      shortlink: str(o.url, 500),
      updates: updatedAt
        ? [{ id: `${id}:${updatedAt.toISOString()}:${status}`, at: updatedAt, status, body: '' }]
        : [],
    });
    return 0;
  };
  for (const raw of arr(root.activeIncidents).slice(0, MAX_INCIDENTS)) read(raw, 'incident');
  for (const raw of arr(root.activeMaintenances).slice(0, MAX_INCIDENTS)) read(raw, 'maintenance');
  let components: Record<string, ComponentState> | null = null;
  const list = Array.isArray(root.components)
    ? root.components
    : componentsBody
      ? componentsOf(componentsBody)
      : null;
  if (list) {
    components = {};
    for (const c of list.slice(0, MAX_COMPONENTS)) {
      const co = obj(c);
      const name = str(co?.name, 200);
      if (!co || !name) continue;
      const status = INSTATUS_COMPONENT[word(co.status).replace(/_/g, '')];
      if (!status) {
        skipped.push(`component ${name}: unknown status '${word(co.status)}'`);
        continue;
      }
      components[name] = { status, group_name: str(obj(co.group)?.name, 200) ?? null };
    }
  }
  return { components, incidents, activeOnly: true, skipped };
}

function componentsOf(body: string): unknown[] | null {
  try {
    const root = readJson(body);
    return Array.isArray(root) ? root : arr(obj(root)?.components);
  } catch {
    return null;
  }
}

// ---- RSS and Atom history feeds ----

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** The text of the first `<tag>` in `xml` (CDATA unwrapped, entities decoded), or null. */
function tagText(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'i').exec(xml);
  if (!m) return null;
  const inner = m[1]!.trim();
  const cdata = /^<!\[CDATA\[([\s\S]*?)\]\]>$/.exec(inner);
  return cdata ? cdata[1]! : decodeEntities(inner);
}

const stripHtml = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[ \t]+/g, ' ')
    .trim();

/**
 * Updates inside a history item's HTML, as Statuspage writes them:
 * `<p><small>Nov 26, 14:05 UTC</small><br><strong>Resolved</strong> - This incident has been resolved.</p>`.
 */
function updatesOf(html: string, key: string, stamp: number, now: number): ParsedUpdate[] {
  const out: ParsedUpdate[] = [];
  const re =
    /<small>([\s\S]*?)<\/small>[\s\S]*?<strong>([\s\S]*?)<\/strong>\s*-?\s*([\s\S]*?)(?=<small>|$)/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html)) && out.length < MAX_UPDATES) {
    const at = nearStamp(stripHtml(m[1]!), stamp, now);
    if (!at) continue;
    const status = word(stripHtml(m[2]!));
    out.push({
      id: `${key}:${at.toISOString()}:${status}`,
      at,
      status,
      body: stripHtml(m[3]!).slice(0, MAX_TEXT),
    });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * A 'Dec 31, 23:40 UTC' line has no year: it takes the year that puts it nearest the item's date, so an
 * incident across New Year (opened Dec 31, resolved Jan 1) keeps its order whichever day the feed dated it.
 */
function nearStamp(text: string, stamp: number, now: number): Date | null {
  const year = new Date(stamp).getUTCFullYear();
  let best: Date | null = null;
  for (const y of [year - 1, year, year + 1]) {
    const at = parseInstant(text, now, y);
    if (at && (!best || Math.abs(at.getTime() - stamp) < Math.abs(best.getTime() - stamp))) best = at;
  }
  return best;
}

// Sentences about another party ('caused by an outage with an upstream provider') say nothing of how badly
// this page's own service was hit. Split first, so the test stays linear in the body's length.
const OTHER_PARTY = /\b(?:upstream|downstream|third[- ]party|external|vendor|partner|supplier|provider)\b/;
const ownWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[.!?\n]+/)
    .filter((sentence) => !OTHER_PARTY.test(sentence))
    .join('.\n');
const TITLE_MAJOR = /\b(?:major|full|complete|total) outage\b/;
const TITLE_MINOR =
  /\b(degraded|degradation|partial(?:ly)?|slow(?:ly|er|ness)?|delay(?:s|ed)?|latency|elevated|intermittent)\b/;
const MAJOR_WORDS =
  /\b(major outage|outage|down|unavailable|not (?:loading|working|processing|accessible))\b/;

/**
 * For feeds that state no impact: the words of the title, then of the updates written while the incident was
 * open (a resolution explains the cause, not the size). A title that calls it degraded, partial, slow or
 * delayed keeps it minor unless it says major outage; words about someone else's outage count for nothing;
 * minor when none says more.
 */
export function impactFromWords(title: string, openBodies: string[], maintenance: boolean): IncidentImpact {
  if (maintenance) return 'maintenance';
  const heading = ownWords(title);
  if (TITLE_MAJOR.test(heading)) return 'major';
  if (TITLE_MINOR.test(heading)) return 'minor';
  if (MAJOR_WORDS.test(heading)) return 'major';
  const text = ownWords(openBodies.join('\n'));
  return MAJOR_WORDS.test(text) ? 'major' : 'minor';
}

/** A Statuspage history item: one incident, its updates in its HTML. */
function statuspageItem(item: FeedItem, updates: ParsedUpdate[], skipped: string[]): ParsedIncident | null {
  const latest = updates.at(-1)!;
  const words = updates.map((u) => u.status);
  const maintenance =
    words.some((w) => MAINTENANCE_OPEN.has(w) || w === 'completed') || /maintenance/i.test(item.title);
  const knownWord = (w: string) => INCIDENT_OPEN.has(w) || INCIDENT_DONE.has(w) || MAINTENANCE_OPEN.has(w);
  if (!knownWord(latest.status)) {
    skipped.push(`item ${item.key}: unknown status '${latest.status}'`);
    return null;
  }
  const resolved = INCIDENT_DONE.has(latest.status);
  // A maintenance begins when it goes in progress, not when it was announced.
  const begun = maintenance ? updates.find((u) => u.status === 'in_progress') : undefined;
  // Statuspage ends an item with 'This incident affected: API and Checkout.'
  const componentsLine = /affected(?: components?)?\s*:\s*([^\n]+)/i.exec(stripHtml(item.html));
  return {
    key: item.key,
    kind: maintenance ? 'maintenance' : 'incident',
    title: item.title,
    impact: impactFromWords(
      item.title,
      updates.filter((u) => !INCIDENT_DONE.has(u.status)).map((u) => u.body),
      maintenance,
    ),
    status: latest.status,
    resolved,
    startedAt: (begun ?? updates[0]!).at,
    resolvedAt: resolved ? latest.at : null,
    components: componentsLine
      ? componentsLine[1]!
          .replace(/\([^)]*\)/g, '')
          .replace(/\.\s*$/, '')
          .split(/,|\band\b/)
          .map((c) => c.trim())
          .filter(Boolean)
          .slice(0, 20)
      : [],
    shortlink: item.link,
    updates,
  };
}

// ---- Feeds of notices: one item per notice, its state in the title ----

interface NoticeWord {
  status: string;
  /** The impact the words themselves state (AWS's prefixes do; 'Update:' does not). */
  impact: IncidentImpact | null;
  maintenance?: boolean;
}

/**
 * Title prefixes of feeds that post each notice as an item: AWS ('Informational message: …', 'Service
 * disruption: …', 'Service is operating normally: [RESOLVED] …') and PayPal-style notices ('Initial
 * Notification: …', 'Update: …', 'Resolved: …'). AWS's prefix is its impact; the others leave it to the words.
 */
const NOTICE_WORDS: Record<string, NoticeWord> = {
  'informational message': { status: 'investigating', impact: 'minor' },
  'performance issues': { status: 'investigating', impact: 'minor' },
  'service degradation': { status: 'investigating', impact: 'minor' },
  'service disruption': { status: 'investigating', impact: 'major' },
  'service is operating normally': { status: 'resolved', impact: null },
  'initial notification': { status: 'investigating', impact: null },
  investigating: { status: 'investigating', impact: null },
  identified: { status: 'identified', impact: null },
  monitoring: { status: 'monitoring', impact: null },
  update: { status: 'update', impact: null },
  resolved: { status: 'resolved', impact: null },
  scheduled: { status: 'scheduled', impact: null, maintenance: true },
  rescheduled: { status: 'scheduled', impact: null, maintenance: true },
  postponed: { status: 'scheduled', impact: null, maintenance: true },
  'in progress': { status: 'in_progress', impact: null, maintenance: true },
  completed: { status: 'completed', impact: null, maintenance: true },
};
const IMPACT_RANK: Record<IncidentImpact, number> = {
  none: 0,
  maintenance: 1,
  minor: 2,
  major: 3,
  critical: 4,
};

interface Notice {
  item: FeedItem;
  subject: string;
  word: NoticeWord;
  /** AWS names the service and region in the item's guid ('…/#ec2-us-east-1_1640284200'). */
  component: string | null;
}

function noticeOf(item: FeedItem): Notice | null {
  const m = /^\s*([A-Za-z][A-Za-z ]{1,40}?)\s*:\s*(.+)$/s.exec(item.title);
  const word = m ? NOTICE_WORDS[m[1]!.toLowerCase().replace(/\s+/g, ' ')] : undefined;
  if (!m || !word) return null;
  const marker = /^\s*\[\s*(resolved|completed)\s*\]\s*/i.exec(m[2]!);
  const subject = m[2]!.slice(marker?.[0].length ?? 0).trim();
  if (!subject) return null;
  const resolvedWord: NoticeWord | null = marker
    ? {
        status: marker[1]!.toLowerCase(),
        impact: word.impact,
        maintenance: marker[1]!.toLowerCase() === 'completed',
      }
    : null;
  const component = /#([a-z0-9-]+)_\d+$/i.exec(item.key)?.[1]?.toLowerCase() ?? null;
  return { item, subject, word: resolvedWord ?? word, component };
}

/**
 * Notices of one subject (and one AWS service) in time order form one incident until one resolves it; the
 * next notice of that subject opens another. An incident's key is its first notice's id.
 */
function incidentsOfNotices(notices: Notice[]): ParsedIncident[] {
  const open = new Map<string, Notice[]>();
  const runs: Notice[][] = [];
  for (const n of notices.sort((a, b) => a.item.stamp.getTime() - b.item.stamp.getTime())) {
    const group = `${n.component ?? ''}\n${n.subject.toLowerCase().replace(/\s+/g, ' ')}`;
    let run = open.get(group);
    if (!run) {
      run = [];
      runs.push(run);
      open.set(group, run);
    }
    run.push(n);
    if (INCIDENT_DONE.has(n.word.status)) open.delete(group);
  }
  return runs.map((run) => {
    const first = run[0]!;
    const last = run.at(-1)!;
    const maintenance = run.some((n) => n.word.maintenance);
    const stated = run
      .map((n) => n.word.impact)
      .filter((i): i is IncidentImpact => !!i)
      .sort((a, b) => IMPACT_RANK[b] - IMPACT_RANK[a])[0];
    const resolved = INCIDENT_DONE.has(last.word.status);
    const begun = maintenance ? run.find((n) => n.word.status === 'in_progress') : undefined;
    const openBodies = run
      .filter((n) => !INCIDENT_DONE.has(n.word.status))
      .map((n) => stripHtml(n.item.html));
    return {
      key: first.item.key,
      kind: maintenance ? 'maintenance' : 'incident',
      title: last.subject.slice(0, 300),
      // The provider's own word for the impact wins; the text decides only when it states none.
      impact: maintenance ? 'maintenance' : (stated ?? impactFromWords(last.subject, openBodies, false)),
      status: last.word.status,
      resolved,
      startedAt: (begun ?? first).item.stamp,
      resolvedAt: resolved ? last.item.stamp : null,
      components: first.component ? [first.component] : [],
      shortlink: last.item.link,
      updates: run.map((n) => ({
        id: n.item.key,
        at: n.item.stamp,
        status: n.word.status,
        body: stripHtml(n.item.html).slice(0, MAX_TEXT),
      })),
    } satisfies ParsedIncident;
  });
}

interface FeedItem {
  key: string;
  title: string;
  link: string | null;
  html: string;
  stamp: Date;
}

function readItem(item: string, format: 'rss' | 'atom', now: number): FeedItem | null {
  const title = tagText(item, 'title');
  const link =
    format === 'rss' ? tagText(item, 'link') : (/<link[^>]*href="([^"]+)"/i.exec(item)?.[1] ?? null);
  const key = (format === 'rss' ? tagText(item, 'guid') : tagText(item, 'id')) ?? link;
  const html =
    (format === 'rss'
      ? tagText(item, 'description')
      : (tagText(item, 'content') ?? tagText(item, 'summary'))) ?? '';
  const stamp =
    format === 'rss'
      ? parseInstant(tagText(item, 'pubDate'), now)
      : (parseInstant(tagText(item, 'published'), now) ?? parseInstant(tagText(item, 'updated'), now));
  if (!title?.trim() || !key?.trim() || !stamp) return null;
  return {
    key: key.trim().slice(0, 300),
    title: title.trim().slice(0, 300),
    link: link?.trim() || null,
    html,
    stamp,
  };
}

/**
 * RSS 2.0 (`<item>`) and Atom (`<entry>`) feeds: Statuspage history items (one incident each, its updates in
 * its HTML) and notice feeds such as AWS's (one item per notice, grouped into incidents by subject).
 */
export function parseFeed(body: string, format: 'rss' | 'atom', now = Date.now()): StatusSnapshot {
  if (body.length > MAX_BODY_CHARS)
    throw new UnreadableBodyError(`body larger than ${MAX_BODY_CHARS} characters`);
  const root = format === 'rss' ? /<rss[\s>]|<channel[\s>]/i : /<feed[\s>]/i;
  if (!root.test(body)) throw new UnreadableBodyError(`not an ${format === 'rss' ? 'RSS' : 'Atom'} feed`);
  const itemTag = format === 'rss' ? 'item' : 'entry';
  const skipped: string[] = [];
  const incidents: ParsedIncident[] = [];
  const notices: Notice[] = [];
  // Only complete items are read: a truncated body loses its last item, never invents one.
  const items = body.match(new RegExp(`<${itemTag}[\\s>][\\s\\S]*?</${itemTag}>`, 'gi')) ?? [];
  for (const raw of items.slice(0, MAX_INCIDENTS)) {
    const item = readItem(raw, format, now);
    if (!item) {
      skipped.push(`an item without title, id or readable date`);
      continue;
    }
    const updates = updatesOf(item.html, item.key, item.stamp.getTime(), now);
    if (updates.length) {
      const incident = statuspageItem(item, updates, skipped);
      if (incident) incidents.push(incident);
      continue;
    }
    const notice = noticeOf(item);
    if (notice) notices.push(notice);
    else skipped.push(`item ${item.key}: no readable updates`);
  }
  incidents.push(...incidentsOfNotices(notices));
  return { components: null, incidents, activeOnly: false, skipped };
}

/** The reader of a provider's feed format. */
export function parseBody(
  format: ProviderFeedFormat,
  body: string,
  now = Date.now(),
  extra?: string | null,
): StatusSnapshot {
  switch (format) {
    case 'statuspage_v2':
      return parseStatuspage(body, now);
    case 'instatus':
      return parseInstatus(body, now, extra);
    case 'rss':
    case 'atom':
      return parseFeed(body, format, now);
  }
}
