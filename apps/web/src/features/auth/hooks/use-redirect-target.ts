import { useSearchParams } from 'react-router';
import { HOME_PATH, NEXT_PARAM, safeRedirectPath } from '../../../lib/safe-redirect.ts';

/** Where to go after signing in: the page the user was heading for, or the dashboard. */
export function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  return safeRedirectPath(searchParams.get(NEXT_PARAM)) ?? HOME_PATH;
}
