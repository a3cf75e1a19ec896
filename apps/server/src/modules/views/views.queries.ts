// SQL for saved views (docs/search.md, "Saved views"). Every query names the organisation; RLS
// (db/sql/tables/saved_views.sql) is the second lock: it shows a member their own views and the
// organisation's shared ones, and lets only a view's keepers change it.
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { profiles, savedViews } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';

const viewColumns = {
  id: savedViews.id,
  name: savedViews.name,
  query: savedViews.query,
  columns: savedViews.columns,
  shared: savedViews.shared,
  owner_id: savedViews.owner_id,
  owner_first_name: profiles.first_name,
  owner_last_name: profiles.last_name,
  owner_email: profiles.email,
  created_at: savedViews.created_at,
  updated_at: savedViews.updated_at,
};

const visibleTo = (organisationId: string, userId: string) =>
  and(
    eq(savedViews.organisation_id, organisationId),
    or(savedViews.shared, eq(savedViews.owner_id, userId)),
  );

/** The member's own views and the organisation's shared ones, by name. */
export async function selectVisibleViews(tx: Tx, organisationId: string, userId: string) {
  return tx
    .select(viewColumns)
    .from(savedViews)
    .innerJoin(profiles, eq(profiles.id, savedViews.owner_id))
    .where(visibleTo(organisationId, userId))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

export type ViewRow = Awaited<ReturnType<typeof selectVisibleViews>>[number];

/** A view the member can see, or null. */
export async function findVisibleView(
  tx: Tx,
  organisationId: string,
  userId: string,
  id: string,
): Promise<ViewRow | null> {
  const [row] = await tx
    .select(viewColumns)
    .from(savedViews)
    .innerJoin(profiles, eq(profiles.id, savedViews.owner_id))
    .where(and(visibleTo(organisationId, userId), eq(savedViews.id, id)));
  return row ?? null;
}

/**
 * Queues this person's view writes until the transaction ends, so that two saves at once cannot
 * both pass the per-person limit.
 */
export async function lockOwnerViews(tx: Tx, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`saved_views:${userId}`}, 0))`,
  );
}

export async function countOwnViews(tx: Tx, organisationId: string, userId: string) {
  const [row] = await tx
    .select({ views: sql<number>`count(*)`.mapWith(Number) })
    .from(savedViews)
    .where(and(eq(savedViews.organisation_id, organisationId), eq(savedViews.owner_id, userId)));
  return row?.views ?? 0;
}

/**
 * Whether a view of this name (any case) is in the way: among the person's personal views, or
 * the organisation's shared ones, as the unique indexes have it.
 */
export async function nameTaken(
  tx: Tx,
  view: { organisationId: string; userId: string; name: string; shared: boolean; except?: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.organisation_id, view.organisationId),
        view.shared
          ? eq(savedViews.shared, true)
          : and(eq(savedViews.shared, false), eq(savedViews.owner_id, view.userId)),
        sql`lower(${savedViews.name}) = lower(${view.name})`,
        view.except ? ne(savedViews.id, view.except) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Raw SQL, not Drizzle's insert, which names every column: callboard_app may insert only these
 * (tables/saved_views.sql).
 */
export async function insertView(
  tx: Tx,
  view: {
    organisationId: string;
    ownerId: string;
    name: string;
    query: string;
    columns: string[] | null;
    shared: boolean;
  },
): Promise<string> {
  const columns = view.columns
    ? sql`array[${sql.join(
        view.columns.map((column) => sql`${column}`),
        sql`, `,
      )}]::text[]`
    : sql`null`;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into saved_views (organisation_id, owner_id, shared, name, query, columns)
        values (${view.organisationId}, ${view.ownerId}, ${view.shared}, ${view.name},
                ${view.query}, ${columns})
        returning id`,
  );
  if (!row) throw new Error('saved view insert returned nothing');
  return row.id;
}

export async function updateView(
  tx: Tx,
  organisationId: string,
  id: string,
  change: { name?: string; query?: string; columns?: string[] | null; shared?: boolean },
): Promise<void> {
  await tx
    .update(savedViews)
    .set({ ...change, updated_at: sql`now()` })
    .where(and(eq(savedViews.organisation_id, organisationId), eq(savedViews.id, id)));
}

/** Deletes the view; false when RLS (or the organisation) left nothing to delete. */
export async function deleteView(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(savedViews)
    .where(and(eq(savedViews.organisation_id, organisationId), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
