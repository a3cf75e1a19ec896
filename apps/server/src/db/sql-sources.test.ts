// The current definitions in db/sql/ and the migrations must agree: a freshly migrated database
// defines every function, trigger, policy and grant exactly as its source file says
// (docs/decisions/0011-current-sql-definitions.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import type { Database } from './client.ts';
import {
  BREAKPOINT,
  compareWithSources,
  loadSqlSources,
  migrationFor,
  readCatalogue,
  sourceKey,
  tenantTableSource,
  tenantTablesWithoutSource,
  type SqlSource,
} from './sql-sources.ts';

const sources = loadSqlSources();

/** The sources with one file's text edited; fails if the edit would change nothing. */
function edited(
  from: SqlSource[],
  key: string,
  search: string | RegExp,
  replacement: string,
): SqlSource[] {
  return from.map((source) => {
    if (sourceKey(source) !== key) return source;
    const text = source.text.replace(search, replacement);
    expect(text, key).not.toBe(source.text);
    return { ...source, text };
  });
}

const keysOf = (comparison: { changed: SqlSource[]; undeclared: string[] }) => ({
  changed: comparison.changed.map(sourceKey),
  undeclared: comparison.undeclared,
});

describe('the SQL source files', () => {
  it('give every tenant table an access file', () => {
    expect(tenantTablesWithoutSource(sources)).toEqual([]);
  });

  it('are found where the tests look', () => {
    expect(sources.map(sourceKey)).toEqual(
      expect.arrayContaining(['functions/app_enter', 'tables/call_log', 'tables/mail_outbox']),
    );
  });
});

describe.each(testDatabaseKinds)('current SQL definitions [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database.close();
  });

  it('match the migrated database: every function, trigger, policy and grant', async () => {
    expect(keysOf(await compareWithSources(database.db, sources))).toEqual({
      changed: [],
      undeclared: [],
    });
  });

  it('name each file whose function body, trigger, grant or policy the database lacks', async () => {
    let drifted = edited(sources, 'functions/app_is_platform', "FROM 'on'", "FROM 'yes'");
    drifted = edited(
      drifted,
      'functions/call_log_set_organisation',
      'UPDATE OF agent_id',
      'UPDATE OF agent_id, end_datetime',
    );
    drifted = edited(
      drifted,
      'functions/call_counts_rebuild',
      /REVOKE ALL ON FUNCTION call_counts_rebuild\(\) FROM PUBLIC, callboard_app;/u,
      `$&\n${BREAKPOINT}\nGRANT EXECUTE ON FUNCTION call_counts_rebuild() TO callboard_app;`,
    );
    // A trigger the file no longer creates, and a grant it no longer makes, are drifts too.
    drifted = edited(
      drifted,
      'functions/call_counts_after_update',
      /CREATE OR REPLACE TRIGGER call_counts_after_update[^;]*;/u,
      'SELECT 1;',
    );
    drifted = edited(
      drifted,
      'functions/app_user_id',
      /GRANT EXECUTE ON FUNCTION app_user_id\(\) TO callboard_app;/u,
      'SELECT 1;',
    );
    drifted = edited(drifted, 'tables/call_log', 'deleted_flag, ', '');
    drifted = edited(
      drifted,
      'tables/invitations',
      /invitations_admin_read ON invitations FOR SELECT\n {2}USING \(organisation_id = \(SELECT app_admin_organisation_id\(\)\)\)/u,
      'invitations_admin_read ON invitations FOR SELECT\n  USING (organisation_id = (SELECT app_organisation_id()))',
    );
    drifted = edited(drifted, 'tables/api_keys', /ALTER TABLE api_keys FORCE[^;]*;/u, 'SELECT 1;');
    expect(keysOf(await compareWithSources(database.db, drifted))).toEqual({
      changed: [
        'functions/app_is_platform',
        'functions/app_user_id',
        'functions/call_counts_after_update',
        'functions/call_counts_rebuild',
        'functions/call_log_set_organisation',
        'tables/api_keys',
        'tables/call_log',
        'tables/invitations',
      ],
      undeclared: [],
    });
  });

  it('name each function or table the database has and no file declares', async () => {
    const fewer = sources.filter(
      (source) => !['functions/call_exists', 'tables/mail_outbox'].includes(sourceKey(source)),
    );
    expect(keysOf(await compareWithSources(database.db, fewer))).toEqual({
      changed: [],
      undeclared: ['functions/call_exists', 'tables/mail_outbox'],
    });
  });

  // Last: it migrates this test's database further.
  it('write a migration that brings the database to changed files, a new tenant table included', async () => {
    await database.db.execute(
      sql`create table probe_notes (
            id uuid primary key default gen_random_uuid(),
            organisation_id uuid references organisations (id),
            body text not null)`,
    );
    const changedSources = [
      ...edited(sources, 'tables/call_log', 'deleted_flag, ', ''),
      { kind: 'tables' as const, name: 'probe_notes', text: tenantTableSource('probe_notes') },
    ];
    const before = keysOf(await compareWithSources(database.db, changedSources));
    expect(before).toEqual({ changed: ['tables/call_log', 'tables/probe_notes'], undeclared: [] });

    const migration = await migrationFor(
      database.db,
      changedSources.filter((s) => before.changed.includes(sourceKey(s))),
    );
    await database.db.transaction(async (tx) => {
      for (const statement of migration.split(BREAKPOINT)) {
        await tx.execute(sql.raw(statement));
      }
    });

    expect(keysOf(await compareWithSources(database.db, changedSources))).toEqual({
      changed: [],
      undeclared: [],
    });
    const catalogue = await readCatalogue(database.db);
    expect(catalogue.get('tables/probe_notes')?.split('\n')).toEqual([
      'rls true, forced true',
      'grants: callboard_app SELECT',
      'policy probe_notes_platform_read PERMISSIVE SELECT to {public} using (( SELECT app_is_platform() AS app_is_platform)) with check ()',
      'policy probe_notes_tenant_read PERMISSIVE SELECT to {public} using ((organisation_id = ( SELECT app_organisation_id() AS app_organisation_id))) with check ()',
    ]);
    expect(catalogue.get('tables/call_log')).not.toContain('column deleted_flag');
  });
});
