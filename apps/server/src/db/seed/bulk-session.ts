// One transaction for a bulk load. On PostgreSQL it holds a pool client of its own so that it can
// stream COPY; on PGlite it is an ordinary Drizzle transaction with batched inserts.
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { queryRows, type Db } from '../client.ts';
import { copySink } from './copy-sink.ts';
import { insertSink, type RowSink } from './row-sink.ts';

export interface BulkSession {
  sink: RowSink;
  /** Runs a statement in the load's transaction. */
  execute: (statement: SQL) => Promise<void>;
  /**
   * For the rest of the transaction, skips triggers and foreign-key checks when the role may
   * (superuser): the generated rows are consistent by construction (each call carries its
   * agent's organisation, every reference points at a row written before it), and the checks
   * are most of the server's work for a million calls. Without the privilege, it does nothing
   * and the load is slower but the same.
   */
  skipRowChecks: () => Promise<boolean>;
}

function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export async function withBulkSession<T>(
  db: Db,
  work: (session: BulkSession) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) {
    return db.transaction((tx) =>
      work({
        sink: insertSink(tx, 2000),
        execute: async (statement) => {
          await tx.execute(statement);
        },
        skipRowChecks: () => Promise.resolve(false),
      }),
    );
  }
  const client = await pool.connect();
  const clientDb = drizzle(client);
  try {
    await client.query('begin');
    const result = await work({
      sink: copySink(client),
      execute: async (statement) => {
        await clientDb.execute(statement);
      },
      skipRowChecks: async () => {
        const [role] = await queryRows<{ superuser: boolean }>(
          clientDb,
          sql`select current_setting('is_superuser') = 'on' as superuser`,
        );
        if (!role?.superuser) return false;
        await client.query('set local session_replication_role = replica');
        return true;
      },
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
