// Analytics reads rollups kept by triggers (docs/analytics.md). Whatever changes the calls or their
// history, one statement or many rows at a time, the rollups must equal what a full rebuild
// computes from call_log and call_activity; and a rebuild must repair rollups that were damaged.
// (That the rebuild's definitions are the analytics definitions is the analytics property
// test's job: modules/analytics/analytics.test.ts.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { queryRows, type Database } from './client.ts';
import { seedDemoData } from './seed/seed.ts';

/** Every rollup row that is not all zeros, as sorted text lines. */
async function rollups(database: Database) {
  const lines = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ line: string }>(database.db, query)).map((row) => row.line).sort();
  return {
    timeline: await lines(
      sql`select concat_ws('|', call_id, arrival, at, organisation_id, agent_id, status, assignee_id,
                 sentiment, duration_seconds, disconnection_reason, open_delta, unassigned_delta,
                 close_seconds, previous_close_at) as line from call_timeline`,
    ),
    hourly: await lines(
      sql`select concat_ws('|', organisation_id, agent_id, hour, new_0, new_1, new_2, new_3,
                 in_progress_0, in_progress_1, in_progress_2, in_progress_3, closed_0, closed_1,
                 closed_2, closed_3, duration_total, with_duration, positive, neutral, negative,
                 open_delta, unassigned_delta) as line
          from call_hourly
          where greatest(new_0, new_1, new_2, new_3, in_progress_0, in_progress_1, in_progress_2,
                         in_progress_3, closed_0, closed_1, closed_2, closed_3, with_duration) > 0
             or open_delta <> 0 or unassigned_delta <> 0`,
    ),
    hourlyTotals: await lines(
      sql`select concat_ws('|', organisation_id, hour, new_0, new_1, new_2, new_3, in_progress_0,
                 in_progress_1, in_progress_2, in_progress_3, closed_0, closed_1, closed_2,
                 closed_3) as line
          from call_hourly_totals
          where greatest(new_0, new_1, new_2, new_3, in_progress_0, in_progress_1, in_progress_2,
                         in_progress_3, closed_0, closed_1, closed_2, closed_3) > 0`,
    ),
    // call_hourly_totals as call_hourly says it should be: its calls received, summed over agents.
    hourlySummed: await lines(
      sql`select concat_ws('|', organisation_id, hour, sum(new_0), sum(new_1), sum(new_2),
                 sum(new_3), sum(in_progress_0), sum(in_progress_1), sum(in_progress_2),
                 sum(in_progress_3), sum(closed_0), sum(closed_1), sum(closed_2),
                 sum(closed_3)) as line
          from call_hourly
          group by organisation_id, hour
          having greatest(sum(new_0), sum(new_1), sum(new_2), sum(new_3), sum(in_progress_0),
                          sum(in_progress_1), sum(in_progress_2), sum(in_progress_3),
                          sum(closed_0), sum(closed_1), sum(closed_2), sum(closed_3)) > 0`,
    ),
    reasons: await lines(
      sql`select concat_ws('|', organisation_id, agent_id, hour, reason, calls) as line
          from call_hourly_reasons where calls <> 0`,
    ),
    daily: await lines(
      sql`select concat_ws('|', organisation_id, agent_id, day, calls, duration_total, with_duration,
                 positive, neutral, negative, open_delta, unassigned_delta) as line
          from call_daily where calls <> 0 or with_duration <> 0 or open_delta <> 0 or unassigned_delta <> 0`,
    ),
    dailyReasons: await lines(
      sql`select concat_ws('|', organisation_id, agent_id, day, reason, calls) as line
          from call_daily_reasons where calls <> 0`,
    ),
    dailyCloses: await lines(
      sql`select concat_ws('|', organisation_id, coalesce(agent_id, '(all)'), day, bucket, closes) as line
          from call_daily_closes where closes <> 0`,
    ),
    workload: await lines(
      sql`select concat_ws('|', organisation_id, agent_id, assignee_id, calls) as line
          from call_workload where calls <> 0`,
    ),
  };
}

async function expectRollupsEqualRebuild(database: Database) {
  const kept = await rollups(database);
  await database.db.execute(sql`select call_timeline_rebuild()`);
  const rebuilt = await rollups(database);
  expect(kept.timeline).toEqual(rebuilt.timeline);
  expect(kept.hourly).toEqual(rebuilt.hourly);
  expect(kept.hourlyTotals).toEqual(rebuilt.hourlyTotals);
  expect(kept.hourlyTotals).toEqual(kept.hourlySummed);
  expect(kept.reasons).toEqual(rebuilt.reasons);
  expect(kept.daily).toEqual(rebuilt.daily);
  expect(kept.dailyReasons).toEqual(rebuilt.dailyReasons);
  expect(kept.dailyCloses).toEqual(rebuilt.dailyCloses);
  expect(kept.workload).toEqual(rebuilt.workload);
  return rebuilt;
}

/** `count` calls picked by `seed`, as a subquery of call ids. */
const pick = (seed: number, count: number) =>
  sql`(select call_id from call_log order by md5(call_id || ${String(seed)}) limit ${count})`;

/**
 * The ways calls and their history change: as the application does them (a status change or an
 * assignment with its activity, one call or several), and as data arrives or is repaired around it.
 */
const OPERATIONS = {
  async changeStatus(database: Database, seed: number, count: number) {
    const status = ['New', 'In progress', 'Closed'][seed % 3] ?? 'Closed';
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into call_activity (call_id, organisation_id, type, previous_status, new_status)
        select call_id, organisation_id, 'STATUS_CHANGED', status, ${status}
        from call_log where call_id in ${pick(seed, count)} and status <> ${status}`);
      await tx.execute(
        sql`update call_log set status = ${status} where call_id in ${pick(seed, count)}`,
      );
    });
  },
  async assign(database: Database, seed: number, count: number) {
    await database.db.transaction(async (tx) => {
      const assignee =
        seed % 4 === 0
          ? sql`null::uuid`
          : sql`(select p.id from profiles p where p.organisation_id = c.organisation_id
                 order by md5(p.id::text || ${String(seed)}) limit 1)`;
      await tx.execute(sql`
        with chosen as (
          select c.call_id, c.organisation_id, c.assignee_id as previous, ${assignee} as next
          from call_log c where c.call_id in ${pick(seed, count)}
        ),
        logged as (
          insert into call_activity (call_id, organisation_id, type, previous_assignee_id, new_assignee_id)
          select call_id, organisation_id, 'ASSIGNED', previous, next from chosen
          where previous is distinct from next
        )
        update call_log c set assignee_id = chosen.next from chosen where c.call_id = chosen.call_id`);
    });
  },
  async deleteOrRestore(database: Database, seed: number, count: number) {
    await database.db.execute(
      sql`update call_log set deleted_flag = ${seed % 2 === 0} where call_id in ${pick(seed, count)}`,
    );
  },
  async remapAgent(database: Database, seed: number) {
    const agent = ['nw-agent-1', 'nw-agent-2', 'gx-agent-1'][seed % 3] ?? 'nw-agent-1';
    const organisation = ['Globex Insurance', 'Northwind Clinics', null][seed % 3];
    await database.db.execute(sql`
      update agent_mapping set organisation_id = (select id from organisations where name = ${organisation})
      where agent_id = ${agent}`);
  },
  async ingest(database: Database, seed: number, count: number) {
    // New calls at past instants (some on an hour's edge; some already assigned, some arriving
    // deleted), and resent calls whose figures changed.
    await database.db.execute(sql`
      insert into call_log (call_id, agent_id, status, assignee_id, deleted_flag, end_datetime,
                            duration_seconds, sentiment, disconnection_reason)
      select 'rollup-' || ${String(seed)} || '-' || n, 'nw-agent-' || (1 + n % 4),
             (array['New', 'In progress', 'Closed'])[1 + n % 3],
             case when n % 4 = 1 then (select p.id from profiles p join organisations o on o.id = p.organisation_id
                                       where o.name = 'Northwind Clinics' order by p.id limit 1) end,
             case when n % 7 = 3 then true end,
             date_trunc('hour', now()) - (n * 37 + ${seed % 100}) * interval '1 hour' - (n % 2) * interval '1 microsecond',
             case when n % 5 = 0 then null else 30 + n end,
             (array['positive', 'neutral', 'negative', null])[1 + n % 4],
             (array['customer_hangup', 'agent_hangup', null])[1 + n % 3]
      from generate_series(1, ${count}) as n
      on conflict (call_id) do nothing`);
    await database.db.execute(sql`
      update call_log set sentiment = 'negative', duration_seconds = coalesce(duration_seconds, 0) + 7,
                          disconnection_reason = 'transferred'
      where call_id in ${pick(seed + 1, count)}`);
  },
  async backdatedHistory(database: Database, seed: number, count: number) {
    // History written at chosen instants, even before the call ended (as an import might).
    await database.db.execute(sql`
      insert into call_activity (call_id, organisation_id, type, previous_status, new_status, created_at)
      select call_id, organisation_id, 'STATUS_CHANGED', status, 'Closed',
             end_datetime + (${(seed % 5) - 2} * interval '1 hour')
      from call_log where call_id in ${pick(seed, count)}`);
  },
  async changeWithoutHistory(database: Database, seed: number, count: number) {
    await database.db.execute(sql`
      update call_log set status = 'In progress', end_datetime = end_datetime - interval '90 minutes'
      where call_id in ${pick(seed, count)}`);
  },
  async contentOnly(database: Database, seed: number, count: number) {
    await database.db.execute(
      sql`update call_log set summary = 'edited ' || ${String(seed)} where call_id in ${pick(seed, count)}`,
    );
  },
  async hardDelete(database: Database, seed: number, count: number) {
    await database.db.execute(sql`delete from call_log where call_id in ${pick(seed, count)}`);
  },
  async removeAssignee(database: Database, seed: number) {
    // A profile removed: its calls' assignee becomes null by the foreign key, with no activity.
    await database.db.execute(sql`
      update call_log set assignee_id = null
      where assignee_id = (select assignee_id from call_log where assignee_id is not null
                           order by md5(call_id || ${String(seed)}) limit 1)`);
  },
} satisfies Record<string, (database: Database, seed: number, count: number) => Promise<void>>;

describe.each(testDatabaseKinds)('analytics rollups [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 80 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('are complete after the seed', async () => {
    const rebuilt = await expectRollupsEqualRebuild(database);
    const [counted] = await queryRows<{ calls: number | string }>(
      database.db,
      sql`select count(*) as calls from call_log
          where organisation_id is not null and deleted_flag is not true`,
    );
    expect(rebuilt.timeline.filter((line) => line.split('|')[1] === 't')).toHaveLength(
      Number(counted?.calls),
    );
    expect(rebuilt.hourly.length).toBeGreaterThan(0);
    expect(rebuilt.hourlyTotals.length).toBeGreaterThan(0);
    expect(rebuilt.workload.length).toBeGreaterThan(0);
    expect(rebuilt.daily.length).toBeGreaterThan(0);
    expect(rebuilt.dailyReasons.length).toBeGreaterThan(0);
    expect(rebuilt.dailyCloses.length).toBeGreaterThan(0);
  });

  it('equal a full rebuild after any sequence of changes', async () => {
    const names = Object.keys(OPERATIONS) as (keyof typeof OPERATIONS)[];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.constantFrom(...names),
            seed: fc.integer({ min: 0, max: 10_000 }),
            count: fc.integer({ min: 1, max: 12 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (steps) => {
          for (const step of steps) await OPERATIONS[step.name](database, step.seed, step.count);
          await expectRollupsEqualRebuild(database);
        },
      ),
      { numRuns: 12, seed: 20261124 },
    );
  });

  it('are rebuilt the same in batches of calls as in one', async () => {
    const whole = await expectRollupsEqualRebuild(database);
    await database.db.execute(sql`select call_timeline_rebuild(7)`);
    expect(await rollups(database)).toEqual(whole);
  });

  it('are filled for the calls already there by the migrations that added the daily ones and the hourly totals', async () => {
    const before = await rollups(database);
    await database.db.execute(
      sql`truncate call_daily, call_daily_reasons, call_daily_closes, call_hourly_totals`,
    );
    const fills = [
      '0036_analytics_daily_rollups_fill.sql',
      '0037_analytics_daily_sums.sql',
      '0044_analytics_hourly_totals.sql',
    ]
      .map((file) =>
        readFileSync(fileURLToPath(new URL(`migrations/${file}`, import.meta.url)), 'utf8'),
      )
      .flatMap((migration) => migration.split('--> statement-breakpoint'))
      .filter((statement) => /^INSERT/mu.test(statement));
    expect(fills).toHaveLength(4);
    for (const fill of fills) await database.db.execute(sql.raw(fill));
    expect(await rollups(database)).toEqual(before);
  });

  it('are repaired by a rebuild', async () => {
    const before = await rollups(database);
    await database.db.execute(sql`update call_hourly set open_delta = open_delta + 5`);
    await database.db.execute(sql`update call_hourly_totals set closed_2 = closed_2 + 1`);
    await database.db.execute(sql`delete from call_workload`);
    await database.db.execute(sql`delete from call_timeline where arrival`);
    expect((await rollups(database)).hourly).not.toEqual(before.hourly);
    expect((await rollups(database)).hourlyTotals).not.toEqual(before.hourlyTotals);
    await database.db.execute(sql`select call_timeline_rebuild()`);
    expect(await rollups(database)).toEqual(before);
  });
});

// Two transactions of one organisation that each write its rollups over two statements (an
// assignment: the call's update, then its history row) must queue, not deadlock. PostgreSQL only:
// PGlite has one connection, so nothing runs at the same time there.
const postgres = testDatabaseKinds.find((kind) => kind.name === 'PostgreSQL');

describe.runIf(postgres)('analytics rollups under concurrent writers [PostgreSQL]', () => {
  let database: Database;

  beforeAll(async () => {
    if (!postgres) throw new Error('runs only with TEST_DATABASE_URL');
    database = await postgres.create();
    await seedDemoData(database.db, { callsPerOrganisation: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('queue two assignments whose statements lock rollup rows in opposite orders', async () => {
    const [setting] = await queryRows<{ agent: string; org: string; leo: string; older: string }>(
      database.db,
      sql`select c.agent_id as agent, c.organisation_id as org, p.id as leo, c.call_id as older
          from call_log c join profiles p on p.organisation_id = c.organisation_id
          where c.status = 'New' and c.assignee_id is null and c.deleted_flag is not true
            and c.end_datetime < date_trunc('hour', now())
            and p.id = (select id from profiles where organisation_id = c.organisation_id
                        order by id limit 1)
          order by c.call_id limit 1`,
    );
    if (!setting) throw new Error('the demo data has no open unassigned call');
    // A second call of the same agent that arrived this hour: its arrival lies in the hourly row
    // the first assignment's history row will need.
    await database.db.execute(sql`
      insert into call_log (call_id, agent_id, status, end_datetime)
      values ('rollup-lock-recent', ${setting.agent}, 'New', date_trunc('hour', now()))`);

    const assign = (callId: string) =>
      sql`update call_log set assignee_id = ${setting.leo} where call_id = ${callId}`;
    const history = (callId: string) =>
      sql`insert into call_activity (call_id, organisation_id, type, previous_assignee_id, new_assignee_id)
          values (${callId}, ${setting.org}, 'ASSIGNED', null, ${setting.leo})`;

    let secondPid = 0;
    let firstUpdated: () => void = () => undefined;
    const firstHasUpdated = new Promise<void>((resolve) => {
      firstUpdated = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      await tx.execute(assign(setting.older));
      firstUpdated();
      // On, once the second transaction waits for something this one holds.
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ waiting: boolean }>(
                database.db,
                sql`select wait_event_type = 'Lock' as waiting from pg_stat_activity
                    where pid = ${secondPid}`,
              )
            )[0]?.waiting ?? false,
          { timeout: 10_000 },
        )
        .toBe(true);
      await tx.execute(history(setting.older));
    });
    const second = firstHasUpdated.then(() =>
      database.db.transaction(async (tx) => {
        const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        secondPid = backend?.pid ?? 0;
        await tx.execute(assign('rollup-lock-recent'));
        await tx.execute(history('rollup-lock-recent'));
      }),
    );

    // Before the organisation's lock, one of the two was ended with "deadlock detected".
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    await expectRollupsEqualRebuild(database);
  });
});
