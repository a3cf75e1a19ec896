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
  /**
   * For the rest of the transaction, drops the indexes of `tables` that no constraint uses, and
   * returns a function that creates them again as they were (same names, definitions and
   * options); call it before the transaction ends. The primary keys stay, as foreign keys depend
   * on them. One build over the loaded rows is far cheaper than updating every index row by row,
   * the search indexes most of all (docs/decisions/0028-search-indexes-without-a-pending-list.md),
   * and the gap grows with the table. Dropping an index locks its table against readers as well
   * as writers until the transaction ends.
   */
  deferIndexes: (tables: readonly string[]) => Promise<() => Promise<void>>;
}

async function deferIndexes(
  handle: Pick<Db, 'execute'>,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    handle,
    sql`select format('%I.%I', n.nspname, c.relname) as name,
               pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
        where i.indrelid = any (${sql.param([...tables])}::regclass[])
          and not exists (select from pg_constraint k where k.conindid = i.indexrelid)
        order by i.indrelid, i.indexrelid`,
  );
  if (indexes.length > 0) {
    await handle.execute(sql.raw(`drop index ${indexes.map((index) => index.name).join(', ')}`));
  }
  return async () => {
    for (const index of indexes) await handle.execute(sql.raw(index.definition));
  };
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
        deferIndexes: (tables) => deferIndexes(tx, tables),
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
      deferIndexes: (tables) => deferIndexes(clientDb, tables),
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
