import { z } from 'zod';
import { callChangedBySchema, callDetailSchema } from './calls.ts';

/**
 * Every error code the API answers with. Clients switch on the code, never on the message, which
 * is for people and may change. Each code has one HTTP status (apps/server/src/http/errors.ts).
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'NO_ORGANISATION',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  /** A new password breaks the password rules; `reasons` lists every rule it breaks. */
  'WEAK_PASSWORD',
  'UNPROCESSABLE',
  'CONFLICT',
  /** An invitation link whose time ran out. */
  'INVITATION_EXPIRED',
  /** An invitation an admin withdrew. */
  'INVITATION_REVOKED',
  /** An invitation that was already accepted. */
  'INVITATION_USED',
  /**
   * The invited address belongs to someone in another organisation: an admin is told before the
   * invitation is sent, and may send it anyway.
   */
  'INVITEE_HAS_ORGANISATION',
  /**
   * 403: the organisation requires two-factor sign-in and this user has not set it up; only the
   * profile's own routes answer until they do (docs/security.md, "Two-factor sign-in").
   */
  'TWO_FACTOR_REQUIRED',
  /**
   * 403: a sensitive action (creating an API key) needs a sign-in or a re-authentication (POST
   * /api/auth/reauthenticate) within the last 10 minutes; confirm and send it again
   * (docs/security.md, "Re-authentication").
   */
  'REAUTHENTICATION_REQUIRED',
  /**
   * 400: an identity provider's discovery document could not be read, names another issuer, or
   * lists endpoints Callboard does not reach (docs/security.md, "Single sign-on").
   */
  'SSO_DISCOVERY_FAILED',
  /** 409: an email domain already signs in through another organisation's identity provider. */
  'SSO_DOMAIN_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  /** The server cannot take the request now (it is shutting down): retry after Retry-After. */
  'UNAVAILABLE',
  /**
   * 503: the database cannot be reached (or is shutting down, or too busy to answer in time).
   * Nothing was changed; try again after the answer's Retry-After (docs/operations.md, "Database
   * outages").
   */
  'DATABASE_UNAVAILABLE',
  /**
   * 503: the connection to the database was lost while a change was being committed, so nobody
   * knows whether it was saved. Read the data again before repeating the change.
   */
  'OUTCOME_UNKNOWN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every /api/v1 error: `{"error": {"code", "message"}}`, with the product's messages verbatim
 * (docs/product.md, "Error messages"); `fields` names each bad input of a VALIDATION_FAILED (and
 * of an UNPROCESSABLE or CONFLICT that concerns items of a batch, as `calls.3.agent_id`), and
 * `reasons` lists every broken rule of a WEAK_PASSWORD. A CONFLICT over a call's version also
 * carries the call as it is now and who changed it last (docs/live-updates.md, "Conflicts").
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    reasons: z.array(z.string()).optional(),
    call: callDetailSchema.optional(),
    changedBy: callChangedBySchema.nullable().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The product's messages (docs/product.md, "Error messages"), for clients that recognise them. */
export const ERROR_MESSAGES = {
  authenticationRequired: 'Authentication required',
  noOrganisation: 'No organization assigned to user',
  callNotFound: 'Call not found',
  callNotAccessible: 'Call not accessible to this user',
} as const;
