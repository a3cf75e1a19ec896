// `npm run db:migrate`: applies the migrations to the configured database (DATABASE_URL, else
// PGlite in DATA_DIR) as the server does at start, then checks that the tenant connection
// (DATABASE_APP_URL, or DATABASE_URL as callboard_app) can log in. For an operator who migrates
// before starting the server, or with a different role. It reads the database settings only, so
// it runs with NODE_ENV=production and nothing else of the server's configuration.
import { ConfigError, loadDatabaseConfig } from '../config.ts';
import {
  checkTenantConnection,
  databaseTarget,
  openDatabase,
  TenantConnectionError,
} from './client.ts';
import { migrateDatabase } from './migrate.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadDatabaseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const target = databaseTarget(config);
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database, {
      info: (message) => process.stderr.write(`db:migrate: ${message}\n`),
    });
    await checkTenantConnection(database);
    process.stdout.write(
      `Migrated ${target.kind === 'postgres' ? 'the PostgreSQL database (DATABASE_URL)' : `PGlite in ${target.dataDir}`}.\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof TenantConnectionError)) throw error;
    process.stderr.write(`db:migrate: ${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
