import { routes, type PersonaAnswer, type PersonaBody } from '@tidemark/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PATCH /v1/users/{uuid}: the persona answer (role and objectives), which ends workspace onboarding. */
export function updatePersona(userUuid: string, body: PersonaBody): Promise<PersonaAnswer> {
  return apiRequest(routes.updatePersona, { params: { user_uuid: userUuid }, body });
}

export function useUpdatePersona(userUuid: string) {
  return useMutation({ mutationFn: (body: PersonaBody) => updatePersona(userUuid, body) });
}
