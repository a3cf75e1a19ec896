// Analytics' reads must stay bounded by their indexes as the application runs them: as
// callboard_app, under row-level security, where a condition bounds an index scan only when it is
// leakproof (docs/analytics.md, "Exact median"). Timings belong in `npm run bench`; the plan's
// shape is what can be checked here, on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { requireOrganisation, withTenantRead } from '../../db/tenant.ts';
import { sessionFor, testDatabaseKinds } from '../../test/databases.ts';
import { planNodes } from '../../test/query-plans.ts';
import { closeAtRank } from './analytics.queries.ts';

describe.each(testDatabaseKinds)('analytics query plans [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 80 });
    await database.db.execute(sql`analyze call_timeline`);
  });
  afterAll(async () => {
    await database.close();
  });

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
      const query = closeAtRank(
        { organisationId: requireOrganisation(principal) },
        {
          index: 0,
          which: 0,
          range: { from: new Date(Date.now() - 30 * 86_400_000), to: new Date() },
          bucket: bucket?.close_bucket ?? 0,
          offset: 0,
        },
      );
      return planNodes(tx, query);
    });
    const scans = plan.filter((node) => node['Index Name']);
    expect(scans.map((node) => node['Index Name'])).toEqual(['call_timeline_close_buckets_idx']);
    expect(scans[0]?.['Index Cond']).toMatch(/\bclose_bucket = /);
  });
});
