// The common-password rule, asked of the server (its list of ~49,000 leaked passwords is too big
// for the browser's bundle): the password checklist asks when the new-password field is left, and
// shows the answer until the password changes (components/ui/password-rules-hint.tsx).
import { checkPasswordRoute } from '@callboard/contract/auth-routes';
import { useCallback, useState } from 'react';
import { callApi } from './api-client.ts';

export interface CommonPasswordCheck {
  /** True: too common; false: not common; null: not asked yet for this password. */
  common: boolean | null;
  /** Asks about the password as it is now (on blur). */
  check: (password: string) => void;
}

export function useCommonPasswordCheck(password: string): CommonPasswordCheck {
  const [verdict, setVerdict] = useState<{ password: string; common: boolean } | null>(null);
  const check = useCallback((value: string) => {
    if (value === '') return;
    callApi(checkPasswordRoute, { body: { password: value } }).then(
      ({ common }) => setVerdict({ password: value, common }),
      // Unanswered, the rule stays a plain reminder: the server judges again when the form is sent.
      () => undefined,
    );
  }, []);
  return { common: verdict?.password === password ? verdict.common : null, check };
}
