import { routes, type MagicLoginBody, type SuccessMessage } from '@tidemark/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface SendMagicLinkInput {
  body: MagicLoginBody;
  /** Where the e-mailed link lands after signing in. */
  redirectTo: string;
}

/** POST /v1/auth/magic-login: e-mails a single-use sign-in link. */
export function sendMagicLink({ body, redirectTo }: SendMagicLinkInput): Promise<SuccessMessage> {
  return apiRequest(routes.magicLogin, { query: { redirectTo }, body });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
