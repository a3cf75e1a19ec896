import { checkResetLinkRoute } from '@callboard/contract/auth-routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Whether a reset link's token still works, asked when its page opens so that a used or expired
 * link says so before anyone types a new password twice. Asking does not use the token.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => callApi(checkResetLinkRoute, { body: { token } }),
    // One answer per visit: a link does not come back to life, and the form is the fallback.
    staleTime: Infinity,
    retry: 1,
    // Unanswered, the form is shown and the server judges the token when it is sent.
    meta: { errorToast: false },
  });
}
