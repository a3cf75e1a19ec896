// Tenant isolation, second lock: RLS on every tenant table, and withTenant binding every query to
// the caller's organisation even when the query itself forgets to filter. The least-privilege
// tests act as an attacker who can run any SQL inside a real withTenant transaction (as if a
// query had an injection) and check what the database still refuses
// (docs/decisions/0008-least-privilege-database-roles.md).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, testDatabaseKinds } from '../test/databases.ts';
import {
  checkTenantConnection,
  defaultAppUrl,
  openDatabase,
  queryRows,
  type Database,
} from './client.ts';
import {
  agentMapping,
  callActivity,
  callLog,
  organisations,
  profiles,
  IDENTITY_TABLES,
  TENANT_TABLES,
} from './schema.ts';
import { seedDemoData } from './seed/seed.ts';
import {
  ONE_SNAPSHOT,
  withApiKey,
  withIntegration,
  withPlatform,
  withTenant,
  type Tx,
} from './tenant.ts';

/** The error a promise rejects with (its driver cause, as text), or null if it resolves. */
async function failure(promise: Promise<unknown>): Promise<string | null> {
  return promise.then(
    () => null,
    (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
  );
}

/** What callboard_app may do, exactly. A new grant must be added here, deliberately. */
const EXPECTED_TABLE_GRANTS = [
  'agent_mapping INSERT',
  'agent_mapping SELECT',
  'audit_log INSERT',
  'audit_log SELECT',
  'call_activity INSERT',
  'call_activity SELECT',
  'call_counts SELECT',
  'call_daily SELECT',
  'call_daily_closes SELECT',
  'call_daily_reasons SELECT',
  'call_hourly SELECT',
  'call_hourly_reasons SELECT',
  'call_hourly_totals SELECT',
  'call_log SELECT',
  'call_presence SELECT',
  'call_timeline SELECT',
  'call_workload SELECT',
  'integrations DELETE',
  'invitations INSERT',
  'invitations SELECT',
  'notifications SELECT',
  'organisations INSERT',
  'organisations SELECT',
  'profiles SELECT',
  'saved_views DELETE',
  'saved_views SELECT',
  'webhook_deliveries SELECT',
];
const EXPECTED_COLUMN_GRANTS = [
  'agent_mapping.display_name UPDATE',
  'agent_mapping.organisation_id UPDATE',
  // Admins' API keys: every column but key_hash may be read (docs/decisions/0014-api-keys-and-idempotent-ingestion.md).
  'api_keys.created_at SELECT',
  'api_keys.created_by INSERT',
  'api_keys.created_by SELECT',
  'api_keys.id SELECT',
  'api_keys.key_hash INSERT',
  'api_keys.last_used_at SELECT',
  'api_keys.name INSERT',
  'api_keys.name SELECT',
  'api_keys.organisation_id INSERT',
  'api_keys.organisation_id SELECT',
  'api_keys.prefix INSERT',
  'api_keys.prefix SELECT',
  'api_keys.revoked_at SELECT',
  'api_keys.revoked_at UPDATE',
  // Triage (assignee_id, status, deleted_flag, updated_at); the rest for the ingestion API only,
  // which the policies and call_log_content_guard keep to a live key of the call's organisation.
  'call_log.agent_id INSERT',
  'call_log.agent_id UPDATE',
  'call_log.assignee_id UPDATE',
  'call_log.call_id INSERT',
  'call_log.caller_name INSERT',
  'call_log.caller_name UPDATE',
  'call_log.deleted_flag UPDATE',
  'call_log.direction INSERT',
  'call_log.direction UPDATE',
  'call_log.disconnection_reason INSERT',
  'call_log.disconnection_reason UPDATE',
  'call_log.duration_seconds INSERT',
  'call_log.duration_seconds UPDATE',
  'call_log.end_datetime INSERT',
  'call_log.end_datetime UPDATE',
  'call_log.external_id INSERT',
  'call_log.from_number INSERT',
  'call_log.from_number UPDATE',
  'call_log.metadata INSERT',
  'call_log.metadata UPDATE',
  'call_log.recording_url INSERT',
  'call_log.recording_url UPDATE',
  'call_log.sentiment INSERT',
  'call_log.sentiment UPDATE',
  'call_log.start_datetime INSERT',
  'call_log.start_datetime UPDATE',
  'call_log.status UPDATE',
  'call_log.summary INSERT',
  'call_log.summary UPDATE',
  'call_log.to_number INSERT',
  'call_log.to_number UPDATE',
  'call_log.transcript INSERT',
  'call_log.transcript UPDATE',
  'call_log.updated_at UPDATE',
  // Admins' integrations: never secret_ciphertext nor credential_hash to read
  // (docs/decisions/0015-voice-platform-webhooks.md).
  'integrations.created_at SELECT',
  'integrations.created_by INSERT',
  'integrations.created_by SELECT',
  'integrations.credential_hash INSERT',
  'integrations.id INSERT',
  'integrations.id SELECT',
  'integrations.kind INSERT',
  'integrations.kind SELECT',
  'integrations.name INSERT',
  'integrations.name SELECT',
  'integrations.organisation_id INSERT',
  'integrations.organisation_id SELECT',
  'integrations.secret_ciphertext INSERT',
  'integrations.secret_hint INSERT',
  'integrations.secret_hint SELECT',
  'invitations.expires_at UPDATE',
  'invitations.revoked_at UPDATE',
  'invitations.token_hash UPDATE',
  'mail_outbox.body_html INSERT',
  'mail_outbox.body_text INSERT',
  'mail_outbox.recipient INSERT',
  'mail_outbox.subject INSERT',
  // Notifications: written by their actor, marked read by their recipient.
  'notifications.activity_id INSERT',
  'notifications.actor_id INSERT',
  'notifications.call_id INSERT',
  'notifications.kind INSERT',
  'notifications.organisation_id INSERT',
  'notifications.read_at UPDATE',
  'notifications.user_id INSERT',
  // Admins set the phone country the call search reads local numbers with.
  'organisations.phone_country UPDATE',
  'organisations.require_two_factor UPDATE',
  'profiles.call_list_columns UPDATE',
  'profiles.first_name UPDATE',
  'profiles.last_name UPDATE',
  'profiles.notify_by_email UPDATE',
  // Saved views: made by a member as themselves; kept by the owner (and admins, for shared ones).
  'saved_views.columns INSERT',
  'saved_views.columns UPDATE',
  'saved_views.name INSERT',
  'saved_views.name UPDATE',
  'saved_views.organisation_id INSERT',
  'saved_views.owner_id INSERT',
  'saved_views.query INSERT',
  'saved_views.query UPDATE',
  'saved_views.shared INSERT',
  'saved_views.shared UPDATE',
  'saved_views.updated_at UPDATE',
];
const EXPECTED_FUNCTIONS = [
  'accept_invitation',
  'app_admin_organisation_id',
  'app_api_key_organisation_id',
  'app_enter',
  'app_enter_api_key',
  'app_enter_integration',
  'app_is_platform',
  'app_organisation_id',
  'app_search_call_ids',
  'app_user_id',
  'call_close_bucket',
  'call_exists',
  'call_log_phone_tokens',
  'detach_member',
  'end_own_sessions',
  'ingest_refused_agents',
  'organisation_two_factor_members',
  'own_session_recently_authenticated',
  'own_sessions',
  'own_signs_in_with_password',
  'own_two_factor_enabled',
  'set_member_role',
];

describe.each(testDatabaseKinds)('tenant isolation [$name]', ({ name, create }) => {
  let database: Database;
  let northwindId: string;
  let globexId: string;

  async function profileOf(email: string) {
    const [row] = await queryRows<{
      id: string;
      organisation_id: string | null;
      role: string;
      is_super_admin: boolean;
      first_name: string;
    }>(
      database.db,
      sql`select id, organisation_id, role, is_super_admin, first_name from profiles where email = ${email}`,
    );
    if (!row) throw new Error(`no profile ${email}`);
    return row;
  }

  /** How many of Northwind's rows the statements in `probe` see, per table. */
  async function northwindRowsSeen(tx: Tx) {
    const [row] = await queryRows<Record<string, number | string>>(
      tx,
      sql`select (select count(*) from call_log where organisation_id = ${northwindId}) as calls,
                 (select count(*) from call_activity where organisation_id = ${northwindId}) as activity,
                 (select count(*) from call_counts where organisation_id = ${northwindId}) as counts,
                 (select count(*) from call_timeline where organisation_id = ${northwindId}) as timeline,
                 (select count(*) from call_hourly where organisation_id = ${northwindId}) as hourly,
                 (select count(*) from call_hourly_totals where organisation_id = ${northwindId}) as hourly_totals,
                 (select count(*) from call_hourly_reasons where organisation_id = ${northwindId}) as reasons,
                 (select count(*) from call_daily where organisation_id = ${northwindId}) as daily,
                 (select count(*) from call_daily_reasons where organisation_id = ${northwindId}) as daily_reasons,
                 (select count(*) from call_daily_closes where organisation_id = ${northwindId}) as daily_closes,
                 (select count(*) from call_workload where organisation_id = ${northwindId}) as workload,
                 (select count(*) from agent_mapping where organisation_id = ${northwindId}) as agents,
                 (select count(*) from profiles where organisation_id = ${northwindId}) as profiles,
                 (select count(*) from organisations where id = ${northwindId}) as organisations`,
    );
    return Object.fromEntries(
      Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]),
    );
  }
  const nothing = {
    calls: 0,
    activity: 0,
    counts: 0,
    timeline: 0,
    hourly: 0,
    hourly_totals: 0,
    reasons: 0,
    daily: 0,
    daily_reasons: 0,
    daily_closes: 0,
    workload: 0,
    agents: 0,
    profiles: 0,
    organisations: 0,
  };

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 40 });
    const [northwind] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(sql`name = 'Northwind Clinics'`);
    northwindId = northwind?.id ?? '';
    const [globex] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(sql`name = 'Globex Insurance'`);
    globexId = globex?.id ?? '';
  });
  afterAll(async () => {
    await database.close();
  });

  it('has RLS enabled and forced, with a policy, on every tenant table', async () => {
    const rows = await queryRows<{
      table_name: string;
      enabled: boolean;
      forced: boolean;
      policies: number | string;
    }>(
      database.db,
      sql`select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const byName = new Map(rows.map((row) => [row.table_name, row]));
    for (const table of TENANT_TABLES) {
      const row = byName.get(table);
      expect(row, table).toBeDefined();
      expect({ table, enabled: row?.enabled, forced: row?.forced }).toEqual({
        table,
        enabled: true,
        forced: true,
      });
      expect(Number(row?.policies), `${table} policies`).toBeGreaterThan(0);
    }
    // Any table that carries an organisation_id is tenant data and must be in the list, or an
    // identity table that callboard_app cannot touch at all.
    const withOrganisationColumn = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'organisation_id'`,
    );
    const listed: readonly string[] = [...TENANT_TABLES, ...IDENTITY_TABLES];
    for (const { table_name } of withOrganisationColumn) {
      expect(listed).toContain(table_name);
    }
    const reachable = await queryRows<{ table_name: string }>(
      database.db,
      sql`select t.table_name from unnest(${`{${IDENTITY_TABLES.join(',')}}`}::text[]) as t(table_name)
          where has_table_privilege('callboard_app', t.table_name,
                                    'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')`,
    );
    expect(reachable).toEqual([]);
  });

  it('runs application queries as a role that cannot bypass RLS', async () => {
    const claims = await sessionFor(database, 'mia@northwind.test');
    const [role] = await withTenant(database.db, claims, (tx) =>
      queryRows<{ current_user: string; rolbypassrls: boolean; rolsuper: boolean }>(
        tx,
        sql`select current_user, r.rolbypassrls, r.rolsuper from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(role).toEqual({ current_user: 'callboard_app', rolbypassrls: false, rolsuper: false });
  });

  it('returns only the caller organisation rows from queries with no WHERE clause', async () => {
    const claims = await sessionFor(database, 'mia@northwind.test');
    const seen = await withTenant(database.db, claims, async (tx) => ({
      calls: await tx.select({ organisation_id: callLog.organisation_id }).from(callLog),
      activity: await tx
        .select({ organisation_id: callActivity.organisation_id })
        .from(callActivity),
      agents: await tx.select({ organisation_id: agentMapping.organisation_id }).from(agentMapping),
      organisations: await tx.select({ id: organisations.id }).from(organisations),
      profiles: await tx.select({ organisation_id: profiles.organisation_id }).from(profiles),
    }));
    const [totals] = await queryRows<{ calls: number | string; northwind_calls: number | string }>(
      database.db,
      sql`select count(*) as calls, count(*) filter (where organisation_id = ${northwindId}) as northwind_calls from call_log`,
    );
    // The owner connection sees everything; the helper sees exactly Northwind's share.
    expect(Number(totals?.calls)).toBeGreaterThan(Number(totals?.northwind_calls));
    expect(seen.calls).toHaveLength(Number(totals?.northwind_calls));
    for (const rows of [seen.calls, seen.activity, seen.agents, seen.profiles]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.organisation_id))).toEqual(new Set([northwindId]));
    }
    expect(seen.organisations).toEqual([{ id: northwindId }]);
  });

  it('shows a user with no organisation nothing but their own profile', async () => {
    const claims = await sessionFor(database, 'nora@nowhere.test');
    const seen = await withTenant(database.db, claims, async (tx) => ({
      calls: await tx.select().from(callLog),
      agents: await tx.select().from(agentMapping),
      profiles: await tx.select({ id: profiles.id }).from(profiles),
    }));
    expect(seen.calls).toEqual([]);
    expect(seen.agents).toEqual([]);
    expect(seen.profiles).toEqual([{ id: claims.userId }]);
  });

  it('refuses to write a row into another organisation', async () => {
    const claims = await sessionFor(database, 'gia@globex.test');
    const write = withTenant(database.db, claims, (tx) =>
      tx.insert(agentMapping).values({ agent_id: 'sneaky-agent', organisation_id: northwindId }),
    );
    const error: unknown = await write.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(String((error as { cause?: unknown } | null)?.cause)).toMatch(/row-level security/u);
    const [count] = await queryRows<{ n: number | string }>(
      database.db,
      sql`select count(*) as n from agent_mapping where agent_id = 'sneaky-agent'`,
    );
    expect(Number(count?.n)).toBe(0);
  });

  it('ends access when the session ends, whatever the access token says', async () => {
    const claims = await sessionFor(database, 'leo@northwind.test');
    await database.db.execute(sql`delete from sessions where id = ${claims.sessionId}`);
    await expect(withTenant(database.db, claims, () => Promise.resolve(1))).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required',
    });
  });

  it('reads in one snapshot when asked, so a session ended meanwhile cannot empty the read', async () => {
    const claims = await sessionFor(database, 'leo@northwind.test');
    const isolation = await withTenant(
      database.db,
      claims,
      async (tx) =>
        (
          await queryRows<{ level: string }>(
            tx,
            sql`select current_setting('transaction_isolation') as level`,
          )
        )[0]?.level,
      ONE_SNAPSHOT,
    );
    expect(isolation).toBe('repeatable read');
    // The race itself needs a second connection inside the transaction, which PGlite (one
    // connection, one transaction at a time) cannot have; there it cannot happen either.
    if (name !== 'PostgreSQL') return;
    const callsSeenAfterSignOut = (config?: typeof ONE_SNAPSHOT) =>
      withTenant(
        database.db,
        claims,
        async (tx) => {
          await database.db.execute(sql`delete from sessions where id = ${claims.sessionId}`);
          const [row] = await queryRows<{ calls: string }>(
            tx,
            sql`select count(*) as calls from call_log`,
          );
          // Put the session back for the next call.
          await database.db.execute(
            sql`insert into sessions (id, token, expires_at, user_id)
                values (${claims.sessionId}, md5(random()::text), now() + interval '1 hour', ${claims.userId})`,
          );
          return Number(row?.calls);
        },
        config,
      );
    // The hazard: statement by statement, the policies see the session gone and hide every row.
    expect(await callsSeenAfterSignOut()).toBe(0);
    expect(await callsSeenAfterSignOut(ONE_SNAPSHOT)).toBeGreaterThan(0);
  });

  it('moves an agent’s calls and their history when the agent is remapped', async () => {
    const [globex] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(sql`name = 'Globex Insurance'`);
    await database.db.execute(
      sql`update agent_mapping set organisation_id = ${globex?.id ?? null} where agent_id = 'stray-agent-1'`,
    );
    const [moved] = await queryRows<{ calls: number | string; elsewhere: number | string }>(
      database.db,
      sql`select count(*) as calls,
                 count(*) filter (where organisation_id is distinct from ${globex?.id ?? null}) as elsewhere
          from call_log where agent_id = 'stray-agent-1'`,
    );
    expect(Number(moved?.calls)).toBeGreaterThan(0);
    expect(Number(moved?.elsewhere)).toBe(0);
    await database.db.execute(
      sql`update agent_mapping set organisation_id = null where agent_id = 'stray-agent-1'`,
    );
  });
  it('refuses a user who rewrites their own organisation, role or super-admin flag', async () => {
    const claims = await sessionFor(database, 'mia@northwind.test');
    const before = await profileOf('mia@northwind.test');
    for (const change of [
      sql`organisation_id = ${globexId}`,
      sql`role = 'admin'`,
      sql`is_super_admin = true`,
    ]) {
      const refused = await failure(
        withTenant(database.db, claims, (tx) =>
          tx.execute(sql`update profiles set ${change} where id = ${claims.userId}`),
        ),
      );
      expect(refused).toMatch(/permission denied/u);
    }
    // Nor through the admin area's function: Mia is no admin.
    const promoted = await withTenant(database.db, claims, (tx) =>
      queryRows<{ changed: boolean }>(
        tx,
        sql`select set_member_role(${claims.userId}::uuid, 'admin') as changed`,
      ),
    );
    expect(promoted).toEqual([{ changed: false }]);
    expect(await profileOf('mia@northwind.test')).toEqual(before);

    // Her own name she may change; a colleague's she may not.
    const leo = await profileOf('leo@northwind.test');
    await withTenant(database.db, claims, (tx) =>
      tx.execute(sql`update profiles set first_name = 'Mia' where id = ${claims.userId}`),
    );
    expect(
      await failure(
        withTenant(database.db, claims, (tx) =>
          tx.execute(sql`update profiles set first_name = 'Leon' where id = ${leo.id}`),
        ),
      ),
    ).toMatch(/row-level security/u);
    expect((await profileOf('leo@northwind.test')).first_name).toBe(leo.first_name);
  });

  it('widens nothing for a forged app.organisation_id, app.user_id or app.platform', async () => {
    const gia = await sessionFor(database, 'gia@globex.test');
    const ava = await profileOf('ava.admin@northwind.test');
    const seen = await withTenant(database.db, gia, async (tx) => {
      await tx.execute(sql`select set_config('app.organisation_id', ${northwindId}, true),
                                  set_config('app.user_id', ${ava.id}, true),
                                  set_config('app.platform', 'on', true)`);
      return {
        northwind: await northwindRowsSeen(tx),
        ava: await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(sql`id = ${ava.id}`),
      };
    });
    expect(seen).toEqual({ northwind: nothing, ava: [] });
  });

  it('cannot aim detach_member or accept_invitation at another organisation or user', async () => {
    const gus = await sessionFor(database, 'gus.admin@globex.test');
    const ava = await profileOf('ava.admin@northwind.test');
    const leo = await profileOf('leo@northwind.test');
    const detached = await withTenant(database.db, gus, async (tx) => {
      await tx.execute(sql`select set_config('app.organisation_id', ${northwindId}, true),
                                  set_config('app.user_id', ${ava.id}, true)`);
      return queryRows<{ detached: boolean }>(
        tx,
        sql`select detach_member(${leo.id}::uuid) as detached`,
      );
    });
    expect(detached).toEqual([{ detached: false }]);
    expect((await profileOf('leo@northwind.test')).organisation_id).toBe(northwindId);

    // A Northwind invitation for Nora, who belongs to no organisation; Gia pretends to be her.
    const nora = await profileOf('nora@nowhere.test');
    const tokenHash = 'forged-guc-test-token-hash';
    await database.db.execute(
      sql`insert into invitations (organisation_id, email, role, token_hash, expires_at)
          values (${northwindId}, 'nora@nowhere.test', 'admin', ${tokenHash}, now() + interval '1 day')`,
    );
    const gia = await sessionFor(database, 'gia@globex.test');
    const outcome = await withTenant(database.db, gia, async (tx) => {
      await tx.execute(sql`select set_config('app.user_id', ${nora.id}, true)`);
      return queryRows<{ outcome: string }>(
        tx,
        sql`select accept_invitation(${tokenHash}) as outcome`,
      );
    });
    expect(outcome).not.toEqual([{ outcome: 'ok' }]);
    expect((await profileOf('nora@nowhere.test')).organisation_id).toBeNull();
    const [invitation] = await queryRows<{ accepted_at: Date | null }>(
      database.db,
      sql`select accepted_at from invitations where token_hash = ${tokenHash}`,
    );
    expect(invitation?.accepted_at).toBeNull();
  });

  it('keeps invitations and the audit log to admins, and activity to visible calls', async () => {
    const mia = await sessionFor(database, 'mia@northwind.test');
    // Whatever organisation Mia is in (Northwind, unless an earlier test moved her), as a member.
    const home = (await profileOf('mia@northwind.test')).organisation_id ?? northwindId;
    await database.db.execute(
      sql`insert into audit_log (organisation_id, action, target)
          values (${home}, 'agent.renamed', 'nw-agent-1')`,
    );
    await database.db.execute(
      sql`insert into invitations (organisation_id, email, token_hash, expires_at)
          values (${home}, 'someone@northwind.test', 'admin-only-test-token-hash', now() + interval '1 day')`,
    );
    const seen = await withTenant(database.db, mia, async (tx) => ({
      invitations: await queryRows(tx, sql`select id from invitations`),
      audit: await queryRows(tx, sql`select id from audit_log`),
    }));
    expect(seen).toEqual({ invitations: [], audit: [] });
    const ava = await sessionFor(database, 'ava.admin@northwind.test');
    const adminSees = await withTenant(database.db, ava, async (tx) => ({
      invitations: (await queryRows(tx, sql`select id from invitations`)).length,
      audit: (await queryRows(tx, sql`select id from audit_log`)).length,
    }));
    expect(adminSees.invitations).toBeGreaterThan(0);
    expect(adminSees.audit).toBeGreaterThan(0);
    expect(
      await failure(
        withTenant(database.db, mia, (tx) =>
          tx.execute(sql`insert into audit_log (organisation_id, actor_id, action)
                         values (${home}, ${mia.userId}, 'member.removed')`),
        ),
      ),
    ).toMatch(/row-level security/u);

    // A note filed under Mia's organisation about another organisation's call.
    const [elsewhere] = await queryRows<{ call_id: string }>(
      database.db,
      sql`select call_id from call_log
          where organisation_id is not null and organisation_id <> ${home} limit 1`,
    );
    expect(
      await failure(
        withTenant(database.db, mia, (tx) =>
          tx.execute(sql`insert into call_activity (call_id, organisation_id, type, actor_id, body)
                         values (${elsewhere?.call_id ?? ''}, ${home}, 'NOTE', ${mia.userId}, 'hello')`),
        ),
      ),
    ).toMatch(/row-level security/u);
  });

  it('lets platform operators see across organisations as callboard_app, and no one else', async () => {
    const root = await sessionFor(database, 'root@callboard.test');
    const platform = await withPlatform(database.db, root, async (tx) => ({
      role: await queryRows(tx, sql`select current_user as role`),
      northwind: await northwindRowsSeen(tx),
      organisations: (await tx.select({ id: organisations.id }).from(organisations)).length,
    }));
    expect(platform.role).toEqual([{ role: 'callboard_app' }]);
    for (const [table, rows] of Object.entries(platform.northwind)) {
      expect(rows, table).toBeGreaterThan(0);
    }
    expect(platform.organisations).toBeGreaterThanOrEqual(2);
    // The same operator outside platform mode belongs to no organisation and sees none.
    expect(await withTenant(database.db, root, northwindRowsSeen)).toEqual(nothing);
    // An admin asking for platform mode gets 403, and forging the mode gets nothing.
    const ava = await sessionFor(database, 'ava.admin@northwind.test');
    await expect(withPlatform(database.db, ava, () => Promise.resolve(1))).rejects.toMatchObject({
      status: 403,
    });
    const gus = await sessionFor(database, 'gus.admin@globex.test');
    const forged = await withTenant(database.db, gus, async (tx) => {
      await tx.execute(sql`select set_config('app.platform', 'on', true)`);
      return northwindRowsSeen(tx);
    });
    expect(forged).toEqual(nothing);
  });

  /** A live API key of the organisation, made as the owner: the hash withApiKey presents. */
  async function apiKeyOf(organisationId: string, label: string) {
    const keyHash = createHash('sha256').update(`cb_live_tenant-test-${label}`).digest('hex');
    await database.db.execute(
      sql`insert into api_keys (organisation_id, name, prefix, key_hash)
          values (${organisationId}, ${label}, 'cb_live_tenant', ${keyHash})`,
    );
    return keyHash;
  }
  const withKey = <T>(keyHash: string, work: (tx: Tx) => Promise<T>) =>
    withApiKey(database.db, keyHash, (tx) => work(tx));

  it('binds a transaction made with an API key to its organisation’s calls and agents', async () => {
    const northwindKey = await apiKeyOf(northwindId, 'reads');
    const seen = await withKey(northwindKey, async (tx) => ({
      role: await queryRows(tx, sql`select current_user as role`),
      northwind: await northwindRowsSeen(tx),
      organisations: await tx.select({ id: organisations.id }).from(organisations),
      elsewhere: await queryRows<{ calls: number | string; agents: number | string }>(
        tx,
        sql`select (select count(*) from call_log where organisation_id is distinct from ${northwindId}) as calls,
                   (select count(*) from agent_mapping where organisation_id is distinct from ${northwindId}) as agents`,
      ),
      keys: await queryRows(tx, sql`select id from api_keys`),
      audit: await queryRows(tx, sql`select id from audit_log`),
      invitations: await queryRows(tx, sql`select id from invitations`),
    }));
    expect(seen.role).toEqual([{ role: 'callboard_app' }]);
    // Calls and agents, and nothing else: no people, activity, counters, keys or audit.
    expect(seen.northwind.calls).toBeGreaterThan(0);
    expect(seen.northwind.agents).toBeGreaterThan(0);
    expect({ ...seen.northwind, calls: 0, agents: 0 }).toEqual(nothing);
    expect(seen.organisations).toEqual([]);
    expect(seen.elsewhere.map((row) => [Number(row.calls), Number(row.agents)])).toEqual([[0, 0]]);
    expect([seen.keys, seen.audit, seen.invitations]).toEqual([[], [], []]);
  });

  it('lets an API key write only its own organisation’s calls and agents', async () => {
    const northwindKey = await apiKeyOf(northwindId, 'writes');
    for (const write of [
      sql`insert into agent_mapping (agent_id, organisation_id) values ('key-test-agent', ${globexId})`,
      sql`insert into call_log (call_id, agent_id, end_datetime) values ('key-test-call', 'gx-agent-1', now())`,
      sql`update call_log set summary = 'rewritten' where organisation_id = ${globexId}`,
    ]) {
      const outcome = await failure(withKey(northwindKey, (tx) => tx.execute(write)));
      // Refused, or (an UPDATE of rows it cannot see) touching nothing.
      expect(outcome === null || /row-level security/u.test(outcome), outcome ?? '').toBe(true);
    }
    const [counts] = await queryRows<{
      agents: number | string;
      calls: number | string;
      rewritten: number | string;
    }>(
      database.db,
      sql`select (select count(*) from agent_mapping where agent_id = 'key-test-agent') as agents,
                 (select count(*) from call_log where call_id = 'key-test-call') as calls,
                 (select count(*) from call_log where summary = 'rewritten') as rewritten`,
    );
    expect([counts?.agents, counts?.calls, counts?.rewritten].map(Number)).toEqual([0, 0, 0]);
    // Nor may it read key_hash, not even its own key's.
    expect(
      await failure(withKey(northwindKey, (tx) => tx.execute(sql`select key_hash from api_keys`))),
    ).toMatch(/permission denied/u);
  });

  it('refuses a revoked or unknown key, and widens nothing for a forged app.api_key_hash', async () => {
    const revokedKey = await apiKeyOf(northwindId, 'revoked');
    await database.db.execute(
      sql`update api_keys set revoked_at = now() where key_hash = ${revokedKey}`,
    );
    for (const keyHash of [revokedKey, 'f'.repeat(64)]) {
      await expect(withKey(keyHash, () => Promise.resolve(1))).rejects.toMatchObject({
        status: 401,
      });
    }
    // A member who sets the setting without a key's hash, or with a revoked one, sees no more.
    const gia = await sessionFor(database, 'gia@globex.test');
    for (const forged of ['f'.repeat(64), revokedKey]) {
      const seen = await withTenant(database.db, gia, async (tx) => {
        await tx.execute(sql`select set_config('app.api_key_hash', ${forged}, true)`);
        return northwindRowsSeen(tx);
      });
      expect(seen).toEqual(nothing);
    }
  });

  // Revoking needs a second connection while the key's transaction is open: PGlite has one.
  // Registered only for PostgreSQL rather than skipped on PGlite.
  if (name === 'PostgreSQL') {
    it('stops a key revoked during a transaction at that transaction’s next statement', async () => {
      const keyHash = await apiKeyOf(northwindId, 'revoked-meanwhile');
      // Used a moment ago: entering does not lock the key's row, so the revocation need not wait.
      await database.db.execute(
        sql`update api_keys set last_used_at = now() where key_hash = ${keyHash}`,
      );
      const seen = await withKey(keyHash, async (tx) => {
        const before = await northwindRowsSeen(tx);
        await database.db.execute(
          sql`update api_keys set revoked_at = now() where key_hash = ${keyHash}`,
        );
        return { before: (before.calls ?? 0) > 0, after: await northwindRowsSeen(tx) };
      });
      expect(seen).toEqual({ before: true, after: nothing });
    });
  }

  /** An integration of the organisation, made as the owner; its credential's hash. */
  async function integrationOf(organisationId: string, label: string) {
    const credentialHash = createHash('sha256')
      .update(`cb_whsec_tenant-test-${label}`)
      .digest('hex');
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into integrations (organisation_id, kind, name, credential_hash)
          values (${organisationId}, 'vapi', ${label}, ${credentialHash}) returning id`,
    );
    return { id: row?.id ?? '', credentialHash };
  }

  it('binds a verified webhook’s transaction to its integration’s organisation, as a key’s', async () => {
    const northwind = await integrationOf(northwindId, 'webhook-reads');
    const seen = await withIntegration(
      database.db,
      northwind.id,
      northwind.credentialHash,
      async (tx, organisationId) => ({
        organisationId,
        role: await queryRows(tx, sql`select current_user as role`),
        northwind: await northwindRowsSeen(tx),
        elsewhere: await queryRows<{ calls: number | string }>(
          tx,
          sql`select count(*) as calls from call_log where organisation_id is distinct from ${northwindId}`,
        ),
        integrations: await queryRows(tx, sql`select id from integrations`),
        deliveries: await queryRows(tx, sql`select id from webhook_deliveries`),
      }),
    );
    expect(seen?.organisationId).toBe(northwindId);
    expect(seen?.role).toEqual([{ role: 'callboard_app' }]);
    expect(seen?.northwind.calls).toBeGreaterThan(0);
    expect(seen?.elsewhere.map((row) => Number(row.calls))).toEqual([0]);
    expect([seen?.integrations, seen?.deliveries]).toEqual([[], []]);
    // Writes only its own organisation's calls.
    const outcome = await failure(
      withIntegration(database.db, northwind.id, northwind.credentialHash, (tx) =>
        tx.execute(
          sql`insert into call_log (call_id, agent_id, end_datetime) values ('webhook-test-call', 'gx-agent-1', now())`,
        ),
      ),
    );
    expect(outcome).toMatch(/row-level security/u);
    // Nor may it read the credentials, not even its own.
    for (const column of ['credential_hash', 'secret_ciphertext']) {
      expect(
        await failure(
          withIntegration(database.db, northwind.id, northwind.credentialHash, (tx) =>
            tx.execute(sql`select ${sql.raw(column)} from integrations`),
          ),
        ),
      ).toMatch(/permission denied/u);
    }
  });

  it('refuses another credential or a removed integration, and widens nothing for forged settings', async () => {
    const northwind = await integrationOf(northwindId, 'webhook-forged');
    expect(
      await withIntegration(database.db, northwind.id, 'f'.repeat(64), () => Promise.resolve(1)),
    ).toBeNull();
    const removed = await integrationOf(northwindId, 'webhook-removed');
    await database.db.execute(sql`delete from integrations where id = ${removed.id}`);
    expect(
      await withIntegration(database.db, removed.id, removed.credentialHash, () =>
        Promise.resolve(1),
      ),
    ).toBeNull();
    // A member who sets the settings without the credential's hash (or of a removed one) sees no more.
    const gia = await sessionFor(database, 'gia@globex.test');
    for (const [id, hash] of [
      [northwind.id, 'f'.repeat(64)],
      [removed.id, removed.credentialHash],
    ]) {
      const seen = await withTenant(database.db, gia, async (tx) => {
        await tx.execute(sql`select set_config('app.integration_id', ${id}, true),
                                    set_config('app.integration_hash', ${hash}, true)`);
        return northwindRowsSeen(tx);
      });
      expect(seen).toEqual(nothing);
    }
    // Admins read their own organisation's integrations and delivery log, not another's.
    const gus = await sessionFor(database, 'gus.admin@globex.test');
    await database.db.execute(
      sql`insert into webhook_deliveries (integration_id, organisation_id, status, http_status)
          values (${northwind.id}, ${northwindId}, 'ignored', 204)`,
    );
    const globexSees = await withTenant(database.db, gus, async (tx) => ({
      integrations: await queryRows(
        tx,
        sql`select id from integrations where id = ${northwind.id}`,
      ),
      deliveries: await queryRows(
        tx,
        sql`select id from webhook_deliveries where integration_id = ${northwind.id}`,
      ),
    }));
    expect(globexSees).toEqual({ integrations: [], deliveries: [] });
    const ava = await sessionFor(database, 'ava.admin@northwind.test');
    const avaSees = await withTenant(database.db, ava, async (tx) => ({
      integrations: await queryRows(
        tx,
        sql`select id from integrations where id = ${northwind.id}`,
      ),
      deliveries: await queryRows(
        tx,
        sql`select id from webhook_deliveries where integration_id = ${northwind.id}`,
      ),
    }));
    expect([avaSees.integrations.length, avaSees.deliveries.length]).toEqual([1, 1]);
    // A member of the organisation reads neither.
    const mia = await sessionFor(database, 'mia@northwind.test');
    const miaSees = await withTenant(database.db, mia, async (tx) => ({
      integrations: await queryRows(tx, sql`select id from integrations`),
      deliveries: await queryRows(tx, sql`select id from webhook_deliveries`),
    }));
    expect(miaSees).toEqual({ integrations: [], deliveries: [] });
    // Nor may another organisation's admin remove it.
    await withTenant(database.db, gus, (tx) =>
      tx.execute(sql`delete from integrations where id = ${northwind.id}`),
    );
    const [still] = await queryRows(
      database.db,
      sql`select 1 as kept from integrations where id = ${northwind.id}`,
    );
    expect(still).toEqual({ kept: 1 });
  });

  it('keeps a call’s content to the ingestion API: members and admins cannot rewrite or add calls', async () => {
    const [call] = await queryRows<{ call_id: string; summary: string | null }>(
      database.db,
      sql`select call_id, summary from call_log where organisation_id = ${northwindId} limit 1`,
    );
    for (const email of ['mia@northwind.test', 'ava.admin@northwind.test']) {
      const claims = await sessionFor(database, email);
      for (const write of [
        sql`update call_log set summary = 'rewritten', transcript = null where call_id = ${call?.call_id ?? ''}`,
        sql`update call_log set agent_id = 'nw-agent-2' where call_id = ${call?.call_id ?? ''}`,
        sql`insert into call_log (call_id, agent_id, end_datetime) values ('member-made', 'nw-agent-1', now())`,
      ]) {
        expect(
          await failure(withTenant(database.db, claims, (tx) => tx.execute(write))),
          email,
        ).toMatch(/permission denied|row-level security/u);
      }
    }
    const [after] = await queryRows<{ summary: string | null }>(
      database.db,
      sql`select summary from call_log where call_id = ${call?.call_id ?? ''}`,
    );
    expect(after?.summary).toBe(call?.summary);
    // The same statement with the organisation's key goes through.
    const northwindKey = await apiKeyOf(northwindId, 'content');
    await withKey(northwindKey, (tx) =>
      tx.execute(
        sql`update call_log set summary = 'from the sender' where call_id = ${call?.call_id ?? ''}`,
      ),
    );
    const [changed] = await queryRows<{ summary: string | null }>(
      database.db,
      sql`select summary from call_log where call_id = ${call?.call_id ?? ''}`,
    );
    expect(changed?.summary).toBe('from the sender');
  });

  it('grants callboard_app exactly the expected privileges and no role to switch to', async () => {
    const tables = await queryRows<{ grant: string }>(
      database.db,
      sql`select c.relname || ' ' || a.privilege_type as grant
          from pg_class c join pg_namespace n on n.oid = c.relnamespace,
               aclexplode(c.relacl) a
          where a.grantee = (select oid from pg_roles where rolname = 'callboard_app')
          order by 1`,
    );
    expect(tables.map((row) => row.grant)).toEqual(EXPECTED_TABLE_GRANTS);
    const columns = await queryRows<{ grant: string }>(
      database.db,
      sql`select c.relname || '.' || t.attname || ' ' || a.privilege_type as grant
          from pg_attribute t join pg_class c on c.oid = t.attrelid,
               aclexplode(t.attacl) a
          where a.grantee = (select oid from pg_roles where rolname = 'callboard_app')
          order by 1`,
    );
    expect(columns.map((row) => row.grant)).toEqual(EXPECTED_COLUMN_GRANTS);
    const functions = await queryRows<{ name: string }>(
      database.db,
      sql`select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and has_function_privilege('callboard_app', p.oid, 'EXECUTE')
          order by 1`,
    );
    expect(functions.map((row) => row.name)).toEqual(EXPECTED_FUNCTIONS);
    const [role] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb, r.rolcanlogin,
                 (select count(*) from pg_auth_members m where m.member = r.oid) as memberships,
                 has_database_privilege(r.oid, current_database(), 'TEMPORARY') as temporary,
                 has_schema_privilege(r.oid, 'public', 'CREATE') as create_in_public,
                 has_schema_privilege(r.oid, 'drizzle', 'USAGE') as migrations_schema
          from pg_roles r where r.rolname = 'callboard_app'`,
    );
    expect({ ...role, memberships: Number(role?.memberships) }).toEqual({
      rolsuper: false,
      rolbypassrls: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolcanlogin: true,
      memberships: 0,
      temporary: false,
      create_in_public: false,
      migrations_schema: false,
    });
  });

  // On PGlite the one connection is a superuser and RESET ROLE escapes; ADR 0008 says why that
  // is accepted there. A PostgreSQL server's tenant connection logs in as callboard_app.
  // Registered only for PostgreSQL rather than skipped on PGlite.
  if (name === 'PostgreSQL') {
    it('leaves no way out of callboard_app by RESET ROLE or SET ROLE on PostgreSQL', async () => {
      const gia = await sessionFor(database, 'gia@globex.test');
      const probes = {
        role: (tx: Tx) => queryRows(tx, sql`select current_user as role, session_user as login`),
        northwind: northwindRowsSeen,
        sessions: (tx: Tx) => queryRows(tx, sql`select count(*) from sessions`),
        accounts: (tx: Tx) => queryRows(tx, sql`select password from accounts limit 1`),
      };
      for (const escape of [
        sql`reset role`,
        sql`set role callboard_platform`,
        sql`set role postgres`,
        sql`select set_config('role', 'postgres', true)`,
        sql`set session authorization postgres`,
      ]) {
        const outcomes: Record<string, unknown> = {};
        for (const [probe, run] of Object.entries(probes)) {
          const result = await withTenant(database.db, gia, async (tx) => {
            const refused = await failure(tx.execute(escape));
            if (refused) return 'refused';
            return run(tx);
          }).catch((error: unknown) => String((error as { cause?: unknown }).cause ?? error));
          outcomes[probe] = result;
        }
        const held = (outcome: unknown, expected: unknown) =>
          outcome === 'refused' || JSON.stringify(outcome) === JSON.stringify(expected);
        expect(
          held(outcomes.role, [{ role: 'callboard_app', login: 'callboard_app' }]),
          JSON.stringify(outcomes.role),
        ).toBe(true);
        expect(held(outcomes.northwind, nothing), JSON.stringify(outcomes.northwind)).toBe(true);
        for (const secret of ['sessions', 'accounts'] as const) {
          const outcome = outcomes[secret];
          expect(
            outcome === 'refused' || /permission denied/u.test(String(outcome)),
            `${secret}: ${JSON.stringify(outcome)}`,
          ).toBe(true);
        }
      }
    });
    it('refuses a tenant login that cannot connect or is privileged, saying what to set', async () => {
      await expect(checkTenantConnection(database)).resolves.toBeUndefined();
      const [here] = await queryRows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      const owner = new URL(process.env.TEST_DATABASE_URL ?? '');
      owner.pathname = `/${here?.name ?? ''}`;
      for (const [user, message] of [
        [
          'callboard_nobody',
          /^Cannot open the tenant connection to PostgreSQL \(.*callboard_nobody.*\): set DATABASE_APP_URL/u,
        ],
        [owner.username, /superuser or has BYPASSRLS: set DATABASE_APP_URL/u],
      ] as const) {
        const login = new URL(owner);
        login.username = user;
        const probe = await openDatabase({
          kind: 'postgres',
          url: owner.toString(),
          appUrl: login.toString(),
          poolSize: 1,
        });
        try {
          await expect(checkTenantConnection(probe)).rejects.toThrow(message);
        } finally {
          await probe.close();
        }
      }
    });
  }
});

describe('the tenant login', () => {
  it('defaults to the owner URL with the user callboard_app and no password', () => {
    expect(defaultAppUrl('postgres://owner:secret@db.example:5433/callboard?sslmode=require')).toBe(
      'postgres://callboard_app@db.example:5433/callboard?sslmode=require',
    );
  });
});
