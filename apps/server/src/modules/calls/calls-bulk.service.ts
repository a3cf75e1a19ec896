// Bulk triage (docs/decisions/0019-bulk-actions.md): one request assigns, sets the status of,
// deletes or restores many calls, or undoes such an action. The rules are the single-call
// routes' (calls.service.ts, admin.service.ts), applied to every call in one transaction: all or
// nothing, one activity per call that changes, none for a call already as asked.
import {
  BULK_ACTION_MAX_CALLS,
  type BulkMatching,
  type BulkCallActionRequest,
  type BulkCallActionResponse,
  type BulkPrevious,
} from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import {
  requireAdmin,
  requireOrganisation,
  withTenant,
  type AccessClaims,
  type Principal,
  type Tx,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { assertKnownTimeZone } from '../../http/input-guard.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import { notifyAssignee, type NotifyDeps } from '../notifications/notifications.service.ts';
import {
  insertActivities,
  lockCallsById,
  lockMatchingCalls,
  updateCalls,
  type LockedCall,
} from './calls-bulk.queries.ts';
import {
  callExists,
  countCallsByStatus,
  findMember,
  isFiltered,
  readCallCounts,
} from './calls.queries.ts';
import { prepareListScope } from './call-search.ts';
import { describeConflict } from './calls.service.ts';

const MAX = BULK_ACTION_MAX_CALLS.toLocaleString('en');

/** One call the action asks to change: its locked row, the value wanted, the version seen. */
interface Target {
  call: LockedCall;
  value: BulkPrevious;
  /** Absent for a call selected as "every call matching": the count stands for the versions. */
  version?: number;
  /** Where the call is in the request (`calls.3`), for the answer's `fields`. */
  field?: string;
}

/** The call's current value of the field `value` sets. */
function currentValue(call: LockedCall, value: BulkPrevious): BulkPrevious {
  if ('assigneeId' in value) return { assigneeId: call.assignee_id };
  if ('status' in value) return { status: call.status };
  return { deleted: call.deleted_flag === true };
}

function isAlready(call: LockedCall, value: BulkPrevious): boolean {
  const current = currentValue(call, value);
  if ('assigneeId' in value && 'assigneeId' in current) {
    return current.assigneeId === value.assigneeId;
  }
  if ('status' in value && 'status' in current) return current.status === value.status;
  if ('deleted' in value && 'deleted' in current) return current.deleted === value.deleted;
  return false;
}

/** The value an action sets every selected call to; undo carries one per call instead. */
function actionValue(body: Exclude<BulkCallActionRequest, { action: 'undo' }>): BulkPrevious {
  switch (body.action) {
    case 'assign':
      return { assigneeId: body.assigneeId };
    case 'setStatus':
      return { status: body.status };
    case 'delete':
      return { deleted: true };
    case 'restore':
      return { deleted: false };
  }
}

/** Deleting and restoring are an admin's, as for one call (docs/product.md, "Call states"). */
function organisationFor(principal: Principal, values: readonly BulkPrevious[]): string {
  return values.some((value) => 'deleted' in value)
    ? requireAdmin(principal)
    : requireOrganisation(principal);
}

/**
 * Locks the calls the request names, in call_id order. A call that is not the organisation's is
 * answered as the single-call routes answer it: 404 Call not found, or 403 Call not accessible
 * to this user when it is another organisation's (the admin's delete and restore say 404 for
 * both, as theirs does). Nothing is written before this.
 */
async function lockNamedCalls(
  tx: Tx,
  organisationId: string,
  items: readonly { id: string; version: number; value: BulkPrevious }[],
  adminRoute: boolean,
): Promise<Target[]> {
  const locked = new Map(
    (
      await lockCallsById(
        tx,
        organisationId,
        items.map((item) => item.id),
      )
    ).map((call) => [call.call_id, call]),
  );
  const targets: Target[] = [];
  for (const [index, item] of items.entries()) {
    const call = locked.get(item.id);
    const field = `calls.${index}`;
    if (!call) {
      const error =
        !adminRoute && (await callExists(tx, item.id))
          ? AppError.callNotAccessible()
          : AppError.callNotFound();
      throw new AppError(error.code, error.message, { fields: { [`${field}.id`]: error.message } });
    }
    targets.push({ call, value: item.value, version: item.version, field });
  }
  return targets;
}

/**
 * Locks every call of the list view, after checking that as many match as the user was shown:
 * the count is what they agreed to change, so a different one refuses the action (409).
 */
async function lockViewCalls(
  tx: Tx,
  principal: Principal,
  organisationId: string,
  matching: BulkMatching,
  value: BulkPrevious,
): Promise<Target[]> {
  const { query, total } = matching;
  if (total > BULK_ACTION_MAX_CALLS) throw tooMany(total);
  const scope = await prepareListScope(tx, { organisationId, userId: principal.userId }, query);
  const calls = await lockMatchingCalls(tx, scope, query, total + 1);
  if (calls.length !== total) {
    const counts = isFiltered(scope, query)
      ? await countCallsByStatus(tx, scope, query)
      : await readCallCounts(tx, organisationId, query.includeDeleted);
    const now = counts[query.status];
    throw new AppError(
      'CONFLICT',
      `The list changed: ${now.toLocaleString('en')} ${now === 1 ? 'call matches' : 'calls match'} now, not the ${total.toLocaleString('en')} you were shown. Nothing was changed; check the list and try again.`,
      { fields: { 'matching.total': `${now} match now` } },
    );
  }
  return calls.map((call) => ({ call, value }));
}

function tooMany(count: number): AppError {
  return AppError.validation(
    `A bulk action changes at most ${MAX} calls and ${count.toLocaleString('en')} are selected; narrow the filters or select fewer.`,
    { fields: { 'matching.total': `must be at most ${BULK_ACTION_MAX_CALLS}` } },
  );
}

/**
 * Refuses the whole action when any call named with a version changed since that version and
 * is not already as asked (docs/live-updates.md, "Conflicts": nothing to overwrite, no conflict).
 * The 409 carries the first such call and who changed it, as the single-call routes' does, and
 * names every one in `fields`.
 */
async function refuseStaleCalls(tx: Tx, organisationId: string, targets: readonly Target[]) {
  const stale = targets.filter(
    (target) =>
      target.version !== undefined &&
      target.version !== target.call.version &&
      !isAlready(target.call, target.value),
  );
  const [first] = stale;
  if (!first) return;
  const conflict = await describeConflict(tx, organisationId, first.call.call_id);
  const message =
    stale.length === 1
      ? `${conflict.name} changed one of these calls a moment ago. Nothing was changed; check it and try again.`
      : `${stale.length} of these calls changed since you saw them. Nothing was changed; check them and try again.`;
  throw new AppError('CONFLICT', message, {
    call: conflict.call,
    changedBy: conflict.changedBy,
    fields: Object.fromEntries(
      stale.map((target) => [
        `${target.field ?? 'calls'}.version`,
        `changed since: version ${target.call.version} now`,
      ]),
    ),
  });
}

/** The key that groups calls set to the same value, so each group is one UPDATE. */
const valueKey = (value: BulkPrevious) => JSON.stringify(value);

/**
 * Writes the changes: one UPDATE per distinct value, then one activity per changed call
 * (ASSIGNED or STATUS_CHANGED, as the single-call routes write them), the audit entry an admin's
 * delete or restore leaves, and the assignment notifications.
 */
async function applyChanges(
  tx: Tx,
  principal: Principal,
  organisationId: string,
  targets: readonly Target[],
  deps: NotifyDeps,
): Promise<{ changed: BulkCallActionResponse['changed']; mailed: boolean }> {
  const groups = new Map<string, Target[]>();
  for (const target of targets) {
    const key = valueKey(target.value);
    groups.set(key, [...(groups.get(key) ?? []), target]);
  }
  const versions = new Map<string, number>();
  for (const group of groups.values()) {
    const value = group[0]?.value;
    if (!value) continue;
    const ids = group.map((target) => target.call.call_id);
    const change =
      'assigneeId' in value
        ? { assignee_id: value.assigneeId }
        : 'status' in value
          ? { status: value.status }
          : { deleted_flag: value.deleted };
    for (const row of await updateCalls(tx, organisationId, ids, change)) {
      versions.set(row.call_id, row.version);
    }
  }

  const actorId = principal.userId;
  type NewActivity = Parameters<typeof insertActivities>[1][number];
  const activities = targets.flatMap(({ call, value }): NewActivity[] =>
    'assigneeId' in value
      ? [
          {
            call_id: call.call_id,
            organisation_id: organisationId,
            type: 'ASSIGNED' as const,
            actor_id: actorId,
            previous_assignee_id: call.assignee_id,
            new_assignee_id: value.assigneeId,
          },
        ]
      : 'status' in value
        ? [
            {
              call_id: call.call_id,
              organisation_id: organisationId,
              type: 'STATUS_CHANGED' as const,
              actor_id: actorId,
              previous_status: call.status,
              new_status: value.status,
            },
          ]
        : [],
  );
  const activityIds = new Map(
    (await insertActivities(tx, activities)).map((row) => [row.call_id, row.id]),
  );

  let mailed = false;
  for (const { call, value } of targets) {
    if ('deleted' in value) {
      await recordAudit(tx, {
        organisation_id: organisationId,
        actor_id: actorId,
        action: value.deleted ? 'call.deleted' : 'call.restored',
        target: call.call_id,
      });
    }
    const activityId = activityIds.get(call.call_id);
    if ('assigneeId' in value && activityId) {
      const sent = await notifyAssignee(
        deps,
        { tx, organisationId, actorId, callId: call.call_id, activityId },
        value.assigneeId,
      );
      mailed ||= sent;
    }
  }

  return {
    changed: targets.map(({ call, value }) => ({
      id: call.call_id,
      version: versions.get(call.call_id) ?? call.version,
      previous: currentValue(call, value),
    })),
    mailed,
  };
}

export async function bulkCallAction(
  db: Db,
  claims: AccessClaims,
  body: BulkCallActionRequest,
  deps: NotifyDeps,
): Promise<BulkCallActionResponse> {
  // Before the transaction: the zone list is read on its own connection (PGlite has one).
  if (body.action !== 'undo' && body.matching) {
    await assertKnownTimeZone(db, body.matching.query.tz, 'matching.query.tz');
  }
  const { response, mailed } = await withTenant(db, claims, async (tx, principal) => {
    let targets: Target[];
    if (body.action === 'undo') {
      const organisationId = organisationFor(
        principal,
        body.calls.map((item) => item.value),
      );
      const adminRoute = body.calls.some((item) => 'deleted' in item.value);
      targets = await lockNamedCalls(tx, organisationId, body.calls, adminRoute);
      // Undo never overwrites: a call changed since the action is left alone and reported.
      const skipped = targets.filter(
        (target) => target.version !== target.call.version && !isAlready(target.call, target.value),
      );
      const rest = targets.filter((target) => !skipped.includes(target));
      const toChange = rest.filter((target) => !isAlready(target.call, target.value));
      await refuseOutsideAssignees(tx, organisationId, toChange);
      const { changed, mailed } = await applyChanges(tx, principal, organisationId, toChange, deps);
      return {
        response: {
          action: body.action,
          changed,
          unchanged: rest.length - toChange.length,
          skipped: skipped.map(({ call }) => ({ id: call.call_id, version: call.version })),
        },
        mailed,
      };
    }

    const value = actionValue(body);
    const organisationId = organisationFor(principal, [value]);
    if (body.calls) {
      targets = await lockNamedCalls(
        tx,
        organisationId,
        body.calls.map((item) => ({ ...item, value })),
        'deleted' in value,
      );
    } else if (body.matching) {
      targets = await lockViewCalls(tx, principal, organisationId, body.matching, value);
    } else {
      throw AppError.validation('Invalid request: give either calls or matching.');
    }
    await refuseOutsideAssignees(tx, organisationId, targets);
    await refuseStaleCalls(tx, organisationId, targets);
    const toChange = targets.filter((target) => !isAlready(target.call, target.value));
    const { changed, mailed } = await applyChanges(tx, principal, organisationId, toChange, deps);
    return {
      response: {
        action: body.action,
        changed,
        unchanged: targets.length - toChange.length,
        skipped: [],
      },
      mailed,
    };
  });
  // Mail leaves once the transaction that wrote it has committed (docs/decisions/0010-mail-outbox.md).
  if (mailed) deps.mail.deliverSoon();
  return response;
}

/** An assignee must be a member of the organisation: 422, as for one call. */
async function refuseOutsideAssignees(tx: Tx, organisationId: string, targets: readonly Target[]) {
  const assignees = new Set(
    targets.flatMap(({ value }) =>
      'assigneeId' in value && value.assigneeId ? [value.assigneeId] : [],
    ),
  );
  for (const assigneeId of assignees) {
    if (!(await findMember(tx, organisationId, assigneeId))) {
      throw new AppError('UNPROCESSABLE', 'The assignee must be a member of your organisation.', {
        fields: { assigneeId: 'is not a member of your organisation' },
      });
    }
  }
}
