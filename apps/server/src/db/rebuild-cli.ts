// `npm run db:rebuild-counts`: recomputes what triggers keep from call_log and call_activity, the
// list's call_counts and analytics' call_timeline with its rollups (docs/analytics.md), on the
// configured database (DATABASE_URL, else PGlite in DATA_DIR). For repair: after data was
// written with triggers disabled, or to rule the rollups out when a figure looks wrong. It
// takes the tables' locks for the while (about two minutes for a million calls): run it when
// the server is stopped or quiet.
import { sql } from 'drizzle-orm';
import { ConfigError, loadDatabaseConfig } from '../config.ts';
import { databaseTarget, openDatabase } from './client.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadDatabaseConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const database = await openDatabase(databaseTarget(config));
  try {
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select call_counts_rebuild()`);
      await tx.execute(sql`select call_timeline_rebuild()`);
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Rebuilt call_counts and the analytics rollups in ${seconds} s.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
