// The database's current definition: every SQL function (with its triggers and EXECUTE grants) and
// every table's row-level security, policies and grants has one source file under db/sql/, which
// is the place to read and edit it. Migrations stay the history that databases replay; this module
// tells whether the migrated database and the source files agree, and writes the migration that
// brings the database to the sources (docs/decisions/0011-current-sql-definitions.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';
import { TENANT_TABLES } from './schema.ts';

export const SQL_SOURCES_FOLDER = fileURLToPath(new URL('./sql', import.meta.url));

/** Drizzle's separator between the statements of a migration; source files use it too. */
export const BREAKPOINT = '--> statement-breakpoint';

/**
 * One source file. `functions/<name>.sql` defines the function `name` (CREATE OR REPLACE), its
 * EXECUTE grants and the triggers that call it; `tables/<name>.sql` the table's row-level security
 * switches, all its policies and every grant on it. What a file does not say, its object does not
 * have: see functionReset and tableReset.
 */
export interface SqlSource {
  kind: 'functions' | 'tables';
  name: string;
  text: string;
}

export const sourceKey = (source: Pick<SqlSource, 'kind' | 'name'>) =>
  `${source.kind}/${source.name}`;

export function loadSqlSources(folder = SQL_SOURCES_FOLDER): SqlSource[] {
  return (['functions', 'tables'] as const).flatMap((kind) =>
    readdirSync(join(folder, kind))
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => ({
        kind,
        name: file.slice(0, -'.sql'.length),
        text: readFileSync(join(folder, kind, file), 'utf8'),
      })),
  );
}

/**
 * The standard access file for a new tenant table: row-level security enabled and forced, members
 * read their organisation's rows, platform operators read all, and callboard_app may SELECT.
 * `npm run db:sql-migration` writes it for a table in TENANT_TABLES that has no file yet; widen it
 * there if the application needs more.
 */
export function tenantTableSource(table: string): string {
  return [
    `-- Members read their organisation's rows; platform operators read all.
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;`,
    `CREATE POLICY ${table}_tenant_read ON ${table} FOR SELECT
  USING (organisation_id = (SELECT app_organisation_id()));`,
    `CREATE POLICY ${table}_platform_read ON ${table} FOR SELECT
  USING ((SELECT app_is_platform()));`,
    `GRANT SELECT ON ${table} TO callboard_app;`,
  ].join(`\n${BREAKPOINT}\n`);
}

/** The tenant tables (schema.ts) that have no access file yet. */
export function tenantTablesWithoutSource(sources: SqlSource[]): string[] {
  const tables = new Set(sources.filter((s) => s.kind === 'tables').map((s) => s.name));
  return TENANT_TABLES.filter((table) => !tables.has(table));
}

/** What the catalogue says about each source file's objects, keyed like sourceKey. */
export type Catalogue = Map<string, string>;

interface FunctionRow {
  name: string;
  definition: string;
}
interface TableRow {
  name: string;
  definition: string;
}

// Every ACL is listed as sorted "grantee privilege" entries, so that the order in which grants
// were made does not matter, and a NULL ACL (the default) reads as what it means.
const aclEntries = (acl: string, kind: string, owner: string) =>
  sql.raw(`
  (select coalesce(string_agg(e.entry, ', ' order by e.entry), '')
   from (select coalesce(pg_get_userbyid(nullif(a.grantee, 0)), 'PUBLIC') || ' ' || a.privilege_type as entry
         from aclexplode(coalesce(${acl}, acldefault('${kind}', ${owner}))) a
         where a.grantee <> ${owner}) as e)`);

/**
 * Reads, from the connected database's public schema, each function's definition, ACL and
 * triggers, and each table's row-level security switches, policies and grants (table and column)
 * to roles other than its owner. Tables with none of these are left out: they need no file.
 */
export async function readCatalogue(db: Pick<Db, 'execute'>): Promise<Catalogue> {
  const functions = await queryRows<FunctionRow>(
    db,
    sql`select p.proname as name,
               string_agg(pg_get_functiondef(p.oid) || 'EXECUTE: ' || ${aclEntries('p.proacl', 'f', 'p.proowner')}
                          || coalesce((select string_agg(pg_get_triggerdef(t.oid), E'\n' order by t.tgname)
                                       from pg_trigger t where t.tgfoid = p.oid and not t.tgisinternal), ''),
                          E'\n' order by pg_get_function_identity_arguments(p.oid)) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        group by p.proname`,
  );
  const tables = await queryRows<TableRow>(
    db,
    sql`select t.relname as name, t.definition
        from (
          select c.relname,
                 'rls ' || c.relrowsecurity || ', forced ' || c.relforcerowsecurity
                 || E'\ngrants: ' || ${aclEntries('c.relacl', 'r', 'c.relowner')}
                 || coalesce((select string_agg(E'\ncolumn ' || col.attname || ': ' || ${aclEntries('col.attacl', 'c', 'c.relowner')}, '' order by col.attname)
                              from pg_attribute col where col.attrelid = c.oid and col.attacl is not null), '')
                 || coalesce((select string_agg(format(E'\npolicy %s %s %s to %s using (%s) with check (%s)',
                                                       p.policyname, p.permissive, p.cmd, p.roles, p.qual, p.with_check), '' order by p.policyname)
                              from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname), '') as definition,
                 c.relrowsecurity or c.relforcerowsecurity
                 or exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)
                 or exists (select 1 from aclexplode(c.relacl) a where a.grantee <> c.relowner)
                 or exists (select 1 from pg_attribute col where col.attrelid = c.oid and col.attacl is not null) as governed
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
        ) as t
        where t.governed`,
  );
  return new Map([
    ...functions.map((row) => [`functions/${row.name}`, row.definition] as const),
    ...tables.map((row) => [`tables/${row.name}`, row.definition] as const),
  ]);
}

/**
 * What a table's file starts from: no policies, row-level security off, no grants to anyone but
 * the owner. Statements that take the table there from what `current` has now (policies cannot be
 * replaced, and a file says only what there is), so that a file that leaves something out takes
 * it away.
 */
async function tableReset(current: Pick<Db, 'execute'>, table: string): Promise<string[]> {
  const [row] = await queryRows<{ policies: string[] | null; grantees: string[] | null }>(
    current,
    sql`select (select array_agg(p.policyname::text order by p.policyname) from pg_policies p
                where p.schemaname = 'public' and p.tablename = c.relname) as policies,
               (select array_agg(distinct coalesce(pg_get_userbyid(nullif(a.grantee, 0))::text, 'PUBLIC'))
                from (select c.relacl as acl union all
                      select col.attacl from pg_attribute col where col.attrelid = c.oid) as acls,
                     aclexplode(acls.acl) a
                where a.grantee <> c.relowner) as grantees
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = ${table}`,
  );
  const grantees = row?.grantees ?? [];
  return [
    ...(row?.policies ?? []).map((policy) => `DROP POLICY ${policy} ON ${table};`),
    `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY, DISABLE ROW LEVEL SECURITY;`,
    ...(grantees.length > 0 ? [`REVOKE ALL ON ${table} FROM ${grantees.join(', ')};`] : []),
  ];
}

/**
 * What a function's file starts from: no triggers call it and no one but its owner may execute
 * it. So a trigger the file no longer creates (removed, or renamed) is dropped rather than left
 * firing beside the new one, and so is a grant the file no longer makes. Every function file
 * revokes PUBLIC's default EXECUTE itself.
 */
async function functionReset(current: Pick<Db, 'execute'>, name: string): Promise<string[]> {
  const rows = await queryRows<{
    signature: string;
    triggers: string[] | null;
    grantees: string[] | null;
  }>(
    current,
    sql`select p.oid::regprocedure::text as signature,
               (select array_agg(format('DROP TRIGGER %I ON %s;', t.tgname, t.tgrelid::regclass) order by t.tgname)
                from pg_trigger t where t.tgfoid = p.oid and not t.tgisinternal) as triggers,
               (select array_agg(distinct coalesce(pg_get_userbyid(nullif(a.grantee, 0))::text, 'PUBLIC'))
                from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                where a.grantee <> p.proowner) as grantees
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = ${name}
        order by 1`,
  );
  return rows.flatMap((row) => [
    ...(row.triggers ?? []),
    ...(row.grantees?.length
      ? [`REVOKE ALL ON FUNCTION ${row.signature} FROM ${row.grantees.join(', ')};`]
      : []),
  ]);
}

/**
 * The statements that bring a database to these sources: functions before tables (policies call
 * the accessors), each file as written after its reset (functionReset, tableReset), against
 * `current`, the database the statements will run on.
 */
export async function statementsFor(
  current: Pick<Db, 'execute'>,
  sources: SqlSource[],
): Promise<string[]> {
  const ordered = [
    ...sources.filter((source) => source.kind === 'functions'),
    ...sources.filter((source) => source.kind === 'tables'),
  ];
  const statements: string[] = [];
  for (const source of ordered) {
    const [first = '', ...rest] = [
      ...(source.kind === 'tables'
        ? await tableReset(current, source.name)
        : await functionReset(current, source.name)),
      ...source.text
        .split(BREAKPOINT)
        .map((statement) => statement.trim())
        .filter(Boolean),
    ];
    statements.push(`-- ${sourceKey(source)}.sql\n${first}`, ...rest);
  }
  return statements;
}

export interface Comparison {
  /** Source files whose objects the database defines differently, or not at all. */
  changed: SqlSource[];
  /** Catalogue entries (sourceKey form) that no source file declares. */
  undeclared: string[];
}

class Rollback extends Error {}

/**
 * Compares the database with the sources: reads the catalogue, applies every source file in a
 * transaction, reads it again and rolls back. A file whose objects read differently afterwards
 * is one the database does not have as written.
 */
export async function compareWithSources(db: Db, sources: SqlSource[]): Promise<Comparison> {
  const before = await readCatalogue(db);
  let after: Catalogue = new Map();
  await db
    .transaction(async (tx) => {
      for (const statement of await statementsFor(tx, sources)) {
        await tx.execute(sql.raw(statement));
      }
      after = await readCatalogue(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  const declared = new Set(sources.map(sourceKey));
  return {
    changed: sources.filter(
      (source) => before.get(sourceKey(source)) !== after.get(sourceKey(source)),
    ),
    undeclared: [...before.keys()].filter((key) => !declared.has(key)).sort(),
  };
}

/** The text of a migration that applies the changed source files to `current`. */
export async function migrationFor(
  current: Pick<Db, 'execute'>,
  changed: SqlSource[],
): Promise<string> {
  const header = `-- Written by \`npm run db:sql-migration\` from the current definitions in src/db/sql/
-- (docs/decisions/0011-current-sql-definitions.md). Edit those files, not this one.`;
  return `${header}\n${(await statementsFor(current, changed)).join(`\n${BREAKPOINT}\n`)}\n`;
}
