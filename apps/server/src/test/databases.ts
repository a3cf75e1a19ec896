// The databases that database and API tests run against: PGlite always; a fresh database on the
// PostgreSQL server at TEST_DATABASE_URL as well when that is set (CI sets it).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AccessClaims } from '../db/tenant.ts';

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

/**
 * A live session for the user with this email, written straight into the sessions table: the
 * claims withTenant takes, without a sign-in over HTTP.
 */
export async function sessionFor(database: Database, email: string): Promise<AccessClaims> {
  const [row] = await queryRows<{ user_id: string; session_id: string }>(
    database.db,
    sql`insert into sessions (token, expires_at, user_id)
        select md5(random()::text), now() + interval '1 hour', id from users where email = ${email}
        returning user_id, id as session_id`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return { userId: row.user_id, sessionId: row.session_id };
}
