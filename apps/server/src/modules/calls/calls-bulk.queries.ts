// SQL for bulk triage (calls-bulk.service.ts). Rows are locked in call_id order, whichever way
// they were selected, so two bulk actions over overlapping calls queue rather than deadlock, and a
// single-call write (which locks one row) never waits on a bulk action that waits on it.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CallStatus } from '@callboard/contract';
import { callActivity, callLog } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';
import {
  listConditions,
  statusCondition,
  type CallFilters,
  type ListScope,
} from './calls.queries.ts';

/** A locked call's triage fields and version. */
const lockedColumns = {
  call_id: callLog.call_id,
  assignee_id: callLog.assignee_id,
  status: callLog.status,
  deleted_flag: callLog.deleted_flag,
  version: callLog.version,
};
export type LockedCall = Awaited<ReturnType<typeof lockCallsById>>[number];

/** PostgreSQL allows 65,535 parameters a statement; lists are sent in parts well below that. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    parts.push(items.slice(start, start + CHUNK));
  }
  return parts;
}

/** The organisation's calls among `callIds`, locked in call_id order; others are left out. */
export async function lockCallsById(tx: Tx, organisationId: string, callIds: readonly string[]) {
  const sorted = [...callIds].sort();
  const rows = [];
  // In call_id order across the parts too: each part's ids all sort after the previous part's.
  for (const part of chunks(sorted)) {
    rows.push(
      ...(await tx
        .select(lockedColumns)
        .from(callLog)
        .where(and(eq(callLog.organisation_id, organisationId), inArray(callLog.call_id, part)))
        .orderBy(asc(callLog.call_id))
        .for('update')),
    );
  }
  return rows;
}

/**
 * The calls a list view shows (its tab and filters, as GET /calls reads them), locked in call_id
 * order, at most `limit` of them. A row changed by a writer it waited for is checked against the
 * filters again (PostgreSQL re-reads a locked row), so the rows returned still match.
 */
export async function lockMatchingCalls(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  limit: number,
) {
  return tx
    .select(lockedColumns)
    .from(callLog)
    .where(and(...listConditions(scope, filters), statusCondition(filters.status)))
    .orderBy(asc(callLog.call_id))
    .limit(limit)
    .for('update');
}

/** Sets one triage field on the organisation's `callIds`; returns each call's new version. */
export async function updateCalls(
  tx: Tx,
  organisationId: string,
  callIds: readonly string[],
  change: { assignee_id: string | null } | { status: CallStatus } | { deleted_flag: boolean },
) {
  const rows = [];
  for (const part of chunks(callIds)) {
    rows.push(
      ...(await tx
        .update(callLog)
        .set({ ...change, updated_at: new Date() })
        .where(and(eq(callLog.organisation_id, organisationId), inArray(callLog.call_id, part)))
        .returning({ call_id: callLog.call_id, version: callLog.version })),
    );
  }
  return rows;
}

/** Writes one activity per entry, each stamped at its own moment; returns their ids by call. */
export async function insertActivities(
  tx: Tx,
  activities: readonly (typeof callActivity.$inferInsert)[],
) {
  const rows = [];
  for (const part of chunks(activities)) {
    rows.push(
      ...(await tx
        .insert(callActivity)
        .values(part.map((activity) => ({ ...activity, created_at: sql`clock_timestamp()` })))
        .returning({ id: callActivity.id, call_id: callActivity.call_id })),
    );
  }
  return rows;
}
