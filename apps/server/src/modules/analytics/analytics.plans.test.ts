// Analytics' reads must stay bounded by their indexes as the application runs them: as
// callboard_app, under row-level security, where a condition bounds an index scan only when it is
// leakproof (docs/analytics.md, "Exact median"). Timings belong in `npm run bench`; the plan's
// shape is what can be checked here, on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { requireOrganisation, withTenantRead, type Tx } from '../../db/tenant.ts';
import { sessionFor, testDatabaseKinds } from '../../test/databases.ts';
import { planNodes, type PlanNode } from '../../test/query-plans.ts';
import {
  backlogAddedAfter,
  closesAtRank,
  closingFigures,
  receivedByLocalTime,
  receivedByReason,
  receivedPerAgent,
  type AnalyticsScope,
} from './analytics.queries.ts';

describe.each(testDatabaseKinds)('analytics query plans [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 80 });
    // Vacuumed, as autovacuum keeps a settled table: an index-only scan is the planner's choice
    // when the table's pages are known to be all visible.
    await database.db.execute(sql`vacuum analyze call_timeline`);
  });
  afterAll(async () => {
    await database.close();
  });

  /**
   * The plans of the statements `work` runs, as mia's organisation: each runs as EXPLAIN and is
   * answered with no rows. Neither a sequential scan nor bitmaps: the question is whether each
   * read is one range of an index with every column it needs, which at a million calls is what
   * keeps it cheap.
   */
  async function explainEach(work: (tx: Tx, scope: AnalyticsScope) => Promise<unknown>) {
    const claims = await sessionFor(database, 'mia@northwind.test');
    return withTenantRead(database.db, claims, async (tx, principal) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explained: PlanNode[][] = [];
      const explaining = {
        execute: async (query: Parameters<typeof planNodes>[1]) => {
          explained.push(await planNodes(tx, query));
          return { rows: [] };
        },
      } as unknown as Tx;
      await work(explaining, { organisationId: requireOrganisation(principal) });
      return explained;
    });
  }

  it("reads the median's bucket through the index on (organisation, bucket, instant)", async () => {
    const claims = await sessionFor(database, 'mia@northwind.test');
    const [bucket] = await queryRows<{ close_bucket: number }>(
      database.db,
      sql`select close_bucket from call_timeline where close_bucket is not null limit 1`,
    );
    expect(bucket).toBeDefined();
    const plan = await withTenantRead(database.db, claims, async (tx, principal) => {
      // With a few hundred rows a sequential scan is cheapest; the question is whether the
      // bucket can bound an index scan at all, as it must with a million closes.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = closesAtRank(
        { organisationId: requireOrganisation(principal) },
        {
          index: 0,
          range: { from: new Date(Date.now() - 30 * 86_400_000), to: new Date() },
          bucket: bucket?.close_bucket ?? 0,
          offset: 0,
          count: 2,
        },
      );
      return planNodes(tx, query);
    });
    const scans = plan.filter((node) => node['Index Name']);
    expect(scans.map((node) => node['Index Name'])).toEqual(['call_timeline_close_buckets_idx']);
    expect(scans[0]?.['Index Cond']).toMatch(/\bclose_bucket = /);
  });

  it("reads a period's edges from call_timeline_edges_idx alone, one range at a time", async () => {
    // Ends inside an hour, so that every statement reads call_timeline rows at both ends.
    const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 7 * 60_000);
    const period = { from: new Date(to.getTime() - 30 * 86_400_000 + 13 * 60_000), to };
    const previous = { from: new Date(2 * period.from.getTime() - to.getTime()), to: period.from };
    const plans = await explainEach(async (explaining, scope) => {
      await receivedPerAgent(explaining, scope, period, previous);
      await receivedByLocalTime(explaining, scope, period, 'Asia/Kolkata');
      await receivedByReason(explaining, scope, period);
      // It wants one row back, and has had its statement explained before it finds none.
      await backlogAddedAfter(explaining, scope, previous.to).catch(() => undefined);
    });
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      const timeline = plan.filter((node) => node['Relation Name'] === 'call_timeline');
      expect(timeline.length).toBeGreaterThan(0);
      for (const node of timeline) {
        expect(node['Node Type']).toBe('Index Only Scan');
        expect(node['Index Name']).toBe('call_timeline_edges_idx');
        // Bounded at both ends: one range of instants, not the organisation's every row.
        expect(node['Index Cond']).toMatch(/\(at >= .*\(at < /u);
      }
    }
  });

  it("reads the closes at the periods' ends from call_timeline_closes_idx alone, one range at a time", async () => {
    // Starts at 05:00 UTC, so that the start rounds down to its day; ends at 13:37, rounded up;
    // the previous period starts at 20:23.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const from = new Date(today - 30 * 86_400_000 + 5 * 3_600_000);
    const period = { from, to: new Date(today + 13 * 3_600_000 + 37 * 60_000) };
    const previous = { from: new Date(2 * from.getTime() - period.to.getTime()), to: from };
    // Now is the period's end. With no histogram rows there is no median to read: one statement.
    const plans = await explainEach((explaining, scope) =>
      closingFigures(explaining, scope, period, previous, period.to),
    );
    expect(plans).toHaveLength(1);
    const timeline = (plans[0] ?? []).filter((node) => node['Relation Name'] === 'call_timeline');
    expect(timeline.map((node) => node['Index Name']).sort()).toEqual([
      // The previous period's start, the boundary both periods share, the end; the re-closes.
      'call_timeline_closes_idx',
      'call_timeline_closes_idx',
      'call_timeline_closes_idx',
      'call_timeline_recloses_idx',
    ]);
    for (const node of timeline) {
      expect(node['Node Type']).toBe('Index Only Scan');
      expect(node['Index Cond']).toMatch(/ >= .* < /u);
    }
  });

  it("reads the local-time series' whole hours from one row an hour: the organisation's, or the agent's", async () => {
    const to = new Date();
    const period = { from: new Date(to.getTime() - 30 * 86_400_000), to };
    const [agent] = await queryRows<{ agent_id: string }>(
      database.db,
      sql`select agent_id from call_hourly limit 1`,
    );
    expect(agent).toBeDefined();
    const hourlyReads = async (agentId?: string) => {
      const [plan = []] = await explainEach((explaining, scope) =>
        receivedByLocalTime(explaining, { ...scope, agentId }, period, 'Europe/London'),
      );
      return plan
        .filter((node) => (node['Relation Name'] ?? '').startsWith('call_hourly'))
        .map((node) => ({ table: node['Relation Name'], cond: String(node['Index Cond']) }));
    };
    const organisation = await hourlyReads();
    expect(organisation.map((read) => read.table)).toEqual(['call_hourly_totals']);
    expect(organisation[0]?.cond).toMatch(/hour >= .*hour < /u);
    const oneAgent = await hourlyReads(agent?.agent_id);
    expect(oneAgent.map((read) => read.table)).toEqual(['call_hourly']);
    expect(oneAgent[0]?.cond).toMatch(/agent_id = /u);
  });

  it('inlines call_close_bucket into the statements that bucket closes', async () => {
    // A function called row by row cost eight times the rest of reading a close; PostgreSQL
    // inlines a SQL function only when it is no stricter than its body.
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      database.db,
      sql`explain (verbose, format json)
          select call_close_bucket(seconds) from (values (0.5::float8), (90::float8)) as v(seconds)`,
    );
    // pg parses the json column; PGlite hands it over as text.
    const plan = row?.['QUERY PLAN'];
    const text = typeof plan === 'string' ? plan : JSON.stringify(plan);
    expect(text).toMatch(/CASE WHEN/u);
    expect(text).not.toMatch(/call_close_bucket/u);
  });
});
