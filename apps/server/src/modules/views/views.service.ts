// Saved views of the call list (docs/search.md, "Saved views"): a member's own views and the
// organisation's shared ones, the built-in views, and each one's count of matching calls.
import {
  callExportQuerySchema,
  callFilterApiParams,
  DEFAULT_VIEWS,
  isDay,
  parseSearch,
  readCallFilters,
  SAVED_VIEW_COUNT_CAP,
  SAVED_VIEWS_PER_PERSON,
  type CreateSavedViewBody,
  type SavedView,
  type SavedViewList,
  type ViewQuery,
} from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import {
  ONE_SNAPSHOT,
  requireOrganisation,
  withTenant,
  withTenantRead,
  type AccessClaims,
  type Principal,
  type Tx,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { prepareListScope } from '../calls/call-search.ts';
import { countCallsCapped, type CallFilters } from '../calls/calls.queries.ts';
import {
  countOwnViews,
  deleteView,
  findVisibleView,
  insertView,
  lockOwnerViews,
  nameTaken,
  selectVisibleViews,
  updateView,
  type ViewRow,
} from './views.queries.ts';

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffset(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(time);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(time / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD, moved by `addDays`) starts in a time zone. */
export function zonedDayStart(day: string, addDays: number, timeZone: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const midnight = Date.UTC(year, month - 1, date + addDays);
  const first = midnight - zoneOffset(midnight, timeZone);
  return new Date(midnight - zoneOffset(first, timeZone)).toISOString();
}

/**
 * What the list would ask the API for when showing the view, for a reader in `timeZone`: its
 * days are that reader's, as the list's date inputs are. Null if the stored query no longer
 * reads (a rule changed since it was saved).
 */
function viewFilters(query: string, timeZone: string): CallFilters | null {
  const pairs = parseSearch(query) ?? [];
  const get = (name: string) => pairs.find(([each]) => each === name)?.[1] ?? null;
  const values = readCallFilters(get);
  const dayStart = (value: string | null, addDays: number) =>
    isDay(value) ? zonedDayStart(value, addDays, timeZone) : value;
  const api = callFilterApiParams(
    { ...values, from: dayStart(values.from, 0), to: dayStart(values.to, 1) },
    timeZone,
  );
  const parsed = callExportQuerySchema.safeParse({ status: get('status') ?? 'open', ...api });
  return parsed.success ? parsed.data : null;
}

const ownerName = (row: ViewRow) =>
  `${row.owner_first_name} ${row.owner_last_name}`.trim() || row.owner_email;

function toView(row: ViewRow, principal: Principal): SavedView {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    columns: row.columns ?? null,
    shared: row.shared,
    owner: { id: row.owner_id, name: ownerName(row) },
    can_manage: canManage(row, principal),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Its owner manages a view; the organisation's admins manage its shared ones. */
function canManage(row: ViewRow, principal: Principal): boolean {
  return row.owner_id === principal.userId || (row.shared && principal.role === 'admin');
}

export async function listSavedViews(
  db: Db,
  claims: AccessClaims,
  timeZone: string,
): Promise<SavedViewList> {
  return withTenantRead(
    db,
    claims,
    async (tx, principal) => {
      const organisationId = requireOrganisation(principal);
      const rows = await selectVisibleViews(tx, organisationId, principal.userId);
      const lists = [...DEFAULT_VIEWS, ...rows].map((view) => viewFilters(view.query, timeZone));
      // A view's search is prepared as the list prepares it (a round trip only when it has one).
      const counted = [];
      for (const filters of lists) {
        if (!filters) continue;
        const who = { organisationId, userId: principal.userId };
        counted.push({ filters, scope: await prepareListScope(tx, who, filters) });
      }
      const counts = await countCallsCapped(tx, counted, SAVED_VIEW_COUNT_CAP);
      let next = 0;
      const countOf = (index: number) => (lists[index] ? (counts[next++] ?? null) : null);
      return {
        defaults: DEFAULT_VIEWS.map((view, index) => ({ ...view, count: countOf(index) })),
        views: rows.map((row, index) => ({
          ...toView(row, principal),
          count: countOf(DEFAULT_VIEWS.length + index),
        })),
        count_cap: SAVED_VIEW_COUNT_CAP,
      };
    },
    ONE_SNAPSHOT,
  );
}

/** The 409 for a name in the way, in words that say whose view it is. */
async function refuseTakenName(
  tx: Tx,
  view: { organisationId: string; userId: string; name: string; shared: boolean; except?: string },
): Promise<void> {
  const builtIn = DEFAULT_VIEWS.find((each) => each.name.toLowerCase() === view.name.toLowerCase());
  if (builtIn) {
    throw new AppError('CONFLICT', `“${builtIn.name}” is a built-in view; choose another name.`, {
      fields: { name: 'is a built-in view' },
    });
  }
  if (await nameTaken(tx, view)) throw takenName(view);
}

function takenName(view: { name: string; shared: boolean }) {
  return new AppError(
    'CONFLICT',
    view.shared
      ? `Your organisation already has a shared view named “${view.name}”.`
      : `You already have a view named “${view.name}”.`,
    { fields: { name: 'is taken' } },
  );
}

/** A unique index's refusal (two saves of one name at once), as the same 409. */
async function orTakenName<T>(view: { name: string; shared: boolean }, write: Promise<T>) {
  try {
    return await write;
  } catch (error) {
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      if ((cause as { code?: unknown }).code === '23505') throw takenName(view);
    }
    throw error;
  }
}

export async function createSavedView(
  db: Db,
  claims: AccessClaims,
  body: Omit<CreateSavedViewBody, 'query' | 'shared'> & { query: ViewQuery; shared: boolean },
): Promise<SavedView> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireOrganisation(principal);
    const { userId } = principal;
    await lockOwnerViews(tx, userId);
    if ((await countOwnViews(tx, organisationId, userId)) >= SAVED_VIEWS_PER_PERSON) {
      throw new AppError(
        'CONFLICT',
        `You already have ${SAVED_VIEWS_PER_PERSON} saved views, the most one person can keep; delete one to save another.`,
      );
    }
    await refuseTakenName(tx, { organisationId, userId, name: body.name, shared: body.shared });
    const id = await orTakenName(
      body,
      insertView(tx, {
        organisationId,
        ownerId: userId,
        name: body.name,
        query: body.query.query,
        columns: body.columns === undefined ? body.query.columns : body.columns,
        shared: body.shared,
      }),
    );
    const row = await findVisibleView(tx, organisationId, userId, id);
    if (!row) throw new Error('a saved view vanished within its transaction');
    return toView(row, principal);
  });
}

/** The view, if the caller may change it: else 404 (not theirs to see) or 403. */
async function managedView(tx: Tx, principal: Principal, id: string): Promise<ViewRow> {
  const organisationId = requireOrganisation(principal);
  const row = await findVisibleView(tx, organisationId, principal.userId, id);
  if (!row) throw AppError.notFound('No such view.');
  if (!canManage(row, principal)) {
    throw new AppError(
      'FORBIDDEN',
      `Only ${ownerName(row)} or an admin can change the shared view “${row.name}”.`,
    );
  }
  return row;
}

export async function updateSavedView(
  db: Db,
  claims: AccessClaims,
  id: string,
  body: { name?: string; query?: ViewQuery; shared?: boolean; columns?: string[] | null },
): Promise<SavedView> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireOrganisation(principal);
    const row = await managedView(tx, principal, id);
    if (body.shared !== undefined && body.shared !== row.shared) {
      if (row.owner_id !== principal.userId) {
        throw new AppError('FORBIDDEN', 'Only the view’s owner can share or unshare it.');
      }
    }
    const name = body.name ?? row.name;
    const shared = body.shared ?? row.shared;
    if (name.toLowerCase() !== row.name.toLowerCase() || shared !== row.shared) {
      await refuseTakenName(tx, { organisationId, userId: row.owner_id, name, shared, except: id });
    }
    // A new query brings its own columns (its `cols`, or none: the reader's own).
    const columns =
      body.columns !== undefined ? body.columns : body.query ? body.query.columns : undefined;
    await orTakenName(
      { name, shared },
      updateView(tx, organisationId, id, {
        name: body.name,
        query: body.query?.query,
        columns,
        shared: body.shared,
      }),
    );
    const updated = await findVisibleView(tx, organisationId, principal.userId, id);
    if (!updated) throw new Error('a saved view vanished within its transaction');
    return toView(updated, principal);
  });
}

export async function deleteSavedView(db: Db, claims: AccessClaims, id: string): Promise<void> {
  await withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireOrganisation(principal);
    await managedView(tx, principal, id);
    if (!(await deleteView(tx, organisationId, id))) throw AppError.notFound('No such view.');
  });
}
