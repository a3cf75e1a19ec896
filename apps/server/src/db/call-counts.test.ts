// call_counts must always equal a count over call_log, whatever changed it: inserts, status and
// deleted changes, agent remapping, deletes, and a rebuild after a load that skipped triggers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { queryRows, type Database } from './client.ts';
import { seedDemoData } from './seed/seed.ts';

interface CountRow {
  organisation_id: string;
  status: string;
  deleted: boolean;
  calls: number | string;
}

async function expectCountersExact(database: Database) {
  const normalise = (rows: CountRow[]) =>
    rows
      .map(
        (row) => `${row.organisation_id}|${row.status}|${String(row.deleted)}|${Number(row.calls)}`,
      )
      .sort();
  const counters = await queryRows<CountRow>(
    database.db,
    sql`select organisation_id, status, deleted, calls from call_counts where calls <> 0`,
  );
  const truth = await queryRows<CountRow>(
    database.db,
    sql`select organisation_id, status, coalesce(deleted_flag, false) as deleted, count(*) as calls
        from call_log where organisation_id is not null group by 1, 2, 3`,
  );
  expect(normalise(counters)).toEqual(normalise(truth));
  expect(truth.length).toBeGreaterThan(0);
}

describe.each(testDatabaseKinds)('call_counts [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 60 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('matches call_log after the seed', async () => {
    await expectCountersExact(database);
  });

  it('follows status, deleted and assignee changes, several rows at a time', async () => {
    await database.db.execute(sql`
      update call_log set status = 'Closed'
      where call_id in (select call_id from call_log where status <> 'Closed' order by call_id limit 7)`);
    await database.db.execute(sql`
      update call_log set deleted_flag = true
      where call_id in (select call_id from call_log where deleted_flag is not true order by call_id desc limit 5)`);
    await database.db.execute(
      sql`update call_log set deleted_flag = false where deleted_flag is null`,
    );
    await database.db.execute(
      sql`update call_log set assignee_id = null where call_id in (select call_id from call_log limit 3)`,
    );
    await expectCountersExact(database);
  });

  it('moves counts with the calls when an agent is remapped or unmapped', async () => {
    await database.db.execute(sql`
      update agent_mapping set organisation_id = (select id from organisations where name = 'Globex Insurance')
      where agent_id = 'nw-agent-1'`);
    await expectCountersExact(database);
    await database.db.execute(
      sql`update agent_mapping set organisation_id = null where agent_id = 'nw-agent-1'`,
    );
    await expectCountersExact(database);
  });

  it('follows inserts and deletes', async () => {
    await database.db.execute(sql`
      insert into call_log (call_id, agent_id, status, end_datetime)
      values ('count-test-1', 'gx-agent-1', 'New', now()), ('count-test-2', 'gx-agent-2', 'Closed', now()),
             ('count-test-3', 'stray-agent-1', 'New', now())`);
    await expectCountersExact(database);
    await database.db.execute(sql`delete from call_log where call_id like 'count-test-%'`);
    await database.db.execute(
      sql`delete from call_log where call_id in (select call_id from call_log order by call_id limit 4)`,
    );
    await expectCountersExact(database);
  });

  it('can be rebuilt from scratch', async () => {
    await database.db.execute(sql`update call_counts set calls = calls + 1000`);
    await database.db.execute(sql`select call_counts_rebuild()`);
    await expectCountersExact(database);
  });
});
