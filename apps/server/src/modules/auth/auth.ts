// Identity: better-auth owns sign-in, sessions, password reset and the JWT access tokens that
// /api/v1 accepts. This file is its whole configuration; docs/architecture.md, "Authentication",
// says why it is shaped so.
import { createHash } from 'node:crypto';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
} from '@callboard/contract';
import { signInWithSsoRoute, signUpRoute } from '@callboard/contract/auth-routes';
import { sso } from '@better-auth/sso';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { emailOTP, jwt, twoFactor } from 'better-auth/plugins';
import { and, eq, gt, like, lt, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as z from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  accounts,
  jwks,
  profiles,
  sessions,
  ssoProviders,
  twoFactors,
  users,
  verifications,
} from '../../db/schema.ts';
import type { MailQueue } from '../../lib/mail-queue.ts';
import { consumeRate } from '../../lib/rate-limit.ts';
import { recordIdentityEvent } from '../audit/audit.queries.ts';
import { createPasswordHashing } from './password-hashing.ts';
import { passwordProblems } from './password-rules.ts';
import {
  EMAIL_CODE_ATTEMPTS,
  EMAIL_CODE_DIGITS,
  EMAIL_CODE_SECONDS,
  EMAIL_CODES_PER_ADDRESS,
  emailCodeRateKey,
  emailCodeRefused,
  invalidEmailCode,
  SIGN_IN_CODE_TYPE,
} from './email-code.ts';
import {
  accountExistsMail,
  noSignInCodeMail,
  ssoSignInMail,
  resetPasswordMail,
  signInCodeMail,
  verifyEmailCodeMail,
} from './mails.ts';
import { confirmPassword, reauthentication } from './reauthentication.ts';
import { clearSignInLimits } from './sign-in-throttle.ts';
import {
  isSsoDomain,
  profilesModel,
  provisionSsoUser,
  resolveSsoUser,
  ssoProviderForEmail,
  ssoRequired,
  ssoRequiredFor,
} from './sso.ts';
import {
  discardUnverifiedAccount,
  nameNewProfile,
  pendingSignUp,
  VERIFY_EMAIL_CODE_TYPE,
} from './sign-up.ts';
import {
  claimTotpCode,
  CODE_ATTEMPTS_PER_CHALLENGE,
  CODE_FAILURES_BEFORE_LOCK,
  CODE_LOCK_SECONDS,
  codeAlreadyUsed,
  generateBackupCodes,
  recordWrongCode,
  mustEnrolTwoFactor,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TRUST_DEVICE_SECONDS,
  TWO_FACTOR_CHALLENGE_SECONDS,
} from './two-factor.ts';

/** Access tokens live this long; the client renews them 90 s before they expire. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/**
 * Per-address limits on the auth endpoints (better-auth's limiter, counters in PostgreSQL).
 * Generous on sign-in, so that a whole office behind one address can sign in at 9 am; guessing
 * one account's password is stopped by the per-account rule in sign-in-throttle.ts instead.
 */
export const AUTH_RATE_RULES = {
  default: { window: 60, max: 300 },
  '/sign-in/email': { window: 60, max: 120 },
  '/request-password-reset': { window: 15 * 60, max: 20 },
  '/reset-password': { window: 15 * 60, max: 30 },
  // Codes are guarded per challenge and per account (two-factor.ts); this only stops a flood.
  '/two-factor/*': { window: 60, max: 60 },
  // Wrong passwords are also counted per user (reauthentication.ts).
  '/reauthenticate': { window: 60, max: 60 },
  // Codes are also limited per address they go to, and wrong ones per account (email-code.ts).
  '/email-otp/send-verification-otp': { window: 60, max: 30 },
  '/sign-in/email-otp': { window: 60, max: 120 },
  // Mail to one address is also limited (the codes' rule above), whoever asks.
  '/sign-up/email': { window: 15 * 60, max: 30 },
  '/email-otp/verify-email': { window: 60, max: 60 },
  // Starts a sign-in at the identity provider; the provider has its own limits.
  '/sign-in/sso': { window: 60, max: 120 },
} as const;

const RESET_PREFIX = 'reset-password:';

/**
 * How a reset token's verification row is stored: the prefix (so a user's reset rows can be found
 * and deleted together) and a SHA-256 of the token, so a leaked table holds no usable link.
 */
export function storedResetIdentifier(identifier: string): string {
  return `${RESET_PREFIX}${createHash('sha256').update(identifier).digest('base64url')}`;
}

/** Deletes the user's reset-password rows, all of them or all but `keep` (a stored identifier). */
async function deleteResetTokens(db: Db, userId: string, keep?: string) {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_PREFIX}%`),
        keep === undefined ? undefined : ne(verifications.identifier, keep),
      ),
    );
}

/** Whether a reset link's token still works (unused, not expired), without using it up. */
export async function isLiveResetToken(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, storedResetIdentifier(`${RESET_PREFIX}${token}`)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Records that a session is in use, at most once a minute (its updated_at, shown as "last active"
 * in the profile's session list). better-auth renews the session by its expiry, not this column.
 */
const ACTIVE_EVERY_MS = 60_000;

async function markSessionActive(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ updatedAt: sql`now()` })
    .where(
      and(eq(sessions.id, sessionId), lt(sessions.updatedAt, sql`now() - interval '1 minute'`)),
    );
}

/** What better-auth hands a hook: the request, its body, cookies and better-auth's context. */
type AuthContext = Parameters<typeof getSessionFromCtx>[0];

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins identity requests may come from: APP_URL's (and the internal identity providers'). Outside production, its loopback aliases
 * on the same port too (localhost, 127.0.0.1, [::1] name the same machine, and a developer opens
 * whichever is at hand), and the Vite dev server's in development. Production accepts APP_URL
 * alone; a request from elsewhere is told where to go (auth.routes.ts).
 */
export function trustedOrigins(
  config: Pick<Config, 'APP_URL' | 'NODE_ENV' | 'SSO_INTERNAL_ISSUERS'>,
): string[] {
  const app = new URL(config.APP_URL);
  // Identity providers on private addresses that the operator listed: the SSO plugin fetches
  // their keys and tokens only from trusted origins (docs/security.md, "Single sign-on").
  const origins = [app.origin, ...config.SSO_INTERNAL_ISSUERS];
  if (config.NODE_ENV === 'production') return origins;
  const aliases = (port: string) =>
    LOOPBACK_HOSTS.map((host) => `${app.protocol}//${host}${port ? `:${port}` : ''}`);
  if (LOOPBACK_HOSTS.includes(app.hostname)) origins.push(...aliases(app.port));
  if (config.NODE_ENV === 'development') origins.push(...aliases('5173'));
  return [...new Set(origins)];
}

export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/u);
  return { first_name: first, last_name: rest.join(' ') };
}

export function createAuth(deps: { db: Db; config: Config; mail: MailQueue; logger: Logger }) {
  const { db, config, mail } = deps;
  const logger = deps.logger.child({ component: 'better-auth' });
  // The user a reset belonged to, from onPasswordReset to the after-hook that signs them in.
  const resetUserIds = new WeakMap<Request, string>();
  // Enrolments confirmed by their first code, from the before-hook to the audit entry.
  const enrolments = new WeakMap<Request, string>();

  /**
   * The user a pending sign-in's second step is for (its signed challenge cookie), or null when
   * there is none or it has had its CODE_ATTEMPTS_PER_CHALLENGE (better-auth then refuses).
   */
  async function challengedUserId(ctx: AuthContext): Promise<string | null> {
    const cookie = ctx.context.createAuthCookie('two_factor');
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const { internalAdapter } = ctx.context;
    const challenge = await internalAdapter.findVerificationValue(identifier);
    if (!challenge || challenge.expiresAt <= new Date()) return null;
    const attempts = await internalAdapter.findVerificationValue(`2fa-attempts-${identifier}`);
    if (!attempts || !(Number(attempts.value) < CODE_ATTEMPTS_PER_CHALLENGE)) return null;
    return challenge.value;
  }

  /**
   * Before better-auth checks an authenticator code: a code already used is refused, a right one
   * is used up (two-factor.ts). Turning two-factor off takes a right code besides the password.
   */
  async function checkCodeOnce(ctx: AuthContext) {
    const session = await getSessionFromCtx(ctx);
    const userId =
      session?.user.id ??
      (ctx.path === '/two-factor/verify-totp' ? await challengedUserId(ctx) : null);
    // No session and no challenge: better-auth answers 401 itself.
    if (!userId) return;
    // The body is not validated yet: better-auth's own check comes after this hook.
    const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as {
      code?: unknown;
      password?: unknown;
    };
    // Turning two-factor off: the password first, so that a wrong one does not use up the code.
    if (ctx.path === '/two-factor/disable') await confirmPassword(db, ctx, userId, body.password);
    const { result, confirmed } =
      typeof body.code === 'string'
        ? await claimTotpCode(db, ctx.context.secretConfig, userId, body.code)
        : { result: 'wrong' as const, confirmed: true };
    if (result === 'used') throw codeAlreadyUsed();
    if (ctx.path === '/two-factor/disable') {
      // Counted like a wrong code at sign-in: ten in a row lock the codes.
      if (result === 'wrong') await recordWrongCode(db, userId);
      if (result === 'locked') {
        throw new APIError('TOO_MANY_REQUESTS', {
          code: 'ACCOUNT_TEMPORARILY_LOCKED',
          message: 'Too many wrong codes. Try again in 15 minutes.',
        });
      }
      if (result !== 'accepted') {
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_CODE',
          message: 'Enter the current code from your authenticator app.',
        });
      }
      return;
    }
    // A first code with a session confirms an enrolment (sign-in's second step has none).
    if (session && !confirmed && result === 'accepted' && ctx.request) {
      enrolments.set(ctx.request, userId);
    }
  }

  /**
   * The audit entries of two-factor's endpoints, once they have succeeded. The change is made and
   * the session replaced by then: a failed entry is logged, not answered (which would lose the
   * new session's cookie).
   */
  async function auditTwoFactor(ctx: AuthContext, returned: unknown) {
    await writeTwoFactorAudit(ctx, returned).catch((error: unknown) => {
      logger.error({ err: error, path: ctx.path }, 'could not write a two-factor audit entry');
    });
  }

  async function writeTwoFactorAudit(ctx: AuthContext, returned: unknown) {
    if (returned instanceof Error || returned instanceof Response) return;
    if (ctx.path === '/two-factor/verify-totp') {
      const userId = ctx.request ? enrolments.get(ctx.request) : undefined;
      if (userId) await recordIdentityEvent(db, userId, 'two_factor.enabled');
    } else if (ctx.path === '/two-factor/disable') {
      const userId = ctx.context.session?.user.id;
      if (userId) await recordIdentityEvent(db, userId, 'two_factor.disabled');
    } else if (ctx.path === '/two-factor/verify-backup-code') {
      const userId = (returned as { user?: { id?: unknown } } | null)?.user?.id;
      if (typeof userId === 'string') {
        await recordIdentityEvent(db, userId, 'two_factor.backup_code_used');
      }
    }
  }

  /**
   * Before mail goes to an address at someone's request (a code, or the answer to a sign-up): at
   * most EMAIL_CODES_PER_ADDRESS to one address, whoever asks and whether or not it has an account.
   */
  async function limitMailTo(email: string) {
    const decision = await consumeRate(db, emailCodeRateKey(email), EMAIL_CODES_PER_ADDRESS);
    if (!decision.allowed) {
      throw new APIError('TOO_MANY_REQUESTS', {
        code: 'TOO_MANY_CODES',
        message: 'Too many codes sent to this address. Try again in 15 minutes.',
      });
    }
  }

  /** Before a code is sent: only the kinds Callboard uses (the plugin has others), then the limit. */
  async function limitEmailCodes(ctx: AuthContext) {
    const body = (ctx.body ?? {}) as { email?: unknown; type?: unknown };
    if (body.type !== SIGN_IN_CODE_TYPE && body.type !== VERIFY_EMAIL_CODE_TYPE) {
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_FAILED',
        message: `Only sign-in and verification codes are sent: type must be "${SIGN_IN_CODE_TYPE}" or "${VERIFY_EMAIL_CODE_TYPE}".`,
      });
    }
    if (typeof body.email === 'string') await limitMailTo(body.email);
  }

  /**
   * A member whose organisation requires single sign-on is told so after a right password only:
   * a wrong one gets better-auth's usual answer, so the refusal says nothing about the address.
   */
  async function refuseRequiredSso(ctx: AuthContext) {
    const body = (ctx.body ?? {}) as { email?: unknown; password?: unknown };
    if (typeof body.email !== 'string' || typeof body.password !== 'string') return;
    if (!(await ssoRequiredFor(db, body.email))) return;
    const { internalAdapter } = ctx.context;
    const found = await internalAdapter.findUserByEmail(body.email.trim(), {
      includeAccounts: true,
    });
    const hash = found?.accounts.find((account) => account.providerId === 'credential')?.password;
    const right =
      hash != null && (await ctx.context.password.verify({ hash, password: body.password }));
    if (right) throw ssoRequired();
  }

  /** Instead of a code or a reset link: how to sign in through the organisation's provider. */
  async function sendSsoSignInMail(user: { email: string; name: string }) {
    const message = ssoSignInMail({
      to: user.email,
      name: user.name,
      ssoLink: `${config.APP_URL}/sso`,
    });
    await mail.enqueue(db, message);
    mail.deliverSoon();
  }

  /**
   * Before a sign-in through an identity provider: the provider is the one whose organisation has
   * the address's domain (sso_domains), never one the request names, and the browser comes back
   * to Callboard's own pages.
   */
  async function startSsoSignIn(ctx: AuthContext) {
    const parsed = z.safeParse(signInWithSsoRoute.body, ctx.body);
    if (!parsed.success) {
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_FAILED',
        message: 'Enter your work email address.',
      });
    }
    const providerId = await ssoProviderForEmail(db, parsed.data.email);
    if (!providerId) {
      throw new APIError('NOT_FOUND', {
        code: 'SSO_NOT_CONFIGURED',
        message:
          'No organisation signs in with single sign-on at this email domain. Sign in with your password or an email code.',
      });
    }
    const body = {
      providerId,
      loginHint: parsed.data.email,
      callbackURL: `${config.APP_URL}/dashboard`,
      newUserCallbackURL: `${config.APP_URL}/dashboard`,
      errorCallbackURL: `${config.APP_URL}/sso`,
    };
    return { context: { ...ctx, body } };
  }

  /**
   * Before an open sign-up (docs/security.md, "Sign-up"): open at all, a name, Callboard's password
   * rules, the limit on mail to the address; then an earlier, never verified account at the address
   * is discarded, so that this sign-up starts afresh.
   */
  async function checkSignUp(ctx: AuthContext) {
    if (!config.PUBLIC_SIGN_UP) {
      throw new APIError('FORBIDDEN', {
        code: 'SIGN_UP_CLOSED',
        message: 'Accounts are created by invitation here. Ask your organisation’s admin for one.',
      });
    }
    const parsed = z.safeParse(signUpRoute.body, ctx.body);
    if (!parsed.success) {
      throw new APIError('BAD_REQUEST', {
        code: 'VALIDATION_FAILED',
        message: `Send a first and a last name (each at most ${PERSON_NAME_MAX_LENGTH} characters), an email address and a password.`,
      });
    }
    const { first_name, last_name, email, password } = parsed.data;
    // An account made here at such a domain could never sign in through the organisation's
    // provider (it links members only): those addresses sign up through the provider.
    if (await isSsoDomain(db, email)) throw ssoRequired();
    const name = `${first_name} ${last_name}`;
    const reasons = await passwordProblems(password, { email, name });
    if (reasons.length > 0) {
      throw new APIError('BAD_REQUEST', {
        code: 'WEAK_PASSWORD',
        message: 'Choose a stronger password.',
        reasons,
      });
    }
    await limitMailTo(email);
    await discardUnverifiedAccount(db, email);
    // better-auth takes one name; the profile keeps the two (nameNewProfile, after the sign-up).
    return { context: { ...ctx, body: { email, password, name, first_name, last_name } } };
  }

  /**
   * Before a verification code is taken. The code signs in (autoSignInAfterVerification), so:
   * only for an address not verified yet (and never past two-factor sign-in), and only with the
   * password of the sign-up that is being verified — a later sign-up for the address replaces the
   * account, and its code must not verify an account whose password someone else chose. Every
   * refusal is the answer to a wrong code.
   */
  async function checkVerification(ctx: AuthContext) {
    const body = (ctx.body ?? {}) as { email?: unknown; password?: unknown };
    if (typeof body.email !== 'string') return;
    const pending = await pendingSignUp(db, body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    const right =
      pending !== null &&
      password.length > 0 &&
      (await ctx.context.password.verify({ hash: pending.passwordHash, password }));
    if (!right) throw invalidEmailCode();
  }

  /** The plugin's mail hook for a verification code: only an address not yet verified gets one. */
  async function sendVerificationCode(email: string, code: string) {
    const [user] = await db
      .select({ name: users.name, email: users.email, verified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email));
    if (!user) return;
    if (user.verified) {
      // Nothing to verify: the stored code goes unseen, and verify-email refuses every code.
      await db
        .delete(verifications)
        .where(
          eq(verifications.identifier, `${VERIFY_EMAIL_CODE_TYPE}-otp-${email.toLowerCase()}`),
        );
      return;
    }
    await mail.enqueue(db, verifyEmailCodeMail({ to: user.email, name: user.name, code }));
    mail.deliverSoon();
  }

  /** The plugin's mail hook: the code, or, for an account with two-factor, why there is none. */
  async function sendSignInCode(email: string, code: string) {
    const [user] = await db
      .select({
        name: users.name,
        email: users.email,
        twoFactor: users.twoFactorEnabled,
        verified: users.emailVerified,
      })
      .from(users)
      .where(eq(users.email, email));
    if (!user) return;
    const throughSso = await ssoRequiredFor(db, user.email);
    if (user.twoFactor || !user.verified || throughSso) {
      // The plugin stored the code before calling this: nobody will ever see it, but it goes.
      await db
        .delete(verifications)
        .where(eq(verifications.identifier, `${SIGN_IN_CODE_TYPE}-otp-${email.toLowerCase()}`));
      if (throughSso) {
        await sendSsoSignInMail(user);
        return;
      }
      if (user.twoFactor) {
        await mail.enqueue(db, noSignInCodeMail({ to: user.email, name: user.name }));
      }
    } else {
      await mail.enqueue(db, signInCodeMail({ to: user.email, name: user.name, code }));
    }
    mail.deliverSoon();
  }

  return betterAuth({
    appName: 'Callboard',
    baseURL: config.APP_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    // Into our structured log. Failed sign-ins are expected traffic: debug, not warn.
    logger: {
      level: 'info',
      log: (level, message: unknown, ...args: unknown[]) => {
        // Some plugins log an error object in place of a message (the SSO plugin's refused tokens).
        if (typeof message !== 'string') {
          logger[level]({ err: message, details: args.length > 0 ? args : undefined });
          return;
        }
        const quiet =
          /^(Invalid password|User not found|Reset Password: User not found)$/u.test(message) ||
          message.startsWith('Sign-up attempt for existing email');
        logger[quiet ? 'debug' : level]({ details: args.length > 0 ? args : undefined }, message);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Real transactions: the SSO plugin decides who signs in inside one (sso.ts). Hooks that run
      // inside must use the adapter they are given: on the embedded database, which has one
      // connection, a query on `db` would wait for the transaction forever.
      transaction: true,
      schema: {
        users,
        sessions,
        accounts,
        verifications,
        jwks,
        profiles,
        two_factors: twoFactors,
        sso_providers: ssoProviders,
      },
    }),
    // Where a failed sign-in through an identity provider lands (the page says what went wrong).
    onAPIError: { errorURL: `${config.APP_URL}/sso` },
    user: { modelName: 'users' },
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: {
      modelName: 'verifications',
      storeIdentifier: {
        default: 'plain',
        overrides: {
          [RESET_PREFIX]: { hash: (id) => Promise.resolve(storedResetIdentifier(id)) },
        },
      },
    },
    advanced: {
      // Origins are checked under test too (better-auth skips the check when NODE_ENV is test),
      // so that the tests see what production does.
      disableOriginCheck: false,
      database: { generateId: 'uuid' },
      cookiePrefix: 'callboard',
      useSecureCookies: config.NODE_ENV === 'production',
      // The HTTP layer puts the client's address in X-Forwarded-For itself (see http/app.ts),
      // walking only the proxies named in TRUSTED_PROXIES.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: config.TRUSTED_PROXIES },
    },
    rateLimit: {
      enabled: true,
      window: AUTH_RATE_RULES.default.window,
      max: AUTH_RATE_RULES.default.max,
      customRules: {
        '/sign-in/email': AUTH_RATE_RULES['/sign-in/email'],
        '/request-password-reset': AUTH_RATE_RULES['/request-password-reset'],
        '/reset-password': AUTH_RATE_RULES['/reset-password'],
        '/two-factor/*': AUTH_RATE_RULES['/two-factor/*'],
        '/reauthenticate': AUTH_RATE_RULES['/reauthenticate'],
        '/email-otp/send-verification-otp': AUTH_RATE_RULES['/email-otp/send-verification-otp'],
        '/sign-in/email-otp': AUTH_RATE_RULES['/sign-in/email-otp'],
        '/sign-up/email': AUTH_RATE_RULES['/sign-up/email'],
        '/email-otp/verify-email': AUTH_RATE_RULES['/email-otp/verify-email'],
        '/sign-in/sso': AUTH_RATE_RULES['/sign-in/sso'],
      },
      customStorage: { consume: (key, rule) => consumeRate(db, `auth:${key}`, rule) },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts come from invitations, and from open sign-up where the operator allows it; an
      // open sign-up's address must be verified before it signs in (sign-up.ts).
      disableSignUp: !config.PUBLIC_SIGN_UP,
      requireEmailVerification: true,
      // The page answers a sign-up for a taken address as for a new one; the owner gets this mail.
      onExistingUserSignUp: async ({ user }) => {
        const message = accountExistsMail({
          to: user.email,
          name: user.name,
          signInLink: `${config.APP_URL}/auth`,
          resetLink: `${config.APP_URL}/forgot-password`,
        });
        await mail.enqueue(db, message);
        mail.deliverSoon();
      },
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: createPasswordHashing(config.PASSWORD_HASH_CONCURRENCY),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A member who must sign in through the organisation's provider gets no link.
        if (await ssoRequiredFor(db, user.email)) {
          await deleteResetTokens(db, user.id);
          await sendSsoSignInMail(user);
          return;
        }
        // One live link per user: asking again withdraws the earlier ones.
        await deleteResetTokens(db, user.id, storedResetIdentifier(`${RESET_PREFIX}${token}`));
        const link = `${config.APP_URL}/update-password?token=${encodeURIComponent(token)}`;
        // Into the outbox and on its way: the answer does not wait for the mail server (and so
        // takes as long for an address with an account as for one without).
        await mail.enqueue(db, resetPasswordMail({ to: user.email, name: user.name, link }));
        mail.deliverSoon();
      },
      onPasswordReset: async ({ user }, request) => {
        // Every other link of this user dies with the one just used.
        await deleteResetTokens(db, user.id);
        // The link reached the mailbox: the address is proven (an open sign-up never confirmed
        // becomes an ordinary account, with the password just chosen).
        if (!user.emailVerified) {
          await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        }
        // Whoever can reset the password owns the address: lift every sign-in lock on it.
        await clearSignInLimits(db, user.email);
        if (request) resetUserIds.set(request, user.id);
      },
    },
    emailVerification: {
      // A verified address signs in at once: the code proves the mailbox, the sign-up the password.
      autoSignInAfterVerification: true,
    },
    databaseHooks: {
      user: {
        create: {
          // Every user has a profile; organisation and role come from an invitation later.
          after: async (user) => {
            await db
              .insert(profiles)
              .values({ id: user.id, email: user.email, ...splitName(user.name) })
              .onConflictDoNothing();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') return checkSignUp(ctx);
        if (ctx.path === '/sign-in/sso') return startSsoSignIn(ctx);
        // A member of an organisation that requires single sign-on: no password (sso.ts).
        if (ctx.path === '/sign-in/email') await refuseRequiredSso(ctx);
        if (ctx.path === '/email-otp/verify-email') {
          await checkVerification(ctx);
          return;
        }
        if (ctx.path === '/email-otp/send-verification-otp') {
          await limitEmailCodes(ctx);
          return;
        }
        // An email alone must not open an account with two-factor on (email-code.ts): its codes
        // are refused as wrong ones are, so the answer tells nothing about the account.
        if (ctx.path === '/sign-in/email-otp') {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (
            typeof email === 'string' &&
            ((await emailCodeRefused(db, email)) || (await ssoRequiredFor(db, email)))
          ) {
            throw invalidEmailCode();
          }
          return;
        }
        if (ctx.path === '/two-factor/verify-totp' || ctx.path === '/two-factor/disable') {
          await checkCodeOnce(ctx);
          return;
        }
        // Turning two-factor on asks for the password again: throttled per user (a stolen
        // session must not become a way to guess it).
        if (ctx.path === '/two-factor/enable') {
          const session = await getSessionFromCtx(ctx);
          const body = (ctx.body ?? {}) as { password?: unknown };
          if (session) await confirmPassword(db, ctx, session.user.id, body.password);
          return;
        }
        // Callboard's password rules, for a reset (owner found by the token) and a change
        // (owner: the signed-in user).
        if (ctx.path !== '/reset-password' && ctx.path !== '/change-password') return;
        const body = (ctx.body ?? {}) as { newPassword?: unknown; token?: unknown };
        if (typeof body.newPassword !== 'string') return;
        let owner: { id: string; email: string; name: string } | null = null;
        if (ctx.path === '/change-password') {
          owner = (await getSessionFromCtx(ctx))?.user ?? null;
        } else if (typeof body.token === 'string') {
          const verification = await ctx.context.internalAdapter.findVerificationValue(
            `reset-password:${body.token}`,
          );
          owner = verification
            ? await ctx.context.internalAdapter.findUserById(verification.value)
            : null;
        }
        // A reset link sent before the organisation required single sign-on opens nothing now.
        if (ctx.path === '/reset-password' && owner && (await ssoRequiredFor(db, owner.email))) {
          throw ssoRequired();
        }
        const reasons = await passwordProblems(body.newPassword, owner ?? {});
        if (reasons.length > 0) {
          throw new APIError('BAD_REQUEST', {
            code: 'WEAK_PASSWORD',
            message: 'Choose a stronger password.',
            reasons,
          });
        }
        if (ctx.path === '/change-password') {
          // The current password, throttled per user like every confirmation in a session.
          const current = (ctx.body as { currentPassword?: unknown }).currentPassword;
          if (owner) await confirmPassword(db, ctx, owner.id, current);
          // A changed password ends every other session, whatever the client asked for: whoever
          // knew the old password must not stay signed in.
          const changeBody = ctx.body as Record<string, unknown>;
          return { context: { ...ctx, body: { ...changeBody, revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const returned = ctx.context.returned;
          const userId = (returned as { user?: { id?: unknown } } | null)?.user?.id;
          const names = ctx.body as { first_name?: unknown; last_name?: unknown };
          if (returned instanceof Error || typeof userId !== 'string') return;
          if (typeof names.first_name !== 'string' || typeof names.last_name !== 'string') return;
          await nameNewProfile(db, {
            userId,
            first_name: names.first_name,
            last_name: names.last_name,
          });
          return;
        }
        if (ctx.path.startsWith('/two-factor/')) {
          await auditTwoFactor(ctx, ctx.context.returned);
          return;
        }
        // An access token issued: the session is in use (the profile's "last active").
        if (ctx.path === '/token') {
          const session = ctx.context.session?.session;
          // better-auth has just read the session: write only when the minute has passed.
          // "Last active" is worth less than the token: a failed write is logged, not answered.
          if (session && Date.now() - new Date(session.updatedAt).getTime() >= ACTIVE_EVERY_MS) {
            await markSessionActive(db, session.id).catch((error: unknown) => {
              logger.warn({ err: error }, 'could not record a session as active');
            });
          }
          return;
        }
        // A successful reset signs the user in on this device; every other session has ended.
        if (ctx.path !== '/reset-password' || !ctx.request) return;
        const userId = resetUserIds.get(ctx.request);
        if (!userId) return;
        const user = await ctx.context.internalAdapter.findUserById(userId);
        // With two-factor on, a reset link is not a second factor: the user signs in with the
        // new password and a code.
        if (!user || (user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return;
        const session = await ctx.context.internalAdapter.createSession(userId);
        await setSessionCookie(ctx, { session, user });
      }),
    },
    plugins: [
      jwt({
        jwt: {
          issuer: config.APP_URL,
          audience: config.APP_URL,
          expirationTime: `${ACCESS_TOKEN_LIFETIME_SECONDS}s`,
          // sid lets the API end access as soon as the session ends (db/tenant.ts); enrol
          // limits the token to setting up two-factor sign-in (ENROLMENT_ROUTE in http/app.ts).
          definePayload: async ({ session, user }) =>
            (await mustEnrolTwoFactor(db, user.id))
              ? { sid: session.id, enrol: true }
              : { sid: session.id },
        },
      }),
      twoFactor({
        issuer: 'Callboard',
        schema: { twoFactor: { modelName: 'two_factors' } },
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: {
          storeBackupCodes: 'encrypted',
          customBackupCodesGenerate: generateBackupCodes,
        },
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        accountLockout: {
          enabled: true,
          maxFailedAttempts: CODE_FAILURES_BEFORE_LOCK,
          durationSeconds: CODE_LOCK_SECONDS,
        },
      }),
      reauthentication(db),
      emailOTP({
        otpLength: EMAIL_CODE_DIGITS,
        expiresIn: EMAIL_CODE_SECONDS,
        allowedAttempts: EMAIL_CODE_ATTEMPTS,
        // Codes sign in existing accounts only; accounts come from invitations.
        disableSignUp: true,
        storeOTP: 'hashed',
        // Sign-up's verification mail is a code too, not a link (sign-up.ts).
        overrideDefaultEmailVerification: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type === SIGN_IN_CODE_TYPE) await sendSignInCode(email, otp);
          if (type === VERIFY_EMAIL_CODE_TYPE) await sendVerificationCode(email, otp);
        },
      }),
      profilesModel,
      sso({
        modelName: 'sso_providers',
        fields: { organizationId: 'organisationId' },
        // One callback for every provider: /api/auth/sso/callback (the identity allow-list).
        redirectURI: '/sso/callback',
        // Callboard's organisations, not better-auth's organization plugin.
        organizationProvisioning: { disabled: true },
        resolveUser: resolveSsoUser,
        provisionUser: (data) => provisionSsoUser(db, data),
        provisionUserOnEveryLogin: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
