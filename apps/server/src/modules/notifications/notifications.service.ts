// Notifications: a colleague is told when a call is assigned to them or they are mentioned in a
// note (docs/live-updates.md, "Notifications"). They are written by the call's service in the
// transaction of the activity that causes them, so a rolled-back assignment tells nobody; the
// recipient reads and marks them here. Who asked for mail (profiles.notify_by_email) also gets
// one through the outbox, in the same transaction (docs/decisions/0010-mail-outbox.md).
import {
  mentionedIds,
  type NotificationKind,
  type NotificationListResponse,
  type UnreadCount,
} from '@callboard/contract';
import { isoTimestamp, type Db } from '../../db/client.ts';
import {
  requireOrganisation,
  withTenant,
  type AccessClaims,
  type Principal,
  type Tx,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import type { MailQueue } from '../../lib/mail-queue.ts';
import { notificationMail } from './notification-mail.ts';
import {
  countUnread,
  findCallerName,
  findMembers,
  insertNotification,
  markAllRead,
  markRead,
  selectNotifications,
  type Scope,
} from './notifications.queries.ts';

export interface NotifyDeps {
  mail: MailQueue;
  appUrl: string;
}

/** What a write that notifies needs: its transaction, organisation, actor, call and activity. */
export interface NotifyContext {
  tx: Tx;
  organisationId: string;
  actorId: string;
  callId: string;
  activityId: string;
}

/**
 * The ids a note body mentions, all members of the organisation. A token for anyone else (another
 * organisation's user, someone who left, an id that is nobody) refuses the whole note with 422:
 * the author sees at once that the mention would reach no one, and nothing about who exists
 * outside the organisation is told either way.
 */
export async function resolveMentions(
  tx: Tx,
  organisationId: string,
  body: string,
): Promise<string[]> {
  const ids = mentionedIds(body);
  if (ids.length === 0) return [];
  const members = new Set((await findMembers(tx, organisationId, ids)).map((member) => member.id));
  if (ids.some((id) => !members.has(id))) {
    throw new AppError(
      'UNPROCESSABLE',
      'You can only mention colleagues in your organisation. Remove the mention of someone who is not a member and try again.',
      { fields: { body: 'mentions someone who is not a member of your organisation' } },
    );
  }
  return ids;
}

/**
 * Writes one notification of `kind` to each recipient but the actor, and queues a mail to each who
 * asked for one. Returns whether a mail was queued (the caller asks for delivery after commit).
 */
async function notify(
  deps: NotifyDeps,
  context: NotifyContext,
  kind: NotificationKind,
  recipientIds: readonly string[],
): Promise<boolean> {
  const { tx, organisationId, actorId, callId, activityId } = context;
  const others = [...new Set(recipientIds)].filter((id) => id !== actorId);
  if (others.length === 0) return false;
  const people = await findMembers(tx, organisationId, [...others, actorId]);
  const actor = people.find((person) => person.id === actorId);
  const actorName = actor ? `${actor.first_name} ${actor.last_name}`.trim() : '';
  let mailed = false;
  let callerName: string | null | undefined;
  for (const recipient of people) {
    if (recipient.id === actorId) continue;
    await insertNotification(tx, {
      organisationId,
      userId: recipient.id,
      kind,
      callId,
      actorId,
      activityId,
    });
    if (!recipient.notify_by_email) continue;
    callerName ??= await findCallerName(tx, organisationId, callId);
    await deps.mail.enqueue(
      tx,
      notificationMail({
        to: recipient.email,
        kind,
        actorName: actorName || 'A colleague',
        callerName,
        appUrl: deps.appUrl,
        callId,
      }),
    );
    mailed = true;
  }
  return mailed;
}

/** A call assigned to someone else tells them; assigning oneself (or unassigning) tells nobody. */
export function notifyAssignee(
  deps: NotifyDeps,
  context: NotifyContext,
  assigneeId: string | null,
): Promise<boolean> {
  return notify(deps, context, 'assigned', assigneeId ? [assigneeId] : []);
}

/** Each colleague a note mentions is told once; the author never. */
export function notifyMentioned(
  deps: NotifyDeps,
  context: NotifyContext,
  mentioned: readonly string[],
): Promise<boolean> {
  return notify(deps, context, 'mentioned', mentioned);
}

function scopeOf(principal: Principal): Scope {
  return { organisationId: requireOrganisation(principal), userId: principal.userId };
}

export async function listNotifications(
  db: Db,
  claims: AccessClaims,
  limit: number,
): Promise<NotificationListResponse> {
  return withTenant(db, claims, async (tx, principal) => {
    const scope = scopeOf(principal);
    const rows = await selectNotifications(tx, scope, limit);
    const unread = await countUnread(tx, scope);
    return {
      notifications: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        call_id: row.call_id,
        actor:
          row.actor_id === null
            ? null
            : {
                id: row.actor_id,
                first_name: row.actor_first_name ?? '',
                last_name: row.actor_last_name ?? '',
              },
        created_at: isoTimestamp(row.created_at),
        read_at: row.read_at === null ? null : isoTimestamp(row.read_at),
        call_caller_name: row.call_caller_name,
      })),
      unread,
    };
  });
}

export async function markNotificationRead(
  db: Db,
  claims: AccessClaims,
  notificationId: string,
): Promise<UnreadCount> {
  return withTenant(db, claims, async (tx, principal) => {
    const scope = scopeOf(principal);
    // Someone else's notification is as unknown as one that does not exist.
    if (!(await markRead(tx, scope, notificationId))) {
      throw AppError.notFound('Notification not found');
    }
    return { unread: await countUnread(tx, scope) };
  });
}

export async function markAllNotificationsRead(db: Db, claims: AccessClaims): Promise<UnreadCount> {
  return withTenant(db, claims, async (tx, principal) => {
    const scope = scopeOf(principal);
    await markAllRead(tx, scope);
    return { unread: await countUnread(tx, scope) };
  });
}
