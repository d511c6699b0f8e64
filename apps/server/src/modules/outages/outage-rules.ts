import type { EventSeverity, OutageComponentStatus } from '@tidemark/contract';
import type { ComponentState, IncidentImpact, ParsedIncident } from './status-parsers';

// The outage rules of spec 2 §4 and issue 12 item 3, pure: severity from impact, the title, component
// transitions (the poller diffs snapshots itself) and the one-line summary of an Outage History row.

export interface ComponentChange {
  name: string;
  group_name: string | null;
  last_status: OutageComponentStatus | null;
  current_status: OutageComponentStatus | null;
}

/** High for major and critical, Medium for minor, Low for maintenance; none raises nothing. */
export function severityOfImpact(impact: IncidentImpact): EventSeverity | null {
  switch (impact) {
    case 'critical':
    case 'major':
      return 'High';
    case 'minor':
      return 'Medium';
    case 'maintenance':
      return 'Low';
    default:
      return null;
  }
}

const TITLE_BY_SEVERITY: Record<EventSeverity, string> = {
  High: 'Major Incident',
  Medium: 'Partial Disruption',
  Low: 'Scheduled Maintenance',
};

/** 'Stripe Major Incident' (spec 2 §4): the provider name and the severity's words, else 'Incident'. */
export const outageTitle = (provider: string, severity: EventSeverity | null | undefined): string =>
  `${provider} ${(severity && TITLE_BY_SEVERITY[severity]) ?? 'Incident'}`;

/** What changed between two snapshots: a status that moved, or a component that appeared not up. */
export function diffComponents(
  before: Record<string, ComponentState> | null,
  after: Record<string, ComponentState> | null,
): ComponentChange[] {
  if (!before || !after) return [];
  const changes: ComponentChange[] = [];
  for (const [name, now] of Object.entries(after)) {
    const was = before[name];
    if (was?.status === now.status) continue;
    if (!was && now.status === 'up') continue;
    changes.push({
      name,
      group_name: now.group_name,
      last_status: was?.status ?? null,
      current_status: now.status,
    });
  }
  return changes.sort((a, b) => a.name.localeCompare(b.name));
}

const RANK: Record<OutageComponentStatus, number> = { up: 0, maintenance: 1, warn: 2, down: 3 };

/** A history row's status: up once resolved, maintenance for maintenances, else the worst component or impact. */
export function rowStatus(
  incident: Pick<ParsedIncident, 'kind' | 'impact'>,
  resolved: boolean,
  changes: ComponentChange[],
): OutageComponentStatus {
  if (resolved) return 'up';
  if (incident.kind === 'maintenance') return 'maintenance';
  let worst: OutageComponentStatus | null = null;
  for (const c of changes) {
    if (c.current_status && c.current_status !== 'up' && (!worst || RANK[c.current_status] > RANK[worst]))
      worst = c.current_status;
  }
  if (worst) return worst;
  return incident.impact === 'major' || incident.impact === 'critical' ? 'down' : 'warn';
}

const PRIORITY: Record<OutageComponentStatus, OutageComponentStatus[]> = {
  up: ['up', 'down', 'warn', 'maintenance'],
  down: ['down', 'warn', 'maintenance', 'up'],
  maintenance: ['maintenance', 'down', 'warn', 'up'],
  warn: ['warn', 'down', 'maintenance', 'up'],
};
const CHANGE_WORDING: Record<OutageComponentStatus, string> = {
  up: 'Services are now up and running',
  down: 'experiencing major outage',
  warn: 'experiencing minor outage',
  maintenance: 'under maintenance',
};
const NO_CHANGE_WORDING: Record<OutageComponentStatus, string> = {
  up: 'Services are now up and running',
  down: 'Major outage detected in few services',
  maintenance: 'Maintenance in progress in few services',
  warn: 'Minor outage detected in few services',
};

/**
 * The one-line summary of an Outage History row (spec 2 §4): its own description wins; otherwise the first
 * status of the current status's priority list that some component moved to names those components.
 */
export function outageLogLine(row: {
  description: string | null;
  current_status: string | null;
  changes: Array<{ name: string; current_status: string | null }>;
}): string {
  if (row.description) return row.description;
  const current = row.current_status as OutageComponentStatus | null;
  if (!current || !(current in PRIORITY)) return 'Unknown status';
  if (row.changes.length === 0) return NO_CHANGE_WORDING[current];
  for (const status of PRIORITY[current]) {
    const names = row.changes.filter((c) => c.current_status === status).map((c) => c.name);
    if (!names.length) continue;
    if (status === 'up') return CHANGE_WORDING.up;
    return `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} ${CHANGE_WORDING[status]}`;
  }
  return NO_CHANGE_WORDING[current];
}
