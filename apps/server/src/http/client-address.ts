// The client's address, as better-auth's limiter will read it from X-Forwarded-For.
// A value the client sent is kept only when TRUSTED_PROXIES is configured (better-auth then walks
// the chain, skipping the trusted proxies); otherwise it is replaced by the socket's address,
// so nobody can dodge a per-address limit by inventing a header.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function forwardedForWithClientAddress(c: Context, trustsProxies: boolean): string | null {
  // In-process requests (app.request in tests) have no socket, hence no address.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  const socketAddress = incoming ? (getConnInfo(c).remote.address ?? null) : null;
  const sent = c.req.header('x-forwarded-for');
  if (trustsProxies && sent) return socketAddress ? `${sent}, ${socketAddress}` : sent;
  return socketAddress;
}
