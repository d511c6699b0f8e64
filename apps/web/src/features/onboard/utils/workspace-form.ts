import { WORKSPACE_NAME_MAX, cleanWorkspaceName, isValidStoreUrl } from '@tidemark/contract';

/** A typed name past the limit is refused: the input keeps its last value (spec 1 §5). */
export function acceptsName(next: string): boolean {
  return next.length <= WORKSPACE_NAME_MAX;
}

/** Flagged as typed; an empty field is not flagged, only Continue is disabled. */
export function isFlaggedUrl(value: string): boolean {
  return value.trim() !== '' && !isValidStoreUrl(value);
}

/** A name of only spaces or invisible characters is empty: it would be stored as nothing. */
export function canContinue(input: { name: string; url: string; saving: boolean }): boolean {
  return cleanWorkspaceName(input.name) !== '' && input.url.trim() !== '' && !input.saving;
}
