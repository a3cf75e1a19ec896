// The call log's rules: what a member may see and change, and the activity each change leaves.
import {
  CALL_LIST_LOAD_ALL_LIMIT,
  type Activity,
  type CallDetail,
  type CallListQuery,
  type CallListResponse,
  type CallStatus,
  type CallSummary,
} from '@callboard/contract';
import { isoTimestamp, type Db } from '../../db/client.ts';
import {
  requireOrganisation,
  withTenant,
  withTenantRead,
  type AccessClaims,
  type Tx,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { assertKnownTimeZone } from '../../http/input-guard.ts';
import {
  callExists,
  countCallsByStatus,
  findAgent,
  findCall,
  findLastChanger,
  findMember,
  insertActivity,
  isFiltered,
  lockCall,
  readCallCounts,
  selectActivity,
  selectCallPage,
  updateCall,
} from './calls.queries.ts';
import { prepareListScope, searchSnippets } from './call-search.ts';
import {
  notifyAssignee,
  notifyMentioned,
  resolveMentions,
  type NotifyDeps,
} from '../notifications/notifications.service.ts';

// The database hands back Dates where the JSON contract has ISO strings.
type CallRow = Omit<
  CallSummary,
  'end_datetime' | 'start_datetime' | 'created_at' | 'updated_at'
> & {
  end_datetime: Date;
  start_datetime: Date | null;
  created_at: Date;
  updated_at: Date;
};
type ActivityRow = Omit<Activity, 'created_at'> & { created_at: Date };

/** The most rows of one list page that get search snippets (docs/search.md, "Search"). */
const SNIPPET_MAX_ROWS = 200;

export function toSummary(row: CallRow): CallSummary {
  return {
    ...row,
    end_datetime: isoTimestamp(row.end_datetime),
    start_datetime: isoTimestamp(row.start_datetime),
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}

function toActivity(row: ActivityRow): Activity {
  return { ...row, created_at: isoTimestamp(row.created_at) };
}

export async function listCalls(
  db: Db,
  claims: AccessClaims,
  query: CallListQuery,
): Promise<CallListResponse> {
  await assertKnownTimeZone(db, query.tz);
  return withTenantRead(db, claims, async (tx, principal) => {
    const scope = await prepareListScope(
      tx,
      { organisationId: requireOrganisation(principal), userId: principal.userId },
      query,
    );
    const counts = isFiltered(scope, query)
      ? await countCallsByStatus(tx, scope, query)
      : await readCallCounts(tx, scope.organisationId, query.includeDeleted);
    const total = counts[query.status];
    if (query.loadAll && total > CALL_LIST_LOAD_ALL_LIMIT) {
      throw AppError.validation(
        `Invalid request: loadAll returns at most ${CALL_LIST_LOAD_ALL_LIMIT.toLocaleString('en')} calls and ${total.toLocaleString('en')} match; narrow the filters or use pages.`,
        { fields: { loadAll: 'too many matching calls' } },
      );
    }
    const window = query.loadAll
      ? { limit: CALL_LIST_LOAD_ALL_LIMIT, offset: 0 }
      : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    // A page past the end is not an error: no rows, and the real total.
    const rows =
      window.offset >= total ? [] : await selectCallPage(tx, scope, query, query.sort, window);
    const { search } = scope;
    if (!search) {
      return {
        rows: rows.map(toSummary),
        total,
        page: query.loadAll ? 1 : query.page,
        pageSize: query.loadAll ? rows.length : query.pageSize,
        counts,
      };
    }
    // Snippets for a page a person reads, not for thousands of rows at once.
    const snippets =
      rows.length <= SNIPPET_MAX_ROWS
        ? await searchSnippets(
            tx,
            scope.organisationId,
            search,
            rows.map((row) => row.call_id),
          )
        : null;
    return {
      rows: rows.map((row) => ({
        ...toSummary(row),
        ...(snippets ? { snippet: snippets.get(row.call_id) ?? null } : {}),
      })),
      total,
      page: query.loadAll ? 1 : query.page,
      pageSize: query.loadAll ? rows.length : query.pageSize,
      counts,
      search: search.terms,
    };
  });
}

/** The call, or the product's 404/403: another organisation's call is "not accessible", never shown. */
async function visibleCall(tx: Tx, organisationId: string, callId: string) {
  const call = await findCall(tx, organisationId, callId);
  if (call) return call;
  throw (await callExists(tx, callId)) ? AppError.callNotAccessible() : AppError.callNotFound();
}

async function callDetail(tx: Tx, organisationId: string, callId: string): Promise<CallDetail> {
  const { transcript, ...call } = await visibleCall(tx, organisationId, callId);
  // One connection runs one query at a time: in sequence, not Promise.all.
  const agent = await findAgent(tx, organisationId, call.agent_id);
  const assignee = call.assignee_id ? await findMember(tx, organisationId, call.assignee_id) : null;
  const activity = await selectActivity(tx, organisationId, callId);
  return {
    ...toSummary(call),
    transcript: transcript ?? null,
    agent: agent ?? { agent_id: call.agent_id, display_name: null },
    assignee,
    activity: activity.map(toActivity),
  };
}

export async function getCall(db: Db, claims: AccessClaims, callId: string): Promise<CallDetail> {
  return withTenantRead(db, claims, (tx, principal) =>
    callDetail(tx, requireOrganisation(principal), callId),
  );
}

/** Locks the call for the rest of the transaction, or answers the product's 404/403. */
async function lockVisibleCall(tx: Tx, organisationId: string, callId: string) {
  const locked = await lockCall(tx, organisationId, callId);
  if (locked) return locked;
  throw (await callExists(tx, callId)) ? AppError.callNotAccessible() : AppError.callNotFound();
}

/**
 * Refuses a write whose author saw an older version of the call than the one now locked
 * (docs/live-updates.md, "Conflicts"): 409 with the call as it is and who changed it last, so
 * that the browser can show both and let its user choose. The caller holds the call's row lock,
 * so the comparison and the write are one step. A write without a version, or one that would
 * change nothing (what it asks for is already so), is not refused: nothing is overwritten.
 */
export async function refuseStaleWrite(
  tx: Tx,
  organisationId: string,
  callId: string,
  write: { expectedVersion: number | undefined; currentVersion: number; changes: boolean },
): Promise<void> {
  const { expectedVersion, currentVersion, changes } = write;
  if (expectedVersion === undefined || expectedVersion === currentVersion || !changes) return;
  const conflict = await describeConflict(tx, organisationId, callId);
  throw new AppError('CONFLICT', `${conflict.name} changed this call a moment ago.`, {
    call: conflict.call,
    changedBy: conflict.changedBy,
  });
}

/** What a 409 CONFLICT carries about a call: it as it is now, who changed it, their first name. */
export async function describeConflict(tx: Tx, organisationId: string, callId: string) {
  const changedBy = await findLastChanger(tx, organisationId, callId);
  const name = changedBy?.first_name.trim() || changedBy?.last_name.trim() || 'Someone';
  return { call: await callDetail(tx, organisationId, callId), changedBy, name };
}

/**
 * Sets the assignee; with the version its author saw, refused if the call changed since
 * (refuseStaleWrite). The row lock makes concurrent assignments queue, so each sees the assignee
 * the previous one left: an ASSIGNED activity is written only when the assignee really changes,
 * and its previous/new pair always chains. A new assignee other than the caller is notified, in
 * the same transaction (docs/live-updates.md, "Notifications").
 */
export async function assignCall(
  db: Db,
  claims: AccessClaims,
  callId: string,
  assigneeId: string | null,
  deps: NotifyDeps,
  expectedVersion?: number,
): Promise<CallDetail> {
  const { detail, mailed } = await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireOrganisation(principal);
    let mailed = false;
    const current = await lockVisibleCall(tx, organisationId, callId);
    if (assigneeId && !(await findMember(tx, organisationId, assigneeId))) {
      throw new AppError('UNPROCESSABLE', 'The assignee must be a member of your organisation.');
    }
    await refuseStaleWrite(tx, organisationId, callId, {
      expectedVersion,
      currentVersion: current.version,
      changes: current.assignee_id !== assigneeId,
    });
    if (current.assignee_id !== assigneeId) {
      await updateCall(tx, organisationId, callId, { assignee_id: assigneeId });
      const activityId = await insertActivity(tx, {
        call_id: callId,
        organisation_id: organisationId,
        type: 'ASSIGNED',
        actor_id: principal.userId,
        previous_assignee_id: current.assignee_id,
        new_assignee_id: assigneeId,
      });
      mailed = await notifyAssignee(
        deps,
        { tx, organisationId, actorId: principal.userId, callId, activityId },
        assigneeId,
      );
    }
    return { detail: await callDetail(tx, organisationId, callId), mailed };
  });
  // Mail leaves once the transaction that wrote it has committed (docs/decisions/0010-mail-outbox.md).
  if (mailed) deps.mail.deliverSoon();
  return detail;
}

export async function setCallStatus(
  db: Db,
  claims: AccessClaims,
  callId: string,
  status: CallStatus,
  expectedVersion?: number,
): Promise<CallDetail> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireOrganisation(principal);
    const current = await lockVisibleCall(tx, organisationId, callId);
    await refuseStaleWrite(tx, organisationId, callId, {
      expectedVersion,
      currentVersion: current.version,
      changes: current.status !== status,
    });
    if (current.status !== status) {
      await updateCall(tx, organisationId, callId, { status });
      await insertActivity(tx, {
        call_id: callId,
        organisation_id: organisationId,
        type: 'STATUS_CHANGED',
        actor_id: principal.userId,
        previous_status: current.status,
        new_status: status,
      });
    }
    return callDetail(tx, organisationId, callId);
  });
}

/**
 * Adds a note. Notes only add to the activity, so they take no version and never conflict.
 * Colleagues it mentions (`@{id}` tokens, packages/contract/src/mentions.ts) are kept in
 * call_activity.mentions and notified, the author never; a mention of anyone outside the
 * organisation refuses the note (422).
 */
export async function addCallNote(
  db: Db,
  claims: AccessClaims,
  callId: string,
  body: string,
  deps: NotifyDeps,
): Promise<CallDetail> {
  const { detail, mailed } = await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireOrganisation(principal);
    await lockVisibleCall(tx, organisationId, callId);
    const mentions = await resolveMentions(tx, organisationId, body);
    const activityId = await insertActivity(tx, {
      call_id: callId,
      organisation_id: organisationId,
      type: 'NOTE',
      actor_id: principal.userId,
      body,
      mentions: mentions.length > 0 ? mentions : null,
    });
    const mailed = await notifyMentioned(
      deps,
      { tx, organisationId, actorId: principal.userId, callId, activityId },
      mentions,
    );
    return { detail: await callDetail(tx, organisationId, callId), mailed };
  });
  // Mail leaves once the transaction that wrote it has committed (docs/decisions/0010-mail-outbox.md).
  if (mailed) deps.mail.deliverSoon();
  return detail;
}
