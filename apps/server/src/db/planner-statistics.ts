// The planner's statistics for the embedded database. PostgreSQL's autovacuum gathers them on a
// server; PGlite runs no background workers, so there a table is planned from no statistics at
// all until someone runs ANALYZE. Measured on 100,000 calls: the list's first page took 24–26 ms
// in the database before an ANALYZE and 9–11 ms after (docs/operations.md,
// "Topology").
import { sql } from 'drizzle-orm';
import { queryRows, type QueryRunner } from './client.ts';

/** A table is analysed again once it is this much larger than when it was last analysed. */
const GROWTH = 1.2;
/** …and at least this many pages larger, so that small tables are not analysed over and over. */
const SLACK_PAGES = 8;

/**
 * ANALYZEs the application's tables that have rows but no statistics, or have grown by a fifth
 * since pg_class last recorded their size (ANALYZE records it, and so do CREATE INDEX and VACUUM,
 * which is why a size alone cannot say whether a table was ever analysed). Returns their names.
 */
export async function analyzeStaleTables(db: QueryRunner): Promise<string[]> {
  const stale = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name
        from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and ((pg_relation_size(c.oid) > 0
                and not exists (select 1 from pg_stats s
                                where s.schemaname = 'public' and s.tablename = c.relname))
               or pg_relation_size(c.oid) / current_setting('block_size')::int
                  > ${GROWTH}::float8 * c.relpages + ${SLACK_PAGES}::int)
        order by c.relname`,
  );
  if (stale.length === 0) return [];
  await db.execute(
    sql`analyze ${sql.join(
      stale.map((table) => sql.identifier(table.name)),
      sql`, `,
    )}`,
  );
  return stale.map((table) => table.name);
}
