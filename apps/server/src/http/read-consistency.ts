// Read-your-writes with a read replica (docs/operations.md, "Read replica"; docs/decisions/0024-
// read-replica-and-read-your-writes.md). After a successful write, the answer carries the
// primary's WAL position in a cookie; the browser sends it back with every API request, and
// withTenantRead reads on the replica only once the replica has replayed that far. The client
// carries it, so it holds across any number of server processes. The position is no credential:
// a forged one only sends that client's own reads to the primary, or shows it older data.
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { formatLsn, parseLsn, type ReadReplica } from '../db/read-replica.ts';
import type { ReadRouting } from '../db/tenant.ts';
import type { ApiEnv } from './api-env.ts';

export const READ_AFTER_COOKIE = 'callboard_read_after';
const READS_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readConsistency(
  replica: ReadReplica,
  options: { secure: boolean },
): MiddlewareHandler<ApiEnv> {
  // Kept while the replica may still be short of the write: reads use a replica at most
  // DATABASE_READ_MAX_LAG_MS behind, measured every second; a minute on top is ample.
  const maxAge = Math.ceil(replica.maxLagMs / 1000) + 60;
  return async (c, next) => {
    const reads: ReadRouting = { after: parseLsn(getCookie(c, READ_AFTER_COOKIE)), servedBy: null };
    c.set('reads', reads);
    await next();
    // Which database answered this request's reads, for browsers' devtools and for the tests.
    if (reads.servedBy) c.res.headers.append('Server-Timing', `db;desc="${reads.servedBy}"`);
    if (READS_ONLY.has(c.req.method) || c.res.status >= 400) return;
    try {
      // After the write committed, so at or past its commit record.
      const position = await replica.primaryLsn();
      setCookie(c, READ_AFTER_COOKIE, formatLsn(position), {
        path: '/api',
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.secure,
        maxAge,
      });
    } catch {
      // The primary just answered this write; if it cannot say where it is now, the next reads
      // go by the replica's lag alone, as for a client without the cookie.
    }
  };
}
