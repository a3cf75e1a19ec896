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
};

export class AppError extends Error {
  readonly status: ContentfulStatusCode;

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
  static validation(message: string, details?: ErrorDetails) {
    return new AppError('VALIDATION_FAILED', message, details);
  }

  /** A weak password, with every rule it breaks (docs/architecture.md, "Authentication"). */
  static weakPassword(reasons: string[]) {
    return new AppError('WEAK_PASSWORD', 'Choose a stronger password.', { reasons });
  }

  toBody(): ErrorBody {
    return { error: { ...this.details, code: this.code, message: this.message } };
  }
}
