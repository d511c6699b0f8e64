import {
  OTHER_ROLE_PREFIX,
  PERSONA_OBJECTIVES,
  personaError,
  type PersonaBody,
  type PersonaRole,
} from '@tidemark/contract';

export interface PersonaDraft {
  role: PersonaRole | null;
  objectives: string[];
  otherText: string;
}

export const EMPTY_PERSONA: PersonaDraft = { role: null, objectives: [], otherText: '' };

export function objectivesFor(role: PersonaRole | null): readonly string[] {
  return role ? PERSONA_OBJECTIVES[role] : [];
}

/** The payload of spec 1 §3: 'Other' carries its text as 'Other: {text}' and no objectives. */
export function toPersonaBody(draft: PersonaDraft): PersonaBody | null {
  if (!draft.role) return null;
  if (draft.role === 'Other')
    return { role: `${OTHER_ROLE_PREFIX}${draft.otherText.trim()}`, objectives: [] };
  return { role: draft.role, objectives: draft.objectives.map((name) => ({ name })) };
}

/** Continue is enabled only for an answer the server will accept (spec 1 §5). */
export function canSubmitPersona(draft: PersonaDraft): boolean {
  const body = toPersonaBody(draft);
  return body !== null && personaError(body) === null;
}

/** Changing the role clears the objectives and the text (spec 1 §5). */
export function withRole(draft: PersonaDraft, role: PersonaRole): PersonaDraft {
  return draft.role === role ? draft : { role, objectives: [], otherText: '' };
}
