// Which failures mean "the database is out of reach", as opposed to "this request is wrong" or "we
// have a bug". The first kind is answered 503 DATABASE_UNAVAILABLE with Retry-After, never a 500
// (docs/operations.md, "Database outages"): the request did nothing and may be sent again.

/** Socket errors: no route to the server, nobody listening, or the connection cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, starting, or overwhelmed: class 08 (connection
 * exception), 53300 too_many_connections, 57P01 admin_shutdown (pg_ctl stop -m fast), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or in recovery), 57014 query_canceled
 * (the statement timeout of the tenant pool, db/client.ts).
 */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '57014']);

/**
 * node-postgres's own words for a connection that is gone or never came (pg and pg-pool have no
 * codes for these).
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
];

function isUnavailableCause(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/u.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.startsWith(words));
}

/** What made a failure an unavailable database, safe to log: a code and the driver's message. */
export interface UnavailableCause {
  code: string | undefined;
  message: string;
}

/**
 * The cause that says the database could not be reached or dropped the connection, found in
 * `error` raw from pg, or wrapped by Drizzle (DrizzleQueryError's `cause`, whose own message holds
 * the query and its parameters and is never returned) or by better-auth; null for any other error.
 */
export function unavailableCause(error: unknown): UnavailableCause | null {
  let current: unknown = error;
  for (let hops = 0; hops < 5 && current; hops += 1) {
    const found =
      current instanceof AggregateError ? [current, ...(current.errors as unknown[])] : [current];
    const match = found.find(isUnavailableCause) as
      { code?: unknown; message?: unknown } | undefined;
    if (match) {
      return {
        code: typeof match.code === 'string' ? match.code : undefined,
        message: typeof match.message === 'string' ? match.message.slice(0, 200) : '',
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableCause(error) !== null;
}
