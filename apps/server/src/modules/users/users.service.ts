import {
  PERSONA_MESSAGES,
  STATUS_CATALOGUE,
  personaError,
  type PersonaAnswer,
  type PersonaBody,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import type { SessionContext } from '../../plugins/context';
import * as repo from './users.repository';

/** Users may change only their own records: any other user_uuid, existing or not, is refused alike. */
function assertOwnRecord(ctx: SessionContext, userUuid: string): void {
  if (userUuid.toLowerCase() !== ctx.user.userUuid) {
    throw new AppError('forbidden', `${STATUS_CATALOGUE[403].title}: ${STATUS_CATALOGUE[403].message}`);
  }
}

/** PATCH users/{uuid}: the persona answer, which finishes workspace onboarding (the user then goes to /). */
export async function updatePersona({
  ctx,
  input,
}: {
  ctx: SessionContext;
  input: { userUuid: string; body: PersonaBody };
}): Promise<PersonaAnswer> {
  assertOwnRecord(ctx, input.userUuid);
  const invalid = personaError(input.body);
  if (invalid) throw new AppError('bad_request', invalid);
  const persona: PersonaBody = {
    role: input.body.role.trim(),
    objectives: input.body.role.trim().startsWith('Other') ? [] : dedupe(input.body.objectives),
  };
  await repo.updatePersona(ctx.db, ctx.user.userId, persona);
  return { success: true, message: PERSONA_MESSAGES.updated, data: persona };
}

const dedupe = (objectives: PersonaBody['objectives']) =>
  [...new Set(objectives.map((o) => o.name))].map((name) => ({ name }));
