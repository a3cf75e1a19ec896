// A DATA_DIR for server processes on the embedded database: migrated and holding a small demo
// dataset (the demo accounts, a few calls each), made in this process so that the servers under
// test start in seconds rather than load thousands of calls first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/seed.ts';

export interface PgliteDataDir {
  /** The folder to pass as DATA_DIR. */
  dataDir: string;
  remove: () => void;
}

export async function preparePgliteDataDir(callsPerOrganisation = 3): Promise<PgliteDataDir> {
  const dataDir = mkdtempSync(join(tmpdir(), 'callboard-pglite-'));
  const database = await openDatabase(databaseTarget({ DATA_DIR: dataDir }));
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db, { callsPerOrganisation });
  } finally {
    await database.close();
  }
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}
