// The embedded database starts with the settings that bound its memory (docs/operations.md,
// "Sizing"): PGlite never gives back the memory its instance has touched.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client.ts';

describe('the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs with 32 MB of shared buffers and samples 3,000 rows a table to plan', async () => {
    const rows = await queryRows<{ name: string; setting: string; unit: string | null }>(
      database.db,
      sql`select name, setting, unit from pg_settings
          where name in ('shared_buffers', 'default_statistics_target') order by name`,
    );
    expect(rows).toEqual([
      { name: 'default_statistics_target', setting: '10', unit: null },
      // 4,096 pages of 8 kB.
      { name: 'shared_buffers', setting: '4096', unit: '8kB' },
    ]);
  });
});
