// Migrations, applied at every start and by `npm run db:migrate`, one replica at a time
// (docs/operations.md, "Start-up and migrations"; docs/decisions/0022-start-up-lock-and-graceful-shutdown.md).
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The PostgreSQL advisory lock that start-up work takes: applying the migrations, and loading the
 * demo data into an empty database. Replicas starting together on one database take turns, so
 * each migration and the demo data are applied once. Any 64-bit number no other application on
 * the database uses ("callboard" in ASCII).
 */
export const STARTUP_LOCK_KEY = 0x63616c6c626f6172n;

/** Where to say that another replica holds the lock: the server's logger, or a CLI's output. */
export interface StartupLog {
  info: (message: string) => void;
}

/**
 * Runs start-up work under STARTUP_LOCK_KEY; says so in the log when another replica holds it.
 * Not re-entrant: the lock is taken on a connection of its own, so never nest two calls.
 */
export function withStartupLock<T>(
  database: Pick<Database, 'withLock'>,
  work: () => Promise<T>,
  logger?: StartupLog,
): Promise<T> {
  return database.withLock(STARTUP_LOCK_KEY, work, () =>
    logger?.info('another replica is starting up (migrations or demo data); waiting for it'),
  );
}

/** Applies every committed migration that has not run yet. Safe to call at every start. */
export async function migrateDatabase(database: Database, logger?: StartupLog): Promise<void> {
  await withStartupLock(
    database,
    async () => {
      if (database.kind === 'pglite') {
        const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
        await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
      } else {
        await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
      }
    },
    logger,
  );
}
