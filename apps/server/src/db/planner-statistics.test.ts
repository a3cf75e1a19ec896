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
  });
  afterAll(async () => {
    await database.close();
  });

  it('analyses tables never analysed, then only those that have grown', async () => {
    expect(await reltuples(database, 'call_log')).toBe(-1);
    const first = await analyzeStaleTables(database.db);
    expect(first).toEqual(expect.arrayContaining(['call_log', 'organisations', 'call_hourly']));
    expect(await reltuples(database, 'call_log')).toBe(0);
    expect(await analyzeStaleTables(database.db)).toEqual([]);

    await seedDemoData(database.db, { callsPerOrganisation: 300 });
    const calls = (
      await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from call_log`)
    )[0]?.n;
    const grown = await analyzeStaleTables(database.db);
    expect(grown).toContain('call_log');
    expect(grown).not.toContain('jwks');
    expect(await reltuples(database, 'call_log')).toBe(calls);
    expect(await analyzeStaleTables(database.db)).toEqual([]);
  });
});
