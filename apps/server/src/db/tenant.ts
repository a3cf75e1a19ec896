// The one way application code reaches tenant data. Every service function runs its queries
// inside withTenant: one transaction, as the role callboard_app (which RLS binds), with
// app.user_id and app.organisation_id set from the verified access token's session.
import { sql } from 'drizzle-orm';
import { AppError } from '../http/errors.ts';
import { queryRows, type Db } from './client.ts';

/** A transaction handle, for the service and query functions that run inside withTenant. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is calling, as the verified access token says. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Who is calling, as the database says at the start of the transaction. */
export interface Principal {
  userId: string;
  organisationId: string | null;
  role: 'admin' | 'member';
  isSuperAdmin: boolean;
}

interface EnterRow {
  organisation_id: string | null;
  role: 'admin' | 'member';
  is_super_admin: boolean;
}

export async function withTenant<T>(
  db: Db,
  claims: AccessClaims,
  work: (tx: Tx, principal: Principal) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // app_enter checks the session is live and sets app.user_id / app.organisation_id; the
    // set_config('role', …, true) is SET LOCAL ROLE, evaluated after it, in the same round trip.
    const [row] = await queryRows<EnterRow>(
      tx,
      sql`
      select entered.organisation_id, entered.role, entered.is_super_admin,
             set_config('role', 'callboard_app', true) as role_set
      from app_enter(${claims.userId}::uuid, ${claims.sessionId}::uuid) as entered`,
    );
    if (!row) throw AppError.unauthenticated();
    return work(tx, {
      userId: claims.userId,
      organisationId: row.organisation_id,
      role: row.role,
      isSuperAdmin: row.is_super_admin,
    });
  });
}

/**
 * For platform operators only: like withTenant, but the transaction runs as callboard_platform,
 * which RLS does not bind, because the platform console works across organisations. Anyone
 * whose profile is not a super-admin gets 403 before any query runs.
 */
export async function withPlatform<T>(
  db: Db,
  claims: AccessClaims,
  work: (tx: Tx, principal: Principal) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<EnterRow>(
      tx,
      sql`select entered.organisation_id, entered.role, entered.is_super_admin
          from app_enter(${claims.userId}::uuid, ${claims.sessionId}::uuid) as entered`,
    );
    if (!row) throw AppError.unauthenticated();
    if (!row.is_super_admin) {
      throw new AppError('FORBIDDEN', 'Only platform operators can do this.');
    }
    await tx.execute(sql`select set_config('role', 'callboard_platform', true)`);
    return work(tx, {
      userId: claims.userId,
      organisationId: row.organisation_id,
      role: row.role,
      isSuperAdmin: true,
    });
  });
}

/** The principal's organisation, if they administer it; 403 otherwise. */
export function requireAdmin(principal: Principal): string {
  const organisationId = requireOrganisation(principal);
  if (principal.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'You need to be an organisation admin to do this.');
  }
  return organisationId;
}

/** The principal's organisation, or the spec's 403 when they have none. */
export function requireOrganisation(principal: Principal): string {
  if (!principal.organisationId) throw AppError.noOrganisation();
  return principal.organisationId;
}
