// One error type for the whole API. Services throw AppError; the app's error handler turns it
// (and anything else) into {"error": {"code", "message"}} with the right status.
import type { ErrorBody, ErrorCode } from '@callboard/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type { ErrorCode };

/**
 * What an error may carry beside its message: bad inputs by name, broken password rules, or a
 * version conflict's call as it is now and who changed it.
 */
type ErrorDetails = Pick<ErrorBody['error'], 'fields' | 'reasons' | 'call' | 'changedBy'>;

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  UNAUTHENTICATED: 401,
  NO_ORGANISATION: 403,
  FORBIDDEN: 403,
  TWO_FACTOR_REQUIRED: 403,
  REAUTHENTICATION_REQUIRED: 403,
  SSO_DISCOVERY_FAILED: 400,
  SSO_DOMAIN_TAKEN: 409,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  WEAK_PASSWORD: 400,
  UNPROCESSABLE: 422,
  CONFLICT: 409,
  INVITATION_EXPIRED: 410,
  INVITATION_REVOKED: 410,
  INVITATION_USED: 410,
  INVITEE_HAS_ORGANISATION: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  OUTCOME_UNKNOWN: 503,
};

/**
 * The Retry-After of every 503: long enough for a restarted PostgreSQL to accept connections,
 * short enough that a reader barely notices (docs/operations.md, "Database outages").
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  /** Seconds to send as Retry-After (the app's error handler does). */
  retryAfter?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  // The product's messages, word for word (docs/product.md, "Error messages").
  static unauthenticated() {
    return new AppError('UNAUTHENTICATED', 'Authentication required');
  }
  /** The ingestion API's 401: no live API key (docs/ingestion.md). */
  static invalidApiKey() {
    return new AppError(
      'UNAUTHENTICATED',
      'Authentication required: send a live API key as Authorization: Bearer cb_live_…',
    );
  }
  static noOrganisation() {
    return new AppError('NO_ORGANISATION', 'No organization assigned to user');
  }
  static notFound(message = 'Not found') {
    return new AppError('NOT_FOUND', message);
  }
  static callNotFound() {
    return new AppError('NOT_FOUND', 'Call not found');
  }
  static callNotAccessible() {
    return new AppError('FORBIDDEN', 'Call not accessible to this user');
  }
  static payloadTooLarge(maxBytes: number) {
    const size =
      maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes / 1024} KB`;
    return new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${size}.`);
  }
  /** The organisation requires two-factor sign-in and this user has not set it up. */
  static twoFactorRequired() {
    return new AppError(
      'TWO_FACTOR_REQUIRED',
      'Your organisation requires two-factor sign-in. Set it up on your profile to continue.',
    );
  }
  /** A sensitive action without a recent sign-in or re-authentication (docs/security.md). */
  static reauthenticationRequired() {
    return new AppError(
      'REAUTHENTICATION_REQUIRED',
      'Confirm it’s you: enter your password again to continue.',
    );
  }
  static validation(message: string, details?: ErrorDetails) {
    return new AppError('VALIDATION_FAILED', message, details);
  }

  /** This process is shutting down (docs/operations.md, "Shutdown and rolling deploys"). */
  static unavailable() {
    const error = new AppError('UNAVAILABLE', 'The server is restarting. Try again in a moment.');
    error.retryAfter = 1;
    return error;
  }

  /** The database cannot be reached: nothing was changed (docs/operations.md, "Database outages"). */
  static databaseUnavailable() {
    return new AppError(
      'DATABASE_UNAVAILABLE',
      'Callboard cannot reach its database right now. Nothing was changed; try again in a few seconds.',
    );
  }

  /**
   * The connection was lost while a change was being committed: it may or may not have been
   * saved, and only reading it again tells (docs/decisions/0021-database-outages-fail-fast.md).
   */
  static outcomeUnknown() {
    return new AppError(
      'OUTCOME_UNKNOWN',
      'The connection to the database was lost while saving, so this change may or may not have been saved. Reload to check before trying again.',
    );
  }

  /** A weak password, with every rule it breaks (docs/architecture.md, "Authentication"). */
  static weakPassword(reasons: string[]) {
    return new AppError('WEAK_PASSWORD', 'Choose a stronger password.', { reasons });
  }

  toBody(): ErrorBody {
    return { error: { ...this.details, code: this.code, message: this.message } };
  }
}
