import { INSIGHT_MESSAGES } from '@tidemark/contract';
import type { AnnotationText } from '../../api/annotate';

/**
 * Spec 3 §5: the first failing rule only. Compared after trimming, as the server sanitises before it compares.
 * Returns null when the edit can be saved.
 */
export function annotationError(current: AnnotationText, next: AnnotationText): string | null {
  const title = next.title.trim();
  const summary = next.summary.trim();
  if (!title) return INSIGHT_MESSAGES.titleEmpty;
  if (!summary) return INSIGHT_MESSAGES.summaryEmpty;
  if (title === current.title.trim() && summary === current.summary.trim())
    return INSIGHT_MESSAGES.nothingChanged;
  return null;
}

/** The team-state move a button makes: Resolve takes an Open group away, Flag brings it back (spec 3 §4). */
export type TeamAction = 'resolve' | 'flag';

/** The group's team state from its group_status: ACTIVE is Open (live), else the state it was moved to. */
export function teamStateOf(groupStatus: string): 'Open' | 'Resolved' | 'Flagged' {
  if (groupStatus === 'Resolved' || groupStatus === 'Flagged') return groupStatus;
  return 'Open';
}

export function moveFor(action: TeamAction, from: 'Open' | 'Resolved' | 'Flagged') {
  return action === 'resolve'
    ? { old_state: from, current_state: 'Resolved' as const }
    : { old_state: from, current_state: 'Open' as const };
}

/**
 * The comment and collaborate flows (spec 3 §4): a flow is initiated (the box or dialog opens), then either
 * cancelled or requested (sent); a request ends in success or failed. null is "not started".
 */
export type FlowState = 'initiated' | 'cancel' | 'requested' | 'success' | 'failed';
export type FlowEvent = 'open' | 'cancel' | 'send' | 'succeed' | 'fail';

export function nextFlow(state: FlowState | null, event: FlowEvent): FlowState | null {
  switch (event) {
    case 'open':
      return state === 'requested' ? state : 'initiated';
    // Nothing can be cancelled while the request is in flight (Cancel is disabled then).
    case 'cancel':
      return state === 'requested' ? state : 'cancel';
    case 'send':
      return state === 'initiated' || state === 'failed' ? 'requested' : state;
    case 'succeed':
      return state === 'requested' ? 'success' : state;
    case 'fail':
      return state === 'requested' ? 'failed' : state;
  }
}

/** A flow's dialog or box is on screen while it is started, sending, or showing its failure. */
export const flowOpen = (state: FlowState | null) =>
  state === 'initiated' || state === 'requested' || state === 'failed';

/**
 * Business health of a group (spec 3 §9: Good, Neutral, Slow): a positive movement is Good, a negative one
 * of Low severity Neutral, a negative Medium or High one Slow.
 */
export type BusinessHealth = 'Good' | 'Neutral' | 'Slow';
export function businessHealth(accent: 'positive' | 'negative', severity: 'High' | 'Medium' | 'Low') {
  if (accent === 'positive') return 'Good' as BusinessHealth;
  return (severity === 'Low' ? 'Neutral' : 'Slow') as BusinessHealth;
}
