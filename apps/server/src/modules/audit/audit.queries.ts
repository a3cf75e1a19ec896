// The audit log: written by the admin, invitation and platform services and by the identity
// endpoints; read by admins as one stream together with the call activity (assignments and status
// changes).
import type { AuditEntry, AuditQuery } from '@callboard/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

export type AuditAction = AuditEntry['action'];

export async function recordAudit(
  tx: Tx,
  entry: {
    organisation_id: string | null;
    actor_id: string;
    action: AuditAction;
    target?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

/**
 * One entry in the audit log of the user's organisation, written with the identity endpoint's own
 * connection (a user without an organisation has no audit log to write to).
 */
export async function recordIdentityEvent(
  db: Db,
  userId: string,
  action: Extract<AuditAction, `two_factor.${string}` | 'sso.signed_in'>,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.execute(
    sql`insert into audit_log (organisation_id, actor_id, action, target, details)
        select p.organisation_id, p.id, ${action}, ${userId}, ${JSON.stringify(details)}::jsonb
        from profiles p
        where p.id = ${userId} and p.organisation_id is not null`,
  );
}

interface AuditRow {
  id: string;
  created_at: Date | string;
  actor_id: string | null;
  action: AuditAction;
  target: string | null;
  details: Record<string, unknown>;
  total: number | string;
}

/** One organisation's audit stream, newest first, with the total for paging. */
export async function selectAudit(tx: Tx, organisationId: string, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.action) filters.push(sql`action = ${query.action}`);
  if (query.actorId) filters.push(sql`actor_id = ${query.actorId}`);
  if (query.from) filters.push(sql`created_at >= ${new Date(query.from)}`);
  if (query.to) filters.push(sql`created_at < ${new Date(query.to)}`);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const rows = await queryRows<AuditRow>(
    tx,
    sql`with stream as (
          select id::text, created_at, actor_id, action, target, details
          from audit_log where organisation_id = ${organisationId}
          union all
          select a.id::text, a.created_at, a.actor_id,
                 case a.type when 'ASSIGNED' then 'call.assigned' else 'call.status_changed' end,
                 a.call_id,
                 case a.type
                   when 'ASSIGNED' then jsonb_build_object('previous_assignee_id', a.previous_assignee_id,
                                                           'new_assignee_id', a.new_assignee_id)
                   else jsonb_build_object('previous_status', a.previous_status, 'new_status', a.new_status)
                 end
          from call_activity a
          where a.organisation_id = ${organisationId} and a.type in ('ASSIGNED', 'STATUS_CHANGED')
        )
        select *, count(*) over () as total from stream ${where}
        order by created_at desc, id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const entries = rows.map(({ total: _total, ...row }) => ({
    ...row,
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
  }));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await queryRows<{ total: number | string }>(
      tx,
      sql`select count(*) as total from (
            select created_at, actor_id, action from audit_log where organisation_id = ${organisationId}
            union all
            select created_at, actor_id,
                   case type when 'ASSIGNED' then 'call.assigned' else 'call.status_changed' end
            from call_activity where organisation_id = ${organisationId} and type in ('ASSIGNED', 'STATUS_CHANGED')
          ) as stream ${where}`,
    );
    total = Number(counted?.total ?? 0);
  }
  return { entries, total };
}
