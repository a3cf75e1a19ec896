import { errorMessage } from '../../../lib/error-message.ts';

/**
 * What to tell the user when an auth call fails. The server's own message wins (it says the same
 * thing for an unknown email and a wrong password, and when to retry after too many attempts);
 * unreachable or overloaded servers get a retry hint instead of a raw status.
 */
export function authErrorMessage(error: unknown): string {
  return errorMessage(error);
}
