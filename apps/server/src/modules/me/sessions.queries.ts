// The signed-in user's own sessions, through the database functions that answer for the session's
// user only (db/sql/functions/own_sessions.sql, end_own_sessions.sql): callboard_app cannot read
// the sessions table, which holds every session's token.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Tx } from '../../db/tenant.ts';

export interface OwnSessionRow {
  id: string;
  created_at: Date | string;
  last_active_at: Date | string;
  expires_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
  current: boolean;
}

/** The session asking first, then the others, most recently active first. */
export function selectOwnSessions(tx: Tx): Promise<OwnSessionRow[]> {
  return queryRows<OwnSessionRow>(
    tx,
    sql`select * from own_sessions() order by current desc, last_active_at desc, id`,
  );
}

/**
 * Ends the named session, or with null every other one; how many ended (null: the asking session
 * itself is no longer live).
 */
export async function endOwnSessions(tx: Tx, sessionId: string | null): Promise<number | null> {
  const [row] = await queryRows<{ ended: number | null }>(
    tx,
    sql`select end_own_sessions(${sessionId}::uuid) as ended`,
  );
  return row?.ended ?? null;
}
