import { isApiError, NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from './api-client.ts';

/**
 * What to tell the user when a request fails. The server's own message wins (it is written for
 * people, and the product's messages are shown verbatim); unreachable or overloaded servers get a
 * retry hint instead of a raw status, and anything unexpected a generic apology.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return SERVER_ERROR_MESSAGE;
  // The server's own words on its database: nothing done, or perhaps done (reload to see).
  if (error.code === 'DATABASE_UNAVAILABLE' || error.code === 'OUTCOME_UNKNOWN') {
    return error.message;
  }
  if (error.retryable) return NETWORK_ERROR_MESSAGE;
  if (error.status >= 500) return SERVER_ERROR_MESSAGE;
  return error.message;
}
