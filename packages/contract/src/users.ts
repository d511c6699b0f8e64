import { z } from 'zod';
import { defineRoute } from './route';

/** Spec 1 §2 Persona question screen and §6: the persona shapes the objectives offered, not access. */
export const PERSONA_ROLES = ['Founder', 'Marketer', 'Other'] as const;
export type PersonaRole = (typeof PERSONA_ROLES)[number];

export const PERSONA_OBJECTIVES = {
  Founder: ['Core revenue metrics', 'High severity events'],
  Marketer: ['Key marketing metrics', 'Medium severity events', 'Low severity events'],
  Other: [],
} as const satisfies Record<PersonaRole, readonly string[]>;

/** 'Other' is sent as 'Other: {text}' (spec 1 §3 Persona update payload). */
export const OTHER_ROLE_PREFIX = 'Other: ';
export const PERSONA_TEXT_MAX = 500;

export const PERSONA_MESSAGES = {
  title: 'How are you planning to use the product?',
  hint: 'Founders use Tidemark to spot forecast deviations across every channel, before they cost revenue.',
  updated: 'Details updated successfully',
  updateFailed: 'An Error occurred while updating your details.',
  roleRequired: 'Please choose how you are planning to use the product: Founder, Marketer or Other.',
  objectiveRequired: 'Please choose at least one objective.',
  objectiveUnknown: (role: string) => `Choose objectives offered to a ${role}.`,
  textRequired: 'Please tell us how you are planning to use the product.',
  textTooLong: `Please keep your answer within ${PERSONA_TEXT_MAX} characters.`,
} as const;

export const PersonaObjectiveSchema = z.object({ name: z.string().max(200) });

/**
 * PATCH users/{user_uuid}. Structural limits only: the spec's rules and messages come from personaError,
 * so the API answers as the form does.
 */
export const PersonaBodySchema = z
  .object({
    role: z.string().max(PERSONA_TEXT_MAX * 2),
    objectives: z.array(PersonaObjectiveSchema).max(10),
  })
  .meta({ id: 'PersonaUpdate' });
export type PersonaBody = z.infer<typeof PersonaBodySchema>;

/** The first rule a persona answer breaks (spec 1 §5), or null when it is valid. Server and web share it. */
export function personaError(body: PersonaBody): string | null {
  const role = body.role.trim();
  if (role === 'Other' || role.startsWith('Other:')) {
    const text = role.slice('Other:'.length).trim();
    if (!text) return PERSONA_MESSAGES.textRequired;
    if (text.length > PERSONA_TEXT_MAX) return PERSONA_MESSAGES.textTooLong;
    return null;
  }
  if (role !== 'Founder' && role !== 'Marketer') return PERSONA_MESSAGES.roleRequired;
  if (body.objectives.length === 0) return PERSONA_MESSAGES.objectiveRequired;
  const offered: readonly string[] = PERSONA_OBJECTIVES[role];
  if (body.objectives.some((o) => !offered.includes(o.name))) return PERSONA_MESSAGES.objectiveUnknown(role);
  return null;
}

export const UserParamsSchema = z.object({ user_uuid: z.string().min(1).max(64) });

export const PersonaAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ role: z.string(), objectives: z.array(PersonaObjectiveSchema) }),
});
export type PersonaAnswer = z.infer<typeof PersonaAnswerSchema>;

/** The users area's calls. A user may change only their own records. */
export const usersRoutes = {
  updatePersona: defineRoute({
    method: 'PATCH',
    path: '/v1/users/:user_uuid',
    access: 'session',
    summary: "Record the signed-in user's persona and objectives; finishes workspace onboarding",
    tags: ['users'],
    params: UserParamsSchema,
    body: PersonaBodySchema,
    response: PersonaAnswerSchema,
  }),
} as const;
