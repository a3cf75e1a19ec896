// The databases that database and API tests run against: PGlite always; a fresh database on the
// PostgreSQL server at TEST_DATABASE_URL as well when that is set (CI sets it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

export interface TestDatabaseKind {
  name: 'PGlite' | 'PostgreSQL';
  /** A new, empty, migrated database; close() also drops it. */
  create: () => Promise<Database>;
}

const serverUrl = process.env.TEST_DATABASE_URL;

async function createPostgresDatabase(url: string): Promise<Database> {
  const name = `callboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export const testDatabaseKinds: TestDatabaseKind[] = [
  {
    name: 'PGlite',
    create: async () => {
      const database = await openDatabase({ kind: 'pglite' });
      await migrateDatabase(database);
      return database;
    },
  },
  ...(serverUrl
    ? [
        {
          name: 'PostgreSQL' as const,
          create: async () => {
            const database = await createPostgresDatabase(serverUrl);
            await migrateDatabase(database);
            return database;
          },
        },
      ]
    : []),
];
