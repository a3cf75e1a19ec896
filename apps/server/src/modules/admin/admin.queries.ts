import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { agentMapping, callCounts, callLog, organisations, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';
import { summaryColumns } from '../calls/calls.queries.ts';
import { memberColumns, memberOrder } from '../organisation/organisation.queries.ts';

export async function selectAdminMembers(tx: Tx, organisationId: string) {
  return tx
    .select({
      ...memberColumns,
      role: profiles.role,
      joined_at: profiles.created_at,
      two_factor: sql<boolean>`${profiles.id} in (select organisation_two_factor_members())`,
    })
    .from(profiles)
    .where(eq(profiles.organisation_id, organisationId))
    .orderBy(...memberOrder);
}

/** The organisation's admins, locked so that two demotions or removals cannot both pass the rule. */
export async function lockAdmins(tx: Tx, organisationId: string) {
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organisation_id, organisationId), eq(profiles.role, 'admin')))
    .for('update');
  return rows.map((row) => row.id);
}

export async function findMemberRole(tx: Tx, organisationId: string, userId: string) {
  const [row] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.organisation_id, organisationId), eq(profiles.id, userId)));
  return row?.role ?? null;
}

/**
 * set_member_role (migration 0010): callboard_app cannot write profiles.role itself. The function
 * checks that the caller administers the member's organisation and that an admin remains;
 * false when it refuses.
 */
export async function updateMemberRole(tx: Tx, userId: string, role: 'admin' | 'member') {
  const [row] = await queryRows<{ changed: boolean }>(
    tx,
    sql`select set_member_role(${userId}::uuid, ${role}) as changed`,
  );
  return row?.changed ?? false;
}

export async function detachMember(tx: Tx, userId: string) {
  const [row] = await queryRows<{ detached: boolean }>(
    tx,
    sql`select detach_member(${userId}::uuid) as detached`,
  );
  return row?.detached ?? false;
}

/** The member's calls that are not Closed, locked for unassignment. */
export async function lockOpenCallsOf(tx: Tx, organisationId: string, userId: string) {
  return tx
    .select({ call_id: callLog.call_id })
    .from(callLog)
    .where(
      and(
        eq(callLog.organisation_id, organisationId),
        eq(callLog.assignee_id, userId),
        ne(callLog.status, 'Closed'),
      ),
    )
    .for('update');
}

export async function selectAdminAgents(tx: Tx, organisationId: string) {
  const rows = await queryRows<{
    agent_id: string;
    display_name: string | null;
    calls: number | string;
  }>(
    tx,
    sql`select m.agent_id, m.display_name,
               (select count(*) from call_log c
                where c.organisation_id = ${organisationId} and c.agent_id = m.agent_id
                  and c.deleted_flag is not true) as calls
        from agent_mapping m where m.organisation_id = ${organisationId}
        order by m.agent_id`,
  );
  return rows.map((row) => ({ ...row, calls: Number(row.calls) }));
}

export async function renameAgent(
  tx: Tx,
  organisationId: string,
  agentId: string,
  displayName: string | null,
) {
  const [row] = await tx
    .update(agentMapping)
    .set({ display_name: displayName })
    .where(
      and(eq(agentMapping.organisation_id, organisationId), eq(agentMapping.agent_id, agentId)),
    )
    .returning({ agent_id: agentMapping.agent_id, display_name: agentMapping.display_name });
  return row ?? null;
}

export async function setCallDeleted(
  tx: Tx,
  organisationId: string,
  callId: string,
  deleted: boolean,
) {
  const [row] = await tx
    .update(callLog)
    .set({ deleted_flag: deleted, updated_at: new Date() })
    .where(and(eq(callLog.organisation_id, organisationId), eq(callLog.call_id, callId)))
    .returning({
      call_id: callLog.call_id,
      deleted_flag: callLog.deleted_flag,
      version: callLog.version,
    });
  return row ?? null;
}

/**
 * A page of the organisation's deleted calls, newest first. `deleted_flag` is written as a bare
 * column, not compared with a bound parameter, so that the planner can always match the partial
 * index call_log_deleted_idx (migration 0009).
 */
export async function selectDeletedCallPage(
  tx: Tx,
  organisationId: string,
  window: { limit: number; offset: number },
) {
  return tx
    .select(summaryColumns)
    .from(callLog)
    .where(and(eq(callLog.organisation_id, organisationId), sql`${callLog.deleted_flag}`))
    .orderBy(desc(callLog.end_datetime), desc(callLog.call_id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many of the organisation's calls are deleted, from the trigger-kept counters. */
export async function countDeletedCalls(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ calls: sql<number>`coalesce(sum(${callCounts.calls}), 0)`.mapWith(Number) })
    .from(callCounts)
    .where(and(eq(callCounts.organisation_id, organisationId), eq(callCounts.deleted, true)));
  return row?.calls ?? 0;
}

const settingsColumns = {
  name: organisations.name,
  phone_country: organisations.phone_country,
  require_two_factor: organisations.require_two_factor,
};

/** The organisation's settings; locked until the transaction ends when `lock` (a change follows). */
export async function selectOrganisationSettings(
  tx: Tx,
  organisationId: string,
  { lock = false } = {},
) {
  const query = tx
    .select(settingsColumns)
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOrganisationSettings(
  tx: Tx,
  organisationId: string,
  change: { phone_country?: string; require_two_factor?: boolean },
) {
  const [row] = await tx
    .update(organisations)
    .set(change)
    .where(eq(organisations.id, organisationId))
    .returning(settingsColumns);
  return row ?? null;
}
