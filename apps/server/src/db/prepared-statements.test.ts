// queryRows' prepared statements (docs/analytics.md, "Planning"): the same rows as any other
// statement, and on PostgreSQL one named statement per text, parsed once per connection.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { queryRows, type Database } from './client.ts';

describe.each(testDatabaseKinds)('prepared statements [$name]', ({ name, create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a statement under a name that its text alone decides', async () => {
    const result = await database.db.transaction(async (tx) => {
      const plusOne = (n: number) =>
        queryRows<{ n: number }>(tx, sql`select ${n}::int + 1 as n`, { prepared: true });
      const first = await plusOne(1);
      const second = await plusOne(41);
      const doubled = await queryRows<{ n: number }>(tx, sql`select ${2}::int * 2 as n`, {
        prepared: true,
      });
      const statements = await queryRows<{ statement: string; name: string }>(
        tx,
        sql`select statement, name from pg_prepared_statements order by statement`,
      );
      return { first, second, doubled, statements };
    });
    expect(result.first).toEqual([{ n: 2 }]);
    expect(result.second).toEqual([{ n: 42 }]);
    expect(result.doubled).toEqual([{ n: 4 }]);
    if (name === 'PostgreSQL') {
      // One statement for both runs of the first text; another for the second text.
      expect(result.statements.map((row) => row.statement)).toEqual([
        'select $1::int * 2 as n',
        'select $1::int + 1 as n',
      ]);
      expect(result.statements.every((row) => /^cb_[\w-]{24}$/u.test(row.name))).toBe(true);
    } else {
      // PGlite is one connection in the process: Drizzle runs the statement unnamed there.
      expect(result.statements).toEqual([]);
    }
  });
});
