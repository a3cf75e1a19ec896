// /api/auth: the identity endpoints the browser calls (better-auth behind Callboard's throttles,
// docs/architecture.md, "Authentication"). Written in zod/mini, and imported by the browser from
// '@callboard/contract/auth-routes', because the sign-in page loads them: classic zod stays out of
// its first download (docs/architecture.md, "Front end").
import * as z from 'zod/mini';
import { emailSchema } from '../email.ts';
import { PERSON_NAME_MAX_LENGTH } from '../person-name.ts';
import { defineRoute } from '../route.ts';

/**
 * better-auth's errors are `{code, message}` rather than the product API's envelope; a weak
 * password also lists `reasons`, and a throttled sign-in says when to retry in its headers.
 */
export const authErrorBodySchema = z.object({
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  reasons: z.optional(z.array(z.string())),
});

const statusSchema = z.looseObject({ status: z.boolean() });
/**
 * Signing in and changing the password answer with the user, but the browser reads nothing of it:
 * the session cookie is what counts, and the user comes from GET /api/v1/me. Only the outline is
 * pinned, so that a field better-auth adds or leaves out cannot break signing in.
 */
const sessionAnswerSchema = z.looseObject({
  token: z.optional(z.nullable(z.string())),
  user: z.optional(z.looseObject({ id: z.string() })),
  /**
   * The password was right and the account signs in with two factors: no session yet; a code
   * must follow (verifyTotpRoute or verifyBackupCodeRoute) within 10 minutes.
   */
  twoFactorRedirect: z.optional(z.boolean()),
});

const credentials = { 429: 'Too many attempts: Retry-After says when to try again' } as const;

export const signInRoute = defineRoute({
  operationId: 'signIn',
  method: 'post',
  base: '/api/auth',
  path: '/sign-in/email',
  summary: 'Sign in with email and password; sets the session cookie',
  auth: 'public',
  body: z.object({
    email: emailSchema,
    password: z.string(),
    rememberMe: z.optional(z.boolean()),
  }),
  response: {
    status: 200,
    description: 'Signed in',
    schema: sessionAnswerSchema,
  },
  errors: {
    400: 'Not an email address',
    401: 'Wrong email or password (the same answer for both)',
    ...credentials,
  },
  errorSchema: authErrorBodySchema,
});

export const signOutRoute = defineRoute({
  operationId: 'signOut',
  method: 'post',
  base: '/api/auth',
  path: '/sign-out',
  summary: 'End the session and clear its cookie',
  auth: 'session',
  body: z.object({}),
  response: {
    status: 200,
    description: 'Signed out',
    schema: z.looseObject({ success: z.boolean() }),
  },
  errors: {},
  errorSchema: authErrorBodySchema,
});

export const getAccessTokenRoute = defineRoute({
  operationId: 'getAccessToken',
  method: 'get',
  base: '/api/auth',
  path: '/token',
  summary: 'A short-lived access token (JWT) for /api/v1, bought with the session cookie',
  auth: 'session',
  response: {
    status: 200,
    description: 'The access token',
    schema: z.object({ token: z.string().check(z.minLength(1)) }),
  },
  errors: { 401: 'No session' },
  errorSchema: authErrorBodySchema,
});

export const requestPasswordResetRoute = defineRoute({
  operationId: 'requestPasswordReset',
  method: 'post',
  base: '/api/auth',
  path: '/request-password-reset',
  summary: 'Mail a reset link (the same answer whether or not the account exists)',
  auth: 'public',
  body: z.object({ email: emailSchema, redirectTo: z.optional(z.string()) }),
  response: { status: 200, description: 'Sent if the account exists', schema: statusSchema },
  errors: { 400: 'Not an email address', ...credentials },
  errorSchema: authErrorBodySchema,
});

export const resetPasswordRoute = defineRoute({
  operationId: 'resetPassword',
  method: 'post',
  base: '/api/auth',
  path: '/reset-password',
  summary: "Set a new password with a reset link's token; ends every other session",
  auth: 'public',
  body: z.object({ newPassword: z.string(), token: z.string() }),
  response: { status: 200, description: 'The password is set', schema: statusSchema },
  errors: {
    400: 'The token is invalid or expired, or the password is weak (reasons lists why)',
    ...credentials,
  },
  errorSchema: authErrorBodySchema,
});

/**
 * Callboard's own, beside better-auth's: whether a reset link's token still works, asked when the
 * link's page opens, so that a used or expired link says so before anyone types a password. It
 * does not use the token up.
 */
export const checkResetLinkRoute = defineRoute({
  operationId: 'checkResetLink',
  method: 'post',
  base: '/api/auth',
  path: '/reset-password/check',
  summary: "Whether a reset link's token still works, without using it",
  auth: 'public',
  body: z.object({ token: z.string().check(z.minLength(1), z.maxLength(500)) }),
  response: {
    status: 200,
    description: 'valid is false for a used, expired or unknown token',
    schema: z.object({ valid: z.boolean() }),
  },
  errors: { 400: 'No token' },
  errorSchema: authErrorBodySchema,
});

/**
 * Callboard's own: whether a new password is one of the common passwords the rules refuse
 * (docs/architecture.md, "Authentication"). The list is too big for the browser's bundle, so the
 * password checklist asks here when the field is left.
 */
export const checkPasswordRoute = defineRoute({
  operationId: 'checkPassword',
  method: 'post',
  base: '/api/auth',
  path: '/password/check',
  summary: 'Whether a new password is too common to be accepted',
  auth: 'public',
  body: z.object({ password: z.string().check(z.minLength(1), z.maxLength(1000)) }),
  response: {
    status: 200,
    description: 'common is true for a password the rules refuse as too common',
    schema: z.object({ common: z.boolean() }),
  },
  errors: { 400: 'No password' },
  errorSchema: authErrorBodySchema,
});

export const changePasswordRoute = defineRoute({
  operationId: 'changePassword',
  method: 'post',
  base: '/api/auth',
  path: '/change-password',
  summary: "Change the signed-in user's password; ends their other sessions",
  auth: 'session',
  body: z.object({
    currentPassword: z.string(),
    newPassword: z.string(),
    revokeOtherSessions: z.optional(z.boolean()),
  }),
  response: {
    status: 200,
    description: 'The password is changed',
    schema: sessionAnswerSchema,
  },
  errors: {
    400: 'The current password is wrong, or the new one is weak (reasons lists why)',
    401: 'No session',
    ...credentials,
  },
  errorSchema: authErrorBodySchema,
});

// ——— two-factor sign-in (docs/security.md, "Two-factor sign-in") ———

const codeErrors = {
  400: 'Too many wrong codes for this sign-in (TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE): enter the password again',
  401: 'The code is wrong or already used (code CODE_ALREADY_USED), or the challenge is over',
  429: 'Too many wrong codes in a row: codes are refused for 15 minutes',
} as const;

export const enableTwoFactorRoute = defineRoute({
  operationId: 'enableTwoFactor',
  method: 'post',
  base: '/api/auth',
  path: '/two-factor/enable',
  summary:
    'Start enrolment: a new authenticator secret and ten backup codes (on once a first code confirms it)',
  auth: 'session',
  body: z.object({ password: z.string() }),
  response: {
    status: 200,
    description: 'The secret as an otpauth:// URI, and the backup codes, shown once',
    schema: z.looseObject({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
  },
  errors: { 400: 'Wrong password, or two-factor is already on', 401: 'No session' },
  errorSchema: authErrorBodySchema,
});

export const verifyTotpRoute = defineRoute({
  operationId: 'verifyTotp',
  method: 'post',
  base: '/api/auth',
  path: '/two-factor/verify-totp',
  summary:
    'An authenticator code: confirms an enrolment (with a session), or completes a sign-in (after the password); each code works once',
  auth: 'public',
  body: z.object({ code: z.string(), trustDevice: z.optional(z.boolean()) }),
  response: { status: 200, description: 'Accepted', schema: sessionAnswerSchema },
  errors: codeErrors,
  errorSchema: authErrorBodySchema,
});

export const verifyBackupCodeRoute = defineRoute({
  operationId: 'verifyBackupCode',
  method: 'post',
  base: '/api/auth',
  path: '/two-factor/verify-backup-code',
  summary: 'A backup code instead of an authenticator code, to complete a sign-in; spent once used',
  auth: 'public',
  body: z.object({ code: z.string(), trustDevice: z.optional(z.boolean()) }),
  response: { status: 200, description: 'Signed in', schema: sessionAnswerSchema },
  errors: codeErrors,
  errorSchema: authErrorBodySchema,
});

export const disableTwoFactorRoute = defineRoute({
  operationId: 'disableTwoFactor',
  method: 'post',
  base: '/api/auth',
  path: '/two-factor/disable',
  summary: 'Turn two-factor sign-in off, with the password and a current code',
  auth: 'session',
  body: z.object({ password: z.string(), code: z.string() }),
  response: { status: 200, description: 'Turned off', schema: statusSchema },
  errors: { ...codeErrors, 400: 'Wrong password or code' },
  errorSchema: authErrorBodySchema,
});

// ——— re-authentication (docs/security.md, "Re-authentication") ———

/** How long a re-authentication (or a sign-in) lets a session do sensitive things. */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

export const reauthenticateRoute = defineRoute({
  operationId: 'reauthenticateSession',
  method: 'post',
  base: '/api/auth',
  path: '/reauthenticate',
  summary: `Confirm it is you: the password, or a current authenticator code when two-factor is on. Sensitive actions are then allowed for ${REAUTHENTICATION_WINDOW_MINUTES} minutes`,
  auth: 'session',
  body: z.union([z.strictObject({ password: z.string() }), z.strictObject({ code: z.string() })]),
  response: {
    status: 200,
    description: 'Confirmed: when the session must confirm again',
    schema: z.object({ reauthenticated_until: z.iso.datetime({ offset: true }) }),
  },
  errors: {
    400: 'Wrong password (INVALID_PASSWORD) or code (INVALID_CODE, CODE_ALREADY_USED), or a code while two-factor is off',
    401: 'No session',
    429: 'Too many wrong passwords (5 in 15 minutes) or codes: try again later',
  },
  errorSchema: authErrorBodySchema,
});

// ——— sign-in with an email code (docs/security.md, "Sign-in with an email code") ———

/** A code by email (to sign in, or to verify a new account's address): its digits, its life. */
export const EMAIL_CODE_DIGITS = 6;
export const EMAIL_CODE_MINUTES = 10;

export const sendEmailCodeRoute = defineRoute({
  operationId: 'sendEmailCode',
  method: 'post',
  base: '/api/auth',
  path: '/email-otp/send-verification-otp',
  summary: `Email a ${EMAIL_CODE_DIGITS}-digit code to sign in with (type "sign-in") or to verify a new account's address (type "email-verification"); it works once, for ${EMAIL_CODE_MINUTES} minutes. The same answer whether or not the address has an account`,
  auth: 'public',
  body: z.object({ email: emailSchema, type: z.enum(['sign-in', 'email-verification']) }),
  response: {
    status: 200,
    description:
      'Sent if the address has an account (type "sign-in"), or an account not yet verified (type "email-verification")',
    schema: z.looseObject({ success: z.boolean() }),
  },
  errors: {
    400: 'Not an email address, or a type other than "sign-in" and "email-verification"',
    429: 'Too many codes sent to this address (5 in 15 minutes), or too many requests from this client',
  },
  errorSchema: authErrorBodySchema,
});

export const signInWithCodeRoute = defineRoute({
  operationId: 'signInWithCode',
  method: 'post',
  base: '/api/auth',
  path: '/sign-in/email-otp',
  summary: 'Sign in with the code sent by email instead of the password; sets the session cookie',
  auth: 'public',
  body: z.object({ email: emailSchema, otp: z.string() }),
  response: { status: 200, description: 'Signed in', schema: sessionAnswerSchema },
  errors: {
    400: 'INVALID_OTP for every refusal alike: a wrong, expired or used-up code (3 tries), an address with no account or with two-factor sign-in',
    ...credentials,
  },
  errorSchema: authErrorBodySchema,
});

// ——— single sign-on (docs/security.md, "Single sign-on") ———

export const signInWithSsoRoute = defineRoute({
  operationId: 'signInWithSso',
  method: 'post',
  base: '/api/auth',
  path: '/sign-in/sso',
  summary:
    "Start signing in through the identity provider of the organisation that has the address's domain: answers the provider's URL to send the browser to",
  auth: 'public',
  body: z.strictObject({ email: emailSchema }),
  response: {
    status: 200,
    description: 'Send the browser to url; the provider returns it to /api/auth/sso/callback',
    schema: z.looseObject({ url: z.string(), redirect: z.optional(z.boolean()) }),
  },
  errors: {
    400: 'VALIDATION_FAILED: not an email address',
    404: 'SSO_NOT_CONFIGURED: no organisation signs in with single sign-on at this domain',
    ...credentials,
  },
  errorSchema: authErrorBodySchema,
});

// ——— open sign-up (docs/security.md, "Sign-up") ———

const personName = z.string().check(z.trim(), z.minLength(1), z.maxLength(PERSON_NAME_MAX_LENGTH));

export const signUpRoute = defineRoute({
  operationId: 'signUp',
  method: 'post',
  base: '/api/auth',
  path: '/sign-up/email',
  summary:
    'Create an account (where the operator allows open sign-up); a code to verify the address follows by email. The same answer whether or not the address has an account',
  auth: 'public',
  // Strict: better-auth would otherwise store keys it knows (an image, say) that nobody asked for.
  body: z.strictObject({
    first_name: personName,
    last_name: personName,
    email: emailSchema,
    password: z.string().check(z.minLength(1)),
  }),
  response: {
    status: 200,
    description:
      'Accepted: a verification code is on its way to a new address; the owner of an existing one is told by mail instead. No session until the address is verified',
    schema: sessionAnswerSchema,
  },
  errors: {
    400: 'Not an email address, a first or last name missing or over 100 characters, or a weak password (reasons lists why)',
    403: 'Sign-up is closed here (SIGN_UP_CLOSED): accounts come from invitations',
    429: 'Too many codes sent to this address (5 in 15 minutes), or too many sign-ups from this client',
  },
  errorSchema: authErrorBodySchema,
});

export const verifyEmailRoute = defineRoute({
  operationId: 'verifyEmail',
  method: 'post',
  base: '/api/auth',
  path: '/email-otp/verify-email',
  summary:
    "Verify a new account's address with the code sent by email and the sign-up's password; signs in (sets the session cookie)",
  auth: 'public',
  body: z.object({ email: emailSchema, otp: z.string(), password: z.string() }),
  response: { status: 200, description: 'Verified and signed in', schema: sessionAnswerSchema },
  errors: {
    400: 'INVALID_OTP for every refusal alike: a wrong, expired or used-up code, a password other than the sign-up’s, an address already verified or with no account',
    ...credentials,
  },
  errorSchema: authErrorBodySchema,
});

/** Every identity route the browser calls, for the OpenAPI document. */
export const AUTH_ROUTES = [
  signInRoute,
  signOutRoute,
  getAccessTokenRoute,
  requestPasswordResetRoute,
  resetPasswordRoute,
  checkResetLinkRoute,
  checkPasswordRoute,
  changePasswordRoute,
  enableTwoFactorRoute,
  verifyTotpRoute,
  verifyBackupCodeRoute,
  disableTwoFactorRoute,
  reauthenticateRoute,
  sendEmailCodeRoute,
  signInWithCodeRoute,
  signInWithSsoRoute,
  signUpRoute,
  verifyEmailRoute,
] as const;
