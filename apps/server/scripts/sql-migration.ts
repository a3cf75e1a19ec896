// `npm run db:sql-migration -- <name>`: writes the next migration from the current definitions in
// src/db/sql/ (docs/decisions/0011-current-sql-definitions.md). It migrates an in-memory PGlite,
// compares it with the source files, and, for each file the database does not have as written,
// puts that file into a new migration (drizzle-kit's custom migration, so the journal and the
// schema snapshot stay drizzle-kit's own). A tenant table (TENANT_TABLES) without an access file
// first gets the standard one. Run `npm run db:generate` first when schema.ts changed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import {
  compareWithSources,
  loadSqlSources,
  migrationFor,
  SQL_SOURCES_FOLDER,
  sourceKey,
  tenantTableSource,
  tenantTablesWithoutSource,
} from '../src/db/sql-sources.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrationsFolder = join(root, 'src/db/migrations');

async function main(name: string | undefined): Promise<number> {
  if (!name || !/^[a-z0-9_]+$/u.test(name)) {
    process.stderr.write('Usage: npm run db:sql-migration -- <name in snake_case>\n');
    return 2;
  }
  for (const table of tenantTablesWithoutSource(loadSqlSources())) {
    const file = join(SQL_SOURCES_FOLDER, 'tables', `${table}.sql`);
    writeFileSync(file, `${tenantTableSource(table)}\n`);
    process.stdout.write(`Wrote the standard access file for tenant table ${table}: ${file}\n`);
  }
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(database);
    const { changed, undeclared } = await compareWithSources(database.db, loadSqlSources());
    if (undeclared.length > 0) {
      process.stderr.write(
        `The migrated database has objects with no source file: ${undeclared.join(', ')}.\n` +
          'Add their files under src/db/sql/, or write a migration that drops them by hand.\n',
      );
      return 1;
    }
    if (changed.length === 0) {
      process.stdout.write('The migrations already define everything as src/db/sql/ does.\n');
      return 0;
    }
    const text = await migrationFor(database.db, changed);
    execFileSync(
      join(root, '../../node_modules/.bin/drizzle-kit'),
      ['generate', '--custom', `--name=${name}`],
      { cwd: root, stdio: 'inherit' },
    );
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const tag = journal.entries.at(-1)?.tag ?? '';
    writeFileSync(join(migrationsFolder, `${tag}.sql`), text);
    process.stdout.write(
      `Wrote src/db/migrations/${tag}.sql from ${changed.map((source) => `${sourceKey(source)}.sql`).join(', ')}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv[2]);
