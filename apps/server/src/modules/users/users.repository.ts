import type { Queryable } from '../../db/client';
import type { PersonaBody } from '@tidemark/contract';

/** Records the persona and ends workspace onboarding for the user. */
export async function updatePersona(db: Queryable, userId: number, persona: PersonaBody): Promise<void> {
  await db.query(
    `update users set persona_role = $2, persona_objectives = $3::jsonb, show_onboarding = false, user_status = 'active'
     where user_id = $1`,
    [userId, persona.role, JSON.stringify(persona.objectives)],
  );
}
