// The series query names the grouping of each row in SQL; these tests check that the names and
// the grouping sets agree, so the service's decoding depends on no column order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { receivedSeries, type SeriesRow } from './analytics.queries.ts';

describe.each(testDatabaseKinds)('receivedSeries [$name]', ({ create }) => {
  let database: Database;
  let organisationId: string;

  beforeAll(async () => {
    database = await create();
    await seedDemoData(database.db, { callsPerOrganisation: 40 });
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    organisationId = row?.id ?? '';
  });
  afterAll(async () => {
    await database.close();
  });

  it('names each row for its grouping: every grouping equals a plain GROUP BY of the calls', async () => {
    const period = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') };
    const rows = await database.db.transaction((tx) =>
      receivedSeries(tx, { organisationId }, period, 'UTC'),
    );
    /** The series' rows of one grouping, as "key: calls" lines in order. */
    const series = (grouping: SeriesRow['grouping']) =>
      rows
        .filter((row) => row.grouping === grouping)
        .map((row) => {
          const key = Object.entries(row)
            .filter(([name]) => name !== 'grouping' && name !== 'calls')
            .map(([, value]) => String(value));
          return `${key.join(' ')}: ${String(row.calls)}`;
        })
        .sort();
    /** The same counted by a plain GROUP BY over the organisation's received calls. */
    const plain = async (key: string) =>
      (
        await queryRows<{ key: string; calls: number | string }>(
          database.db,
          sql`select ${sql.raw(key)} as key, count(*) as calls from call_log
              where organisation_id = ${organisationId} and deleted_flag is not true
              group by 1`,
        )
      )
        .map((row) => `${row.key}: ${String(row.calls)}`)
        .sort();

    expect(series('day_status')).toEqual(
      await plain(`to_char(end_datetime at time zone 'UTC', 'YYYY-MM-DD') || ' ' || status`),
    );
    expect(series('sentiment')).toEqual(await plain(`coalesce(sentiment, 'null')`));
    expect(series('weekday_hour')).toEqual(
      await plain(
        `extract(isodow from end_datetime at time zone 'UTC')::int || ' ' || extract(hour from end_datetime at time zone 'UTC')::int`,
      ),
    );
    expect(series('reason')).toEqual(await plain(`coalesce(disconnection_reason, 'null')`));
    expect(series('agent')).toEqual(await plain('agent_id'));
    expect(new Set(rows.map((row) => row.grouping)).size).toBe(5);
  });
});
