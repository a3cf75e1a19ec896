// Tenant isolation, second lock: RLS on every tenant table, and withTenant binding every query to
// the caller's organisation even when the query itself forgets to filter.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { queryRows, type Database } from './client.ts';
import {
  agentMapping,
  callActivity,
  callLog,
  organisations,
  profiles,
  TENANT_TABLES,
} from './schema.ts';
import { seedDemoData } from './seed/seed.ts';
import { withTenant, type AccessClaims } from './tenant.ts';

async function sessionFor(database: Database, email: string): Promise<AccessClaims> {
  const [row] = await queryRows<{ user_id: string; session_id: string }>(
    database.db,
    sql`insert into sessions (token, expires_at, user_id)
        select md5(random()::text), now() + interval '1 hour', id from users where email = ${email}
        returning user_id, id as session_id`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return { userId: row.user_id, sessionId: row.session_id };
}

describe.each(testDatabaseKinds)('tenant isolation [$name]', ({ create }) => {
  let database: Database;
  let northwindId: string;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 40 });
    const [northwind] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(sql`name = 'Northwind Clinics'`);
    northwindId = northwind?.id ?? '';
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
    // Any table that carries an organisation_id is tenant data and must be in the list.
    const withOrganisationColumn = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'organisation_id'`,
    );
    for (const { table_name } of withOrganisationColumn) {
      expect(TENANT_TABLES as readonly string[]).toContain(table_name);
    }
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
});
