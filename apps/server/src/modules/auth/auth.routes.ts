// /api/auth: better-auth's identity endpoints, behind the product's own rules. Only the endpoints
// the product uses are reachable (AUTH_ENDPOINTS); every other better-auth endpoint answers 404, so
// a plugin or default route nobody reviewed cannot become an entrance. docs/security.md lists them.
import { Hono, type Context } from 'hono';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { forwardedForWithClientAddress } from '../../http/client-address.ts';
import type { Auth } from './auth.ts';
import { signInThrottle } from './sign-in-throttle.ts';

/** `METHOD /path` under /api/auth for every endpoint the product (browser or tests) calls. */
export const AUTH_ENDPOINTS = new Set([
  'POST /sign-in/email',
  'POST /sign-out',
  'GET /token',
  'GET /jwks',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /change-password',
]);

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
    return auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
  };

  return new Hono()
    .use('*', async (c, next) => {
      const path = c.req.path.replace(/^\/api\/auth/u, '');
      if (!AUTH_ENDPOINTS.has(`${c.req.method} ${path}`)) {
        return c.json({ code: 'NOT_FOUND', message: 'No such identity endpoint.' }, 404);
      }
      await next();
    })
    .post('/sign-in/email', signInThrottle(db, config))
    .on(['GET', 'POST'], '*', forward);
}
