import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /v1/users/phone/code: texts a verification code to the stored phone number. */
export function useSendPhoneCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(routes.sendPhoneCode, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users', 'subscriptions'] }),
  });
}

/** POST /v1/users/phone/verify: the texted code makes the number verified for SMS alerts. */
export function useConfirmPhoneCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest(routes.confirmPhoneCode, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users', 'subscriptions'] }),
  });
}
