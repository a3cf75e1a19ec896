// analyzeStaleTables: what stands in for autovacuum's ANALYZE on the embedded database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { queryRows, type Database } from './client.ts';
import { analyzeStaleTables } from './planner-statistics.ts';
import { seedDemoData } from './seed/seed.ts';

async function reltuples(database: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ reltuples: number }>(
    database.db,
    sql`select reltuples::float8 as reltuples from pg_class
        where relname = ${table} and relnamespace = 'public'::regnamespace`,
  );
  return row?.reltuples ?? Number.NaN;
}

describe.each(testDatabaseKinds)('planner statistics [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
    // On PostgreSQL autovacuum could analyse the table first; the question is what this finds.
    await database.db.execute(sql`alter table call_log set (autovacuum_enabled = false)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('analyses tables with rows and no statistics, then those that have grown', async () => {
    // Migrated and empty: nothing to gather.
    expect(await analyzeStaleTables(database.db)).toEqual([]);

    await seedDemoData(database.db, { callsPerOrganisation: 300 });
    // On PostgreSQL a migration's CREATE INDEX records the table's size, as ANALYZE does, but no
    // statistics.
    await database.db.execute(
      sql`create index planner_statistics_test_idx on call_log (caller_name)`,
    );
    const calls = (
      await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from call_log`)
    )[0]?.n;
    const seeded = await analyzeStaleTables(database.db);
    expect(seeded).toEqual(expect.arrayContaining(['call_log', 'organisations', 'call_hourly']));
    expect(seeded).not.toContain('jwks');
    expect(await reltuples(database, 'call_log')).toBe(calls);
    expect(await analyzeStaleTables(database.db)).toEqual([]);

    // Twice as many calls again: far past the fifth.
    await database.db.execute(
      sql`insert into call_log (call_id, organisation_id, agent_id, status, end_datetime, summary)
          select call_id || '-' || copy, organisation_id, agent_id, status, end_datetime, summary
          from call_log cross join generate_series(1, 2) as copy`,
    );
    expect(await analyzeStaleTables(database.db)).toContain('call_log');
    expect(await analyzeStaleTables(database.db)).toEqual([]);
  });
});
