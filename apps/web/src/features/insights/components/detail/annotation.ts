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
