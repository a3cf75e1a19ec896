import { ERROR_MESSAGES } from '@callboard/contract';
import { isApiError } from '../../../lib/api-client.ts';

/** True for the API's answer to a user who belongs to no organisation (403). */
export function isNoOrganisationError(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 403 &&
    (error.code === 'NO_ORGANISATION' || error.message === ERROR_MESSAGES.noOrganisation)
  );
}
