// The demo dataset is what every first run and many tests stand on: the accounts the README lists,
// deterministic rows, and history that agrees with the calls it describes.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verifyPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { queryRows, type Database, type Db } from '../client.ts';
import { DEMO_RECORDINGS } from './demo-recordings.ts';
import {
  benchDistribution,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoData,
  seedDemoDataIfEmpty,
  seedLargeDataset,
  type SeedSummary,
} from './seed.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const CALLS_PER_ORGANISATION = 200;
const STRAY_CALLS = 40;
const DAY = 86_400_000;

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('expected a row');
  return row;
}

/** A fingerprint of every call and activity row, in a stable order. */
async function fingerprint(db: Db): Promise<{ calls: string; activities: string }> {
  return one(
    db,
    sql`select (select md5(string_agg(c::text, '|' order by c.call_id)) from call_log c) as calls,
               (select md5(string_agg(a::text, '|' order by a.id)) from call_activity a) as activities`,
  );
}

describe('benchDistribution', () => {
  it('gives the first organisation about a tenth and the rest evenly, adding up', () => {
    const shares = benchDistribution(1_000_000, 200);
    expect(shares).toHaveLength(200);
    expect(shares[0]).toBe(100_000);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(1_000_000);
    expect(Math.max(...shares.slice(1)) - Math.min(...shares.slice(1))).toBeLessThanOrEqual(1);
    expect(benchDistribution(17, 1)).toEqual([17]);
  });
});

describe.each(testDatabaseKinds)('demo data [$name]', ({ create }) => {
  let database: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await create();
    summary = await seedDemoData(database.db, {
      callsPerOrganisation: CALLS_PER_ORGANISATION,
      now: NOW,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('reports what it loaded', async () => {
    expect(summary).toMatchObject({
      organisations: 2,
      users: DEMO_ACCOUNTS.length,
      agents: 8,
      calls: 2 * CALLS_PER_ORGANISATION + STRAY_CALLS,
    });
    const counts = await one<{ calls: number | string; activities: number | string }>(
      database.db,
      sql`select (select count(*) from call_log) as calls, (select count(*) from call_activity) as activities`,
    );
    expect(Number(counts.calls)).toBe(summary.calls);
    expect(Number(counts.activities)).toBe(summary.activities);
  });

  it('creates exactly the demo accounts, with their organisations, roles and sign-in', async () => {
    const rows = await queryRows<{
      email: string;
      name: string;
      email_verified: boolean;
      first_name: string;
      last_name: string;
      organisation: string | null;
      role: string;
      is_super_admin: boolean;
      provider_id: string;
      account_matches_user: boolean;
    }>(
      database.db,
      sql`select u.email, u.name, u.email_verified, p.first_name, p.last_name, o.name as organisation, p.role,
                 p.is_super_admin, a.provider_id, a.account_id = u.id::text as account_matches_user
          from users u
          join profiles p on p.id = u.id
          join accounts a on a.user_id = u.id
          left join organisations o on o.id = p.organisation_id
          order by u.email`,
    );
    const expected = DEMO_ACCOUNTS.map((account) => ({
      email: account.email,
      name: `${account.firstName} ${account.lastName}`,
      email_verified: true,
      first_name: account.firstName,
      last_name: account.lastName,
      organisation: account.organisation,
      role: account.role,
      is_super_admin: account.isSuperAdmin,
      provider_id: 'credential',
      account_matches_user: true,
    })).sort((a, b) => a.email.localeCompare(b.email));
    expect(rows).toEqual(expected);
    expect(
      DEMO_ACCOUNTS.filter((account) => account.isSuperAdmin).map((account) => account.email),
    ).toEqual(['root@callboard.test']);
  });

  it('stores a password hash that better-auth accepts', async () => {
    const { password } = await one<{ password: string }>(
      database.db,
      sql`select a.password from accounts a join users u on u.id = a.user_id where u.email = 'mia@northwind.test'`,
    );
    expect(await verifyPassword({ hash: password, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: password, password: 'not-the-password' })).toBe(false);
  });

  it('maps the agents, and leaves stray-agent-1 unmapped with its calls visible to no organisation', async () => {
    const agents = await queryRows<{
      agent_id: string;
      organisation: string | null;
      display_name: string | null;
    }>(
      database.db,
      sql`select m.agent_id, o.name as organisation, m.display_name
          from agent_mapping m left join organisations o on o.id = m.organisation_id order by m.agent_id`,
    );
    expect(agents.map((agent) => [agent.agent_id, agent.organisation])).toEqual([
      ['gx-agent-1', 'Globex Insurance'],
      ['gx-agent-2', 'Globex Insurance'],
      ['gx-agent-3', 'Globex Insurance'],
      ['nw-agent-1', 'Northwind Clinics'],
      ['nw-agent-2', 'Northwind Clinics'],
      ['nw-agent-3', 'Northwind Clinics'],
      ['nw-agent-4', 'Northwind Clinics'],
      ['stray-agent-1', null],
    ]);
    expect(agents.every((agent) => agent.display_name)).toBe(true);
    const stray = await one<{
      calls: number | string;
      with_organisation: number | string;
      assigned: number | string;
    }>(
      database.db,
      sql`select count(*) as calls, count(organisation_id) as with_organisation, count(assignee_id) as assigned
          from call_log where agent_id = 'stray-agent-1'`,
    );
    expect(Number(stray.calls)).toBe(STRAY_CALLS);
    expect(Number(stray.with_organisation)).toBe(0);
    expect(Number(stray.assigned)).toBe(0);
  });

  it("files every call under its agent's organisation, and its history with it", async () => {
    const mismatches = await one<{ calls: number | string; activities: number | string }>(
      database.db,
      sql`select
            (select count(*) from call_log c join agent_mapping m on m.agent_id = c.agent_id
              where c.organisation_id is distinct from m.organisation_id) as calls,
            (select count(*) from call_activity a join call_log c on c.call_id = a.call_id
              where a.organisation_id is distinct from c.organisation_id) as activities`,
    );
    expect({ calls: Number(mismatches.calls), activities: Number(mismatches.activities) }).toEqual({
      calls: 0,
      activities: 0,
    });
  });

  it('has realistic shares of statuses, deleted and unassigned calls', async () => {
    const shares = await one<{
      total: number | string;
      new: number | string;
      in_progress: number | string;
      closed: number | string;
      deleted: number | string;
      explicitly_not_deleted: number | string;
      unassigned: number | string;
    }>(
      database.db,
      sql`select count(*) as total,
                 count(*) filter (where status = 'New') as new,
                 count(*) filter (where status = 'In progress') as in_progress,
                 count(*) filter (where status = 'Closed') as closed,
                 count(*) filter (where deleted_flag) as deleted,
                 count(*) filter (where deleted_flag = false) as explicitly_not_deleted,
                 count(*) filter (where assignee_id is null) as unassigned
          from call_log where organisation_id is not null`,
    );
    const total = Number(shares.total);
    expect(total).toBe(2 * CALLS_PER_ORGANISATION);
    expect(Number(shares.new)).toBeGreaterThan(0);
    expect(Number(shares.in_progress)).toBeGreaterThan(0);
    expect(Number(shares.closed) / total).toBeGreaterThan(0.2);
    expect(Number(shares.closed) / total).toBeLessThan(0.47);
    expect(Number(shares.deleted) / total).toBeGreaterThan(0.01);
    expect(Number(shares.deleted) / total).toBeLessThan(0.1);
    expect(Number(shares.explicitly_not_deleted)).toBeGreaterThan(0);
    expect(Number(shares.unassigned) / total).toBeGreaterThan(0.18);
    expect(Number(shares.unassigned) / total).toBeLessThan(0.42);
  });

  it('keeps calls within the last 90 days, with sensible fields', async () => {
    const bounds = await one<{
      earliest: string;
      latest: string;
      bad_duration: number | string;
      bad_recording: number | string;
      bad_numbers: number | string;
      without_summary: number | string;
    }>(
      database.db,
      sql`select min(end_datetime)::text as earliest, max(end_datetime)::text as latest,
                 count(*) filter (where duration_seconds not between 20 and 1200
                   or end_datetime - start_datetime <> make_interval(secs => duration_seconds)) as bad_duration,
                 count(*) filter (where recording_url is not null
                   and recording_url !~ '^/demo-recordings/[a-z-]+[.]oga$') as bad_recording,
                 count(*) filter (where from_number !~ '^\\+(1|44)[0-9]{9,11}$' or to_number !~ '^\\+(1|44)[0-9]{9,11}$') as bad_numbers,
                 count(*) filter (where summary is null or summary = '') as without_summary
          from call_log`,
    );
    expect(new Date(bounds.earliest).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY);
    expect(new Date(bounds.latest).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(Number(bounds.bad_duration)).toBe(0);
    expect(Number(bounds.bad_recording)).toBe(0);
    expect(Number(bounds.bad_numbers)).toBe(0);
    expect(Number(bounds.without_summary)).toBe(0);
  });

  it('links the recorded demo calls, the newest of their organisation, to files the app serves', async () => {
    const recorded = await queryRows<{
      recording_url: string;
      transcript: unknown;
      duration_seconds: number;
      caller_name: string;
      newest: boolean;
    }>(
      database.db,
      sql`select c.recording_url, c.transcript, c.duration_seconds, c.caller_name,
                 c.end_datetime >= (select max(o.end_datetime) - interval '2 hours' from call_log o
                                    where o.organisation_id = c.organisation_id) as newest
          from call_log c where c.recording_url is not null order by c.recording_url`,
    );
    const expected = [...DEMO_RECORDINGS].sort((a, b) =>
      `/demo-recordings/${a.key}.oga`.localeCompare(`/demo-recordings/${b.key}.oga`),
    );
    expect(recorded.map((call) => call.recording_url)).toEqual(
      expected.map((recording) => `/demo-recordings/${recording.key}.oga`),
    );
    for (const [index, call] of recorded.entries()) {
      const recording = expected[index];
      if (!recording) throw new Error('expected a recording');
      // The transcript's timings are the audio's: the seed and the rendered file agree.
      expect(call.transcript).toEqual(recording.turns);
      expect(call.duration_seconds).toBe(recording.durationSeconds);
      expect(call.caller_name).toBe(`${recording.caller.firstName} ${recording.caller.lastName}`);
      expect(call.newest).toBe(true);
      const file = fileURLToPath(
        new URL(`../../../../web/public${call.recording_url}`, import.meta.url),
      );
      expect(statSync(file).size).toBeGreaterThan(10_000);
      expect(statSync(file).size).toBeLessThan(150 * 1024);
    }
  });

  it('gives every call a transcript of 4 to 20 ordered turns', async () => {
    const transcripts = await one<{
      shortest: number;
      longest: number;
      bad_turns: number | string;
    }>(
      database.db,
      sql`select min(jsonb_array_length(transcript)) as shortest, max(jsonb_array_length(transcript)) as longest,
                 (select count(*) from call_log c, jsonb_array_elements(c.transcript) with ordinality t(turn, n)
                   where t.turn->>'speaker' not in ('agent', 'caller') or t.turn->>'text' = ''
                      or (t.turn->>'at_seconds')::int > c.duration_seconds) as bad_turns
          from call_log`,
    );
    expect(transcripts.shortest).toBeGreaterThanOrEqual(4);
    expect(transcripts.longest).toBeLessThanOrEqual(20);
    expect(Number(transcripts.bad_turns)).toBe(0);
  });

  it("records assignment history that ends at each call's current assignee", async () => {
    const problems = await one<{
      assigned_without_history: number | string;
      latest_is_not_assignee: number | string;
      broken_chain: number | string;
      reassigned: number | string;
    }>(
      database.db,
      sql`with assigned as (
            select a.*, lag(a.new_assignee_id) over (partition by a.call_id order by a.created_at) as before,
                   row_number() over (partition by a.call_id order by a.created_at desc) as recency
            from call_activity a where a.type = 'ASSIGNED'
          )
          select
            (select count(*) from call_log c where c.assignee_id is not null
              and not exists (select 1 from assigned a where a.call_id = c.call_id)) as assigned_without_history,
            (select count(*) from call_log c join assigned a on a.call_id = c.call_id and a.recency = 1
              where a.new_assignee_id is distinct from c.assignee_id) as latest_is_not_assignee,
            (select count(*) from assigned where previous_assignee_id is distinct from before) as broken_chain,
            (select count(*) from assigned where previous_assignee_id is not null) as reassigned`,
    );
    expect(Number(problems.assigned_without_history)).toBe(0);
    expect(Number(problems.latest_is_not_assignee)).toBe(0);
    expect(Number(problems.broken_chain)).toBe(0);
    expect(Number(problems.reassigned)).toBeGreaterThan(0);
  });

  it("records status changes that lead to each call's status, after the call and before now", async () => {
    const problems = await one<{
      closed_without_change: number | string;
      in_progress_without_change: number | string;
      outside_window: number | string;
      foreign_actor: number | string;
      notes: number | string;
    }>(
      database.db,
      sql`select
            (select count(*) from call_log c where c.status = 'Closed' and not exists (
              select 1 from call_activity a where a.call_id = c.call_id and a.type = 'STATUS_CHANGED'
                and a.new_status = 'Closed' and a.previous_status in ('New', 'In progress'))) as closed_without_change,
            (select count(*) from call_log c where c.status = 'In progress' and not exists (
              select 1 from call_activity a where a.call_id = c.call_id and a.type = 'STATUS_CHANGED'
                and a.previous_status = 'New' and a.new_status = 'In progress')) as in_progress_without_change,
            (select count(*) from call_activity a join call_log c on c.call_id = a.call_id
              where a.created_at <= c.end_datetime or a.created_at > ${NOW.toISOString()}::timestamptz) as outside_window,
            (select count(*) from call_activity a join profiles p on p.id = a.actor_id
              where p.organisation_id is distinct from a.organisation_id) as foreign_actor,
            (select count(*) from call_activity where type = 'NOTE' and body <> '') as notes`,
    );
    expect(Number(problems.closed_without_change)).toBe(0);
    expect(Number(problems.in_progress_without_change)).toBe(0);
    expect(Number(problems.outside_window)).toBe(0);
    expect(Number(problems.foreign_actor)).toBe(0);
    expect(Number(problems.notes)).toBeGreaterThan(0);
  });

  it('chains status changes from New to the current status (analytics reads them backwards)', async () => {
    const problems = await one<{
      broken_chain: number | string;
      latest_is_not_status: number | string;
    }>(
      database.db,
      sql`with changes as (
            select a.*, coalesce(lag(a.new_status) over (partition by a.call_id order by a.created_at, a.id), 'New') as before,
                   row_number() over (partition by a.call_id order by a.created_at desc, a.id desc) as recency
            from call_activity a where a.type = 'STATUS_CHANGED'
          )
          select
            (select count(*) from changes where previous_status is distinct from before) as broken_chain,
            (select count(*) from changes ch join call_log c on c.call_id = ch.call_id
              where ch.recency = 1 and ch.new_status is distinct from c.status) as latest_is_not_status`,
    );
    expect(Number(problems.broken_chain)).toBe(0);
    expect(Number(problems.latest_is_not_status)).toBe(0);
  });

  it('is deterministic: the same now gives the same rows', async () => {
    const twin = await create();
    try {
      await seedDemoData(twin.db, { callsPerOrganisation: CALLS_PER_ORGANISATION, now: NOW });
      expect(await fingerprint(twin.db)).toEqual(await fingerprint(database.db));
    } finally {
      await twin.close();
    }
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoDataIfEmpty(database.db)).toBeNull();
    await expect(seedDemoData(database.db, { callsPerOrganisation: 1, now: NOW })).rejects.toThrow(
      /empty database/,
    );
  });

  it('adds a large dataset on top, with the first organisation holding a tenth of the calls', async () => {
    const progress: number[] = [];
    const large = await seedLargeDataset(database.db, {
      calls: 3000,
      organisations: 6,
      onProgress: (done) => progress.push(done),
    });
    expect(large).toMatchObject({ organisations: 6, users: 24, agents: 30, calls: 3000 });
    expect(progress.at(-1)).toBe(3000);
    const bench = await queryRows<{
      name: string;
      calls: number | string;
      members: number | string;
    }>(
      database.db,
      sql`select o.name, (select count(*) from call_log c where c.organisation_id = o.id) as calls,
                 (select count(*) from profiles p where p.organisation_id = o.id) as members
          from organisations o where o.name like 'Bench Org %' order by o.name`,
    );
    expect(bench.map((row) => [row.name, Number(row.calls), Number(row.members)])).toEqual([
      ['Bench Org 001', 300, 4],
      ['Bench Org 002', 540, 4],
      ['Bench Org 003', 540, 4],
      ['Bench Org 004', 540, 4],
      ['Bench Org 005', 540, 4],
      ['Bench Org 006', 540, 4],
    ]);
    const admin = await one<{ role: string }>(
      database.db,
      sql`select role from profiles where email = 'admin@bench-001.test'`,
    );
    expect(admin.role).toBe('admin');
    const consistency = await one<{
      calls: number | string;
      activities: number | string;
      assignees: number | string;
      short: number | string;
    }>(
      database.db,
      sql`select
            (select count(*) from call_log c join agent_mapping m on m.agent_id = c.agent_id
              where c.organisation_id is distinct from m.organisation_id) as calls,
            (select count(*) from call_activity a left join call_log c on c.call_id = a.call_id
              where c.call_id is null or a.organisation_id is distinct from c.organisation_id) as activities,
            (select count(*) from call_log c left join profiles p on p.id = c.assignee_id
              where c.assignee_id is not null and p.organisation_id is distinct from c.organisation_id) as assignees,
            (select count(*) from call_log where jsonb_array_length(transcript) not between 4 and 20) as short`,
    );
    expect(
      [consistency.calls, consistency.activities, consistency.assignees, consistency.short].map(
        Number,
      ),
    ).toEqual([0, 0, 0, 0]);
    // Analytics' timeline, rebuilt after the load: one arrival per counted call, with the
    // triggers back on for what follows.
    const timeline = await one<{
      arrivals: number | string;
      counted: number | string;
      off: number | string;
    }>(
      database.db,
      sql`select (select count(*) from call_timeline where arrival) as arrivals,
                 (select count(*) from call_log where organisation_id is not null and deleted_flag is not true) as counted,
                 (select count(*) from pg_trigger where tgname like 'call_timeline_%' and tgenabled = 'D') as off`,
    );
    expect([Number(timeline.arrivals), Number(timeline.off)]).toEqual([
      Number(timeline.counted),
      0,
    ]);
    await expect(seedLargeDataset(database.db, { calls: 10, organisations: 2 })).rejects.toThrow(
      /already exist/,
    );
  });
});
