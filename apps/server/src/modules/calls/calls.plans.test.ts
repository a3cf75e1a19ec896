// The list's status tabs must have an index that gives their calls in the list's order, usable
// as the application runs them: as callboard_app, under row-level security (docs/search.md,
// "Sorting"). Which plan the planner picks with a million calls is for EXPLAIN on that data.
// Timings belong in `npm run bench`; the plan's shape is what can be checked here, on both
// databases.
import { callListQuerySchema } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { requireOrganisation, withTenantRead } from '../../db/tenant.ts';
import { sessionFor, testDatabaseKinds } from '../../test/databases.ts';
import { planNodes } from '../../test/query-plans.ts';
import { prepareListScope } from './call-search.ts';
import { indexedCallPage } from './calls.queries.ts';

describe.each(testDatabaseKinds)('call list query plans [$name]', ({ create }) => {
  let database: Database;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 400 });
    await database.db.execute(sql`analyze call_log`);
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['closed', { status: 'closed' }, /\bstatus = 'Closed'/u],
    ['open, New only', { status: 'open', callStatus: 'New' }, /\bstatus = 'New'/u],
  ])('reads the %s tab in order from the status index', async (_, filters, condition) => {
    const claims = await sessionFor(database, 'mia@northwind.test');
    const plan = await withTenantRead(database.db, claims, async (tx, principal) => {
      // With a few hundred calls, reading them all and sorting is cheapest; the question is
      // which index gives the tab in order, as one must with a million calls.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const query = callListQuerySchema.parse({ ...filters, pageSize: '100' });
      const scope = await prepareListScope(
        tx,
        { organisationId: requireOrganisation(principal), userId: principal.userId },
        query,
      );
      const page = indexedCallPage(tx, scope, query, '-ended', { limit: 100, offset: 0 });
      return planNodes(tx, page.getSQL());
    });
    const scans = plan.filter((node) => node['Index Name']);
    expect(scans.map((node) => node['Index Name'])).toEqual(['call_log_status_list_idx']);
    expect(scans[0]?.['Index Cond']).toMatch(condition);
    expect(plan.map((node) => node['Node Type'])).not.toContain('Sort');
  });
});
