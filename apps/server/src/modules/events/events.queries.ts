// The live-update module's SQL (docs/live-updates.md). The hub's statements run on the owner
// connection, for every stream of this server at once; the presence reads run inside withTenant.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_TIMING } from '@callboard/contract';
import { parseRows, queryRows, type Db } from '../../db/client.ts';
import type { Tx } from '../../db/tenant.ts';

/** A presence row not refreshed for this long belongs to a stream that is gone. */
export const PRESENCE_STALE_MS = LIVE_TIMING.heartbeatMs * 2.5;
const stale = sql`now() - make_interval(secs => ${PRESENCE_STALE_MS / 1000})`;

/**
 * A uuid[] parameter. (Drizzle spreads a JS array into a list of parameters; these ids are
 * uuids this server made or verified, so a text literal is exact.)
 */
const uuids = (values: string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

/** Whom a stream was opened for. */
export interface StreamOwner {
  sessionId: string;
  userId: string;
  organisationId: string;
}

/**
 * Of the given sessions, those still live (not signed out, not expired) whose user still belongs
 * to the organisation the stream was opened in: one statement for every stream of this server.
 * Owner connection (callboard_app cannot read sessions).
 */
export async function selectLiveOwners(db: Db, owners: StreamOwner[]): Promise<Set<string>> {
  if (owners.length === 0) return new Set();
  const rows = await parseRows(
    db,
    z.object({ session_id: z.string(), organisation_id: z.string() }),
    sql`select o.session_id::text, o.organisation_id::text
        from unnest(${uuids(owners.map((owner) => owner.sessionId))},
                    ${uuids(owners.map((owner) => owner.userId))},
                    ${uuids(owners.map((owner) => owner.organisationId))})
             as o(session_id, user_id, organisation_id)
        where exists (
          select 1 from sessions s join profiles p on p.id = s.user_id
          where s.id = o.session_id and s.user_id = o.user_id and s.expires_at > now()
            and p.organisation_id = o.organisation_id)`,
  );
  return new Set(rows.map((row) => ownerKey(row.session_id, row.organisation_id)));
}

export const ownerKey = (sessionId: string, organisationId: string) =>
  `${sessionId}/${organisationId}`;

/** Marks the presence rows of these (live) streams as seen now. */
export async function touchPresence(db: Db, streamIds: string[]): Promise<void> {
  if (streamIds.length === 0) return;
  await db.execute(
    sql`update call_presence set seen_at = now() where stream_id = any(${uuids(streamIds)})`,
  );
}

/** Forgets the presence of streams that ended. */
export async function deletePresence(db: Db, streamIds: string[]): Promise<void> {
  if (streamIds.length === 0) return;
  await db.execute(sql`delete from call_presence where stream_id = any(${uuids(streamIds)})`);
}

/** Deletes the rows of streams that went away without a word (a server that stopped). */
export async function deleteStalePresence(db: Db): Promise<void> {
  await db.execute(sql`delete from call_presence where seen_at < ${stale}`);
}

/**
 * Records that a stream has a call open, for the owner of a live session who is still a member
 * of the organisation (checked in the statement itself, on the owner connection). A stream id
 * that is another user's is left alone: false.
 */
export async function upsertPresence(
  db: Db,
  presence: StreamOwner & { streamId: string; callId: string },
): Promise<boolean> {
  const rows = await queryRows<{ stream_id: string }>(
    db,
    sql`insert into call_presence (stream_id, organisation_id, user_id, call_id, seen_at)
        select ${presence.streamId}::uuid, ${presence.organisationId}::uuid,
               ${presence.userId}::uuid, ${presence.callId}, now()
        where exists (
          select 1 from sessions s join profiles p on p.id = s.user_id
          where s.id = ${presence.sessionId}::uuid and s.user_id = ${presence.userId}::uuid
            and s.expires_at > now() and p.organisation_id = ${presence.organisationId}::uuid)
        on conflict (stream_id) do update
          set call_id = excluded.call_id, organisation_id = excluded.organisation_id,
              seen_at = excluded.seen_at
          where call_presence.user_id = excluded.user_id
        returning stream_id`,
  );
  return rows.length === 1;
}

/** A stream's tab has no call open any more. */
export async function deleteOwnPresence(db: Db, streamId: string, userId: string): Promise<void> {
  await db.execute(
    sql`delete from call_presence where stream_id = ${streamId}::uuid and user_id = ${userId}::uuid`,
  );
}

/** Whether the organisation has the call: 'visible', 'invisible' (another's) or 'missing'. */
export async function callVisibility(
  tx: Tx,
  organisationId: string,
  callId: string,
): Promise<'visible' | 'invisible' | 'missing'> {
  const [row] = await queryRows<{ visible: boolean; exists: boolean }>(
    tx,
    sql`select exists (select 1 from call_log
                       where organisation_id = ${organisationId}::uuid and call_id = ${callId})
                 as visible,
               call_exists(${callId}) as exists`,
  );
  return row?.visible ? 'visible' : row?.exists ? 'invisible' : 'missing';
}

/** The members of the organisation with a fresh presence row on the call, by name. */
export async function selectCallViewers(tx: Tx, organisationId: string, callId: string) {
  return parseRows(
    tx,
    z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
    sql`select p.id::text, p.first_name, p.last_name, p.email
        from profiles p
        where p.organisation_id = ${organisationId}::uuid
          and exists (select 1 from call_presence cp
                      where cp.organisation_id = ${organisationId}::uuid
                        and cp.call_id = ${callId} and cp.user_id = p.id
                        and cp.seen_at >= ${stale})
        order by p.first_name, p.last_name, p.id`,
  );
}
