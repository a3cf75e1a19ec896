// The one way application code reaches tenant data. Every service function runs its queries
// inside withTenant: one transaction on the tenant connection, as the role callboard_app (which
// RLS binds), entered through app_enter with the verified access token's user and session. The
// policies trust neither GUC alone: they ask app_organisation_id() and friends, which re-check
// that session against the sessions table (docs/decisions/0008-least-privilege-database-roles.md).
import { sql } from 'drizzle-orm';
import { AppError } from '../http/errors.ts';
import { queryRows, tenantRouteFor, type Db } from './client.ts';

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

/**
 * Opens the transaction and enters it: app_enter checks the session is live and sets app.user_id
 * and app.session_id. On PGlite (one superuser connection) set_config('role', …, true), i.e.
 * SET LOCAL ROLE, follows in the same statement, evaluated after app_enter; on PostgreSQL the
 * tenant pool already logs in as callboard_app. Platform mode also sets app.platform, which the
 * policies honour only for a super-admin's live session.
 */
async function enter<T>(
  db: Db,
  claims: AccessClaims,
  platform: boolean,
  work: (tx: Tx, row: EnterRow) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  const route = tenantRouteFor(db);
  return route.db.transaction(async (tx) => {
    const [row] = await queryRows<EnterRow>(
      tx,
      sql`select entered.organisation_id, entered.role, entered.is_super_admin
                 ${platform ? sql`, set_config('app.platform', case when entered.is_super_admin then 'on' else '' end, true) as platform_set` : sql``}
                 ${route.setRole ? sql`, set_config('role', 'callboard_app', true) as role_set` : sql``}
          from app_enter(${claims.userId}::uuid, ${claims.sessionId}::uuid) as entered`,
    );
    if (!row) throw AppError.unauthenticated();
    return work(tx, row);
  }, config);
}

type TransactionConfig = Parameters<Db['transaction']>[1];

/**
 * For reads that must not come back quietly empty: one snapshot for the whole transaction. Under
 * the default READ COMMITTED each statement sees what committed before it, so a session ended
 * between app_enter and the next statement makes the policies hide every row, and the read
 * returns nothing instead of failing. In one REPEATABLE READ snapshot the session app_enter saw
 * stays live for the transaction's statements; the next transaction is refused. Read-only, so it
 * never fails on a concurrent write.
 */
export const ONE_SNAPSHOT: TransactionConfig = {
  isolationLevel: 'repeatable read',
  accessMode: 'read only',
};

export async function withTenant<T>(
  db: Db,
  claims: AccessClaims,
  work: (tx: Tx, principal: Principal) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  return enter(
    db,
    claims,
    false,
    (tx, row) =>
      work(tx, {
        userId: claims.userId,
        organisationId: row.organisation_id,
        role: row.role,
        isSuperAdmin: row.is_super_admin,
      }),
    config,
  );
}

/**
 * For platform operators only: like withTenant, on the same connection and role, but with
 * platform mode on, so the *_platform policies let the transaction work across organisations.
 * Anyone whose profile is not a super-admin gets 403 before any query runs (and the policies
 * would ignore the mode for them anyway).
 */
export async function withPlatform<T>(
  db: Db,
  claims: AccessClaims,
  work: (tx: Tx, principal: Principal) => Promise<T>,
): Promise<T> {
  return enter(db, claims, true, (tx, row) => {
    if (!row.is_super_admin) {
      throw new AppError('FORBIDDEN', 'Only platform operators can do this.');
    }
    return work(tx, {
      userId: claims.userId,
      organisationId: row.organisation_id,
      role: row.role,
      isSuperAdmin: true,
    });
  });
}

/** An API key, as the database says at the start of the transaction: live, and whose it is. */
export interface ApiKeyPrincipal {
  apiKeyId: string;
  organisationId: string;
}

/**
 * For the ingestion API: a transaction on the tenant connection, as callboard_app, entered with
 * an API key instead of a user's session. app_enter_api_key checks that the key whose SHA-256 is
 * keyHash is live, sets app.api_key_hash (which app_api_key_organisation_id() re-checks on every
 * statement) and marks the key used. No user policy applies (app_user_id() is NULL); only the
 * *_api_key_* policies do, for the key's organisation. 401 when the key is unknown or revoked.
 */
export async function withApiKey<T>(
  db: Db,
  keyHash: string,
  work: (tx: Tx, principal: ApiKeyPrincipal) => Promise<T>,
): Promise<T> {
  const route = tenantRouteFor(db);
  return route.db.transaction(async (tx) => {
    const [row] = await queryRows<{ api_key_id: string; organisation_id: string }>(
      tx,
      sql`select entered.api_key_id, entered.organisation_id
                 ${route.setRole ? sql`, set_config('role', 'callboard_app', true) as role_set` : sql``}
          from app_enter_api_key(${keyHash}) as entered`,
    );
    if (!row) throw AppError.invalidApiKey();
    return work(tx, { apiKeyId: row.api_key_id, organisationId: row.organisation_id });
  });
}

/**
 * For a voice-platform webhook whose request was verified (modules/webhooks): like withApiKey,
 * entered with the integration's id and the SHA-256 of its credential (the Retell API key or the
 * Vapi secret) instead of a key's hash. app_enter_integration checks them and sets the settings
 * app_api_key_organisation_id() re-checks on every statement, so the same *_api_key_* policies
 * bind it to the integration's organisation. null when the integration is gone or the credential
 * is another (e.g. removed meanwhile): the caller answers 401.
 */
export async function withIntegration<T>(
  db: Db,
  integrationId: string,
  credentialHash: string,
  work: (tx: Tx, organisationId: string) => Promise<T>,
): Promise<T | null> {
  const route = tenantRouteFor(db);
  return route.db.transaction(async (tx) => {
    const [row] = await queryRows<{ organisation_id: string }>(
      tx,
      sql`select entered.organisation_id
                 ${route.setRole ? sql`, set_config('role', 'callboard_app', true) as role_set` : sql``}
          from app_enter_integration(${integrationId}::uuid, ${credentialHash}) as entered`,
    );
    if (!row) return null;
    return work(tx, row.organisation_id);
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

/** The principal's organisation, or the product's 403 when they have none. */
export function requireOrganisation(principal: Principal): string {
  if (!principal.organisationId) throw AppError.noOrganisation();
  return principal.organisationId;
}
