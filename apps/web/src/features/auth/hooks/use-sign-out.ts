import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '../../../lib/safe-redirect.ts';
import { signOut } from '../../../lib/session.ts';

/**
 * Signs out and goes to /auth at once: the session ends here synchronously (so the sign-in page
 * will not bounce back), and the server is told in the background.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(() => {
    const done = signOut('user');
    void navigate(SIGN_IN_PATH, { replace: true });
    return done;
  }, [navigate]);
}
