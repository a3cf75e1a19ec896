// How the call list is shown, beside what it shows (call-list-filters.ts): its sort order and
// its columns. Both travel in the list's URL (`sort`, `cols`), so a shared link or a saved view
// (docs/search.md, "Saved views") reopens the list exactly; the API takes `sort` too.
import { z } from 'zod';

/** The columns the list can sort by; each has an index (docs/search.md, "Sorting"). */
export const CALL_LIST_SORT_KEYS = [
  'ended',
  'duration',
  'caller',
  'agent',
  'assignee',
  'status',
] as const;
export type CallListSortKey = (typeof CALL_LIST_SORT_KEYS)[number];

/** `key` ascending, `-key` descending. */
export const CALL_LIST_SORTS = CALL_LIST_SORT_KEYS.flatMap(
  (key) => [key, `-${key}`] as const,
) as readonly (CallListSortKey | `-${CallListSortKey}`)[];
export type CallListSort = (typeof CALL_LIST_SORTS)[number];

/** Newest first: the list's order when no sort is asked for. */
export const DEFAULT_CALL_LIST_SORT: CallListSort = '-ended';

export const callListSortSchema = z.enum(
  CALL_LIST_SORTS as unknown as [CallListSort, ...CallListSort[]],
  { message: `must be one of ${CALL_LIST_SORTS.join(', ')}` },
);

export function parseCallListSort(sort: CallListSort): {
  key: CallListSortKey;
  descending: boolean;
} {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as CallListSortKey, descending };
}

/** Every column the list can show, in the order it shows them. */
export const CALL_LIST_COLUMNS = [
  'ended',
  'caller',
  'agent',
  'direction',
  'duration',
  'status',
  'waiting',
  'assignee',
  'sentiment',
  'summary',
] as const;
export type CallListColumn = (typeof CALL_LIST_COLUMNS)[number];

/**
 * The columns a person sees until they choose their own. Not the direction: the caller's cell
 * shows it as an icon, and the summary needs the room.
 */
export const DEFAULT_CALL_LIST_COLUMNS: readonly CallListColumn[] = [
  'ended',
  'caller',
  'agent',
  'duration',
  'status',
  'waiting',
  'assignee',
  'sentiment',
  'summary',
];

/** A person's or a view's column choice: known columns, each once, at least one. */
export const callListColumnsSchema = z
  .array(z.enum(CALL_LIST_COLUMNS, { message: `must be one of ${CALL_LIST_COLUMNS.join(', ')}` }))
  .min(1, 'must name at least one column')
  .max(CALL_LIST_COLUMNS.length)
  .refine((columns) => new Set(columns).size === columns.length, 'must name each column once');

/**
 * The `cols` URL parameter (comma-separated column ids), or null when it is absent or names an
 * unknown column: a mistyped link falls back to the reader's own columns.
 */
export function readCallListColumns(raw: string | null): CallListColumn[] | null {
  if (!raw) return null;
  const parsed = callListColumnsSchema.safeParse(raw.split(','));
  return parsed.success ? parsed.data : null;
}
