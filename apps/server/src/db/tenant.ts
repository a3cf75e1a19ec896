// The one way application code reaches tenant data. Every service function runs its queries
// inside withTenant: one transaction on the tenant connection, as the role callboard_app (which
// RLS binds), entered through app_enter with the verified access token's user and session. The
// policies trust neither GUC alone: they ask app_organisation_id() and friends, which re-check
// that session against the sessions table (docs/decisions/0008-least-privilege-database-roles.md).
import { sql } from 'drizzle-orm';
import { AppError } from '../http/errors.ts';
import { queryRows, tenantRouteFor, type Db, type TenantRoute } from './client.ts';
import { readReplicaFor, type Lsn } from './read-replica.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** A transaction handle, for the service and query functions that run inside withTenant. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is calling, as the verified access token says. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  /**
   * The organisation requires two-factor sign-in and the user has not set it up (the token's
   * `enrol` claim): only the enrolment's routes answer (http/app.ts).
   */
  enrol?: true;
  /** Set per request by the API when a read replica is configured (withTenantRead). */
  reads?: ReadRouting;
}

/** Where this request's reads may run, and where they did (docs/operations.md, "Read replica"). */
export interface ReadRouting {
  /** The primary's WAL position after this client's last write: its reads must include it. */
  after: Lsn | null;
  /** Set by withTenantRead: the last read's database. */
  servedBy: 'replica' | 'primary' | null;
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
  return enterOn(tenantRouteFor(db), claims, platform, work, config, () =>
    AppError.unauthenticated(),
  );
}

/** enter on a given route; `noSession` is thrown when app_enter finds no live session. */
async function enterOn<T>(
  route: TenantRoute,
  claims: AccessClaims,
  platform: boolean,
  work: (tx: Tx, row: EnterRow) => Promise<T>,
  config: TransactionConfig | undefined,
  noSession: () => Error,
): Promise<T> {
  return transaction(
    route.db,
    async (tx) => {
      const [row] = await queryRows<EnterRow>(
        tx,
        sql`select entered.organisation_id, entered.role, entered.is_super_admin
                 ${platform ? sql`, set_config('app.platform', case when entered.is_super_admin then 'on' else '' end, true) as platform_set` : sql``}
                 ${route.setRole ? sql`, set_config('role', 'callboard_app', true) as role_set` : sql``}
          from app_enter(${claims.userId}::uuid, ${claims.sessionId}::uuid) as entered`,
      );
      if (!row) throw noSession();
      return work(tx, row);
    },
    config,
  );
}

type TransactionConfig = Parameters<Db['transaction']>[1];

/**
 * One transaction, as Drizzle runs it, that tells apart the one failure whose outcome nobody
 * knows. A connection lost before COMMIT was sent leaves nothing behind (PostgreSQL rolls back
 * what an ended session left open): the error goes on as it is, and the HTTP layer answers 503
 * DATABASE_UNAVAILABLE, "not applied, retry". A connection lost once the work is done, that is
 * while COMMIT is on its way, may have come before or after PostgreSQL committed: 503
 * OUTCOME_UNKNOWN (docs/decisions/0021-database-outages-fail-fast.md). A read-only transaction
 * has nothing to be unsure about.
 */
async function transaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  const progress = { committing: false };
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      progress.committing = true;
      return result;
    }, config);
  } catch (error) {
    if (progress.committing && config?.accessMode !== 'read only' && isDatabaseUnavailable(error)) {
      throw AppError.outcomeUnknown();
    }
    throw error;
  }
}

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
  return enter(db, claims, false, (tx, row) => work(tx, principalOf(claims, row)), config);
}

/** The replica had no live session for the token (a new one not replayed yet): ask the primary. */
class SessionNotOnReplica extends Error {}

/**
 * withTenant for the reads a streaming replica may serve: the call list, a call's details,
 * analytics, saved-view counts, CSV export. With DATABASE_READ_URL set, the transaction runs on
 * the replica when it is usable and has replayed the caller's last write (claims.reads.after);
 * otherwise, and whenever it fails there — unreachable, stopped mid-read, no session yet, a query
 * cancelled by recovery — on the primary, as withTenant. An AppError from `work` is the answer
 * and is not retried. `work` must only read: a standby refuses writes.
 */
export async function withTenantRead<T>(
  db: Db,
  claims: AccessClaims,
  work: (tx: Tx, principal: Principal) => Promise<T>,
  config?: TransactionConfig,
): Promise<T> {
  const replica = readReplicaFor(db);
  const target = replica ? await replica.choose(claims.reads?.after ?? null) : null;
  if (replica && target) {
    try {
      const result = await enterOn(
        { db: target, setRole: false },
        claims,
        false,
        (tx, row) => work(tx, principalOf(claims, row)),
        config,
        () => new SessionNotOnReplica(),
      );
      if (claims.reads) claims.reads.servedBy = 'replica';
      return result;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (!(error instanceof SessionNotOnReplica)) replica.failed(error);
    }
  }
  const result = await withTenant(db, claims, work, config);
  if (claims.reads && replica) claims.reads.servedBy = 'primary';
  return result;
}

function principalOf(claims: AccessClaims, row: EnterRow): Principal {
  return {
    userId: claims.userId,
    organisationId: row.organisation_id,
    role: row.role,
    isSuperAdmin: row.is_super_admin,
  };
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
  return transaction(route.db, async (tx) => {
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
  return transaction(route.db, async (tx) => {
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

/**
 * For sensitive actions: the session asking signed in, or re-authenticated, within the last
 * `withinSeconds`; else the API's 403 REAUTHENTICATION_REQUIRED (docs/security.md,
 * "Re-authentication"). Asked inside the action's own transaction.
 */
export async function requireRecentAuthentication(tx: Tx, withinSeconds: number): Promise<void> {
  const [row] = await queryRows<{ recent: boolean }>(
    tx,
    sql`select own_session_recently_authenticated(${withinSeconds}::integer) as recent`,
  );
  if (!row?.recent) throw AppError.reauthenticationRequired();
}

/** The principal's organisation, or the product's 403 when they have none. */
export function requireOrganisation(principal: Principal): string {
  if (!principal.organisationId) throw AppError.noOrganisation();
  return principal.organisationId;
}
