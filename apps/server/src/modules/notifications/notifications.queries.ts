// SQL for notifications (the header's bell). Every query names the recipient and the organisation;
// RLS lets a user read and mark only their own, in their current organisation. Plans
// (docs/live-updates.md, "Notifications"): the list walks notifications_user_created_idx
// backwards, the unread count reads notifications_user_unread_idx.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@callboard/contract';
import { queryRows, sqlNumber } from '../../db/client.ts';
import { callLog, notifications, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export interface Recipient {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  notify_by_email: boolean;
}

export interface Scope {
  organisationId: string;
  userId: string;
}

/** The people among `userIds` who are members of the organisation, with their mail setting. */
export async function findMembers(
  tx: Tx,
  organisationId: string,
  userIds: readonly string[],
): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  return tx
    .select({
      id: profiles.id,
      email: profiles.email,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      notify_by_email: profiles.notify_by_email,
    })
    .from(profiles)
    .where(and(eq(profiles.organisation_id, organisationId), inArray(profiles.id, [...userIds])));
}

/** The call's caller name, for a mail's wording (null when the call has none). */
export async function findCallerName(tx: Tx, organisationId: string, callId: string) {
  const [row] = await tx
    .select({ caller_name: callLog.caller_name })
    .from(callLog)
    .where(and(eq(callLog.organisation_id, organisationId), eq(callLog.call_id, callId)));
  return row?.caller_name ?? null;
}

export async function insertNotification(
  tx: Tx,
  notification: {
    organisationId: string;
    userId: string;
    kind: NotificationKind;
    callId: string;
    actorId: string;
    activityId: string;
  },
): Promise<void> {
  // Only the columns callboard_app may write (a Drizzle insert would name every column), and no
  // RETURNING: the row is the recipient's, which the actor may not read.
  await tx.execute(sql`
    insert into notifications (organisation_id, user_id, kind, call_id, actor_id, activity_id)
    values (${notification.organisationId}, ${notification.userId}, ${notification.kind},
            ${notification.callId}, ${notification.actorId}, ${notification.activityId})`);
}

const own = (scope: Scope) =>
  and(
    eq(notifications.user_id, scope.userId),
    eq(notifications.organisation_id, scope.organisationId),
  );

const actor = sql.raw('actor');

/** The newest `limit` of the user's notifications, with the actor's name and the caller's. */
export async function selectNotifications(tx: Tx, scope: Scope, limit: number) {
  return queryRows<{
    id: string;
    kind: NotificationKind;
    call_id: string;
    created_at: Date | string;
    read_at: Date | string | null;
    actor_id: string | null;
    actor_first_name: string | null;
    actor_last_name: string | null;
    call_caller_name: string | null;
  }>(
    tx,
    sql`
      select n.id, n.kind, n.call_id, n.created_at, n.read_at,
             ${actor}.id as actor_id, ${actor}.first_name as actor_first_name,
             ${actor}.last_name as actor_last_name, c.caller_name as call_caller_name
      from notifications n
      left join profiles ${actor} on ${actor}.id = n.actor_id
      left join call_log c on c.call_id = n.call_id and c.organisation_id = n.organisation_id
      where n.user_id = ${scope.userId} and n.organisation_id = ${scope.organisationId}
      order by n.created_at desc, n.id desc
      limit ${limit}`,
  );
}

export async function countUnread(tx: Tx, scope: Scope): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number | string>`count(*)` })
    .from(notifications)
    .where(and(own(scope), isNull(notifications.read_at)));
  return sqlNumber.parse(row?.n ?? 0);
}

/** Marks one read (a second time keeps the first moment); false when it is not the user's. */
export async function markRead(tx: Tx, scope: Scope, notificationId: string): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(eq(notifications.id, notificationId), own(scope)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(tx: Tx, scope: Scope): Promise<void> {
  await tx
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(own(scope), isNull(notifications.read_at)));
}
