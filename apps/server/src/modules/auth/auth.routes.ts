// /api/auth: better-auth's identity endpoints, behind the product's own rules. Only the endpoints
// the product uses are reachable (AUTH_ENDPOINTS); every other better-auth endpoint answers 404, so
// a plugin or default route nobody reviewed cannot become an entrance. docs/security.md lists them.
import { checkPasswordRoute, checkResetLinkRoute } from '@callboard/contract/auth-routes';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { forwardedForWithClientAddress } from '../../http/client-address.ts';
import { isLiveResetToken, type Auth } from './auth.ts';
import { invalidEmailCodeBody } from './email-code.ts';
import { isCommon } from './password-rules.ts';
import { signInThrottle } from './sign-in-throttle.ts';

/** `METHOD /path` under /api/auth for every endpoint the product (browser or tests) calls. */
export const AUTH_ENDPOINTS = new Set([
  'POST /sign-in/email',
  'POST /sign-out',
  'GET /token',
  'GET /jwks',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /reset-password/check',
  'POST /password/check',
  'POST /change-password',
  // Two-factor sign-in (docs/security.md, "Two-factor sign-in").
  'POST /two-factor/enable',
  'POST /two-factor/verify-totp',
  'POST /two-factor/verify-backup-code',
  'POST /two-factor/disable',
  // Confirming it is you before a sensitive action (docs/security.md, "Re-authentication").
  'POST /reauthenticate',
  // Sign-in with a code sent by email (docs/security.md, "Sign-in with an email code").
  'POST /email-otp/send-verification-otp',
  'POST /sign-in/email-otp',
  // Open sign-up, where the operator allows it, and its address's verification
  // (docs/security.md, "Sign-up").
  'POST /sign-up/email',
  'POST /email-otp/verify-email',
  // Single sign-on through the organisation's identity provider (docs/security.md, "Single
  // sign-on"): the start, and the one callback every provider returns the browser to.
  'POST /sign-in/sso',
  'GET /sso/callback',
]);

/** A JSON body our own identity endpoints take, or null (answered 400 in better-auth's shape). */
async function readBody<Schema extends core.$ZodType>(c: Context, schema: Schema) {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return null;
  }
  const parsed = z.safeParse(schema, json);
  return parsed.success ? parsed.data : null;
}

const badBody = (c: Context, message: string) =>
  c.json({ code: 'VALIDATION_FAILED', message }, 400);

/**
 * better-auth's "Invalid origin" means nothing to the person signing in: the page was opened at
 * an address other than the configured APP_URL. Say where to open Callboard instead.
 */
async function explainOrigin(response: Response, appUrl: string): Promise<Response> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if ((body as { code?: unknown } | null)?.code !== 'INVALID_ORIGIN') return response;
  return Response.json(
    {
      code: 'INVALID_ORIGIN',
      message: `Open Callboard at ${new URL(appUrl).origin} to sign in.`,
    },
    { status: 403, headers: { 'cache-control': 'no-store' } },
  );
}

/**
 * An expired code, or one whose tries are used up, exists only for an address with an account:
 * better-auth's OTP_EXPIRED and TOO_MANY_ATTEMPTS would tell who has one. Every refused code gets
 * the answer to a wrong one instead.
 */
const oneAnswerForBadCodes: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 400 && c.res.status !== 403) return;
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  const code = (body as { code?: unknown } | null)?.code;
  if (code !== 'OTP_EXPIRED' && code !== 'TOO_MANY_ATTEMPTS') return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify(invalidEmailCodeBody), { status: 400, headers });
};

export function authRoutes(deps: { db: Db; config: Config; auth: Auth }) {
  const { db, config, auth } = deps;
  const trustsProxies = config.TRUSTED_PROXIES.length > 0;

  const forward = async (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    const forwardedFor = forwardedForWithClientAddress(c, trustsProxies);
    if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
    else headers.delete('x-forwarded-for');
    // The body was read (size-limited and checked) before this point; hand better-auth the text.
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const body = hasBody ? await c.req.text() : undefined;
    headers.delete('content-length');
    const response = await auth.handler(
      new Request(c.req.url, { method: c.req.method, headers, body }),
    );
    return response.status === 403 ? explainOrigin(response, config.APP_URL) : response;
  };

  // A wrong email code counts like a wrong password (oneAnswerForBadCodes makes every refusal 400).
  const emailCodeThrottle = signInThrottle(db, config, (status) => status === 400);

  return new Hono()
    .use('*', async (c, next) => {
      const path = c.req.path.replace(/^\/api\/auth/u, '');
      if (!AUTH_ENDPOINTS.has(`${c.req.method} ${path}`)) {
        return c.json({ code: 'NOT_FOUND', message: 'No such identity endpoint.' }, 404);
      }
      // Internal identity providers are trusted origins so that the SSO plugin may fetch from
      // them (auth.ts); that must not let their pages send requests here as if from Callboard.
      const origin = c.req.header('origin');
      if (c.req.method !== 'GET' && origin && config.SSO_INTERNAL_ISSUERS.includes(origin)) {
        return explainOrigin(
          Response.json({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }, { status: 403 }),
          config.APP_URL,
        );
      }
      await next();
    })
    .post('/sign-in/email', signInThrottle(db, config))
    .post('/sign-in/email-otp', emailCodeThrottle, oneAnswerForBadCodes)
    .post('/email-otp/verify-email', oneAnswerForBadCodes)
    .post('/reset-password/check', async (c) => {
      const body = await readBody(c, checkResetLinkRoute.body);
      if (!body) return badBody(c, 'Send the token of the reset link.');
      return c.json({ valid: await isLiveResetToken(db, body.token) });
    })
    .post('/password/check', async (c) => {
      const body = await readBody(c, checkPasswordRoute.body);
      if (!body) return badBody(c, 'Send the password to check.');
      return c.json({ common: await isCommon(body.password) });
    })
    .on(['GET', 'POST'], '*', forward);
}
