// Saved views of the call list (docs/search.md, "Saved views"): a name for a list URL's state
// (its tab, filters, sort and columns), personal or shared with the organisation, and the
// built-in views every member has. A view's query is the list URL's search string, checked with
// the list's own rules (call-list-filters.ts, call-list-view.ts) and kept in one normal form, so
// that the list can tell which view it is showing.
import { z } from 'zod';
import { CALL_FILTERS, callFilterUrlParams, readCallFilters } from './call-list-filters.ts';
import {
  callListColumnsSchema,
  callListSortSchema,
  DEFAULT_CALL_LIST_SORT,
  readCallListColumns,
  type CallListColumn,
} from './call-list-view.ts';
import { CALL_LIST_MAX_PAGE_SIZE } from './calls.ts';

export const SAVED_VIEW_NAME_MAX_LENGTH = 60;
export const SAVED_VIEW_QUERY_MAX_LENGTH = 2000;
/** Views one person may keep, personal and shared together. */
export const SAVED_VIEWS_PER_PERSON = 50;
/**
 * A view's count stops at this many calls and reads "1,000+": counting every call of a big
 * organisation for each view would cost more than the menu is worth (docs/search.md).
 */
export const SAVED_VIEW_COUNT_CAP = 1000;

/** The list's status tabs; a list URL without one shows the open calls. */
const TABS = ['open', 'closed', 'all'] as const;
const DEFAULT_TAB = 'open';

/** Parameters a list URL may carry besides the filters'. `page` is dropped from a view. */
const LIST_PARAMS = ['status', 'page', 'pageSize', 'loadAll', 'sort', 'cols'] as const;

interface ParamSpec {
  schema: z.ZodType;
  url?: string;
  read?: (raw: string) => unknown;
}
interface FilterSpec {
  params: Record<string, ParamSpec>;
  isOn?: (values: Record<string, unknown>) => boolean;
  consistent?: { check: (values: Record<string, unknown>) => boolean; message: string };
}
const filterSpecs = Object.values(CALL_FILTERS) as unknown as FilterSpec[];
const FILTER_URL_NAMES = filterSpecs.flatMap((spec) =>
  Object.entries(spec.params).map(([name, { url }]) => url ?? name),
);
const KNOWN_PARAMS = new Set<string>([...LIST_PARAMS, ...FILTER_URL_NAMES]);

/** A view's query in normal form, and the columns its `cols` named (null: the reader's own). */
export interface ViewQuery {
  query: string;
  columns: CallListColumn[] | null;
}

export type ViewQueryResult = { ok: true; view: ViewQuery } | { ok: false; problems: string[] };

/**
 * A search string's parameters, in order (application/x-www-form-urlencoded, as the browser's
 * URLSearchParams reads it; the contract runs where that class may not be declared).
 */
export function parseSearch(search: string): [string, string][] | null {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
  try {
    return text
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=');
        return at === -1
          ? [decode(pair), '']
          : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
      });
  } catch {
    return null; // a broken %-escape
  }
}

/** Parameters as a search string (no `?`), encoded as URLSearchParams encodes them. */
export function formatSearch(pairs: readonly (readonly [string, string])[]): string {
  const encode = (part: string) =>
    encodeURIComponent(part)
      .replaceAll('%20', '+')
      .replace(/[!'()~]/gu, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/** The first value of each parameter, as URLSearchParams.get reads it. */
function searchGetter(pairs: readonly (readonly [string, string])[]) {
  return (name: string) => pairs.find(([each]) => each === name)?.[1] ?? null;
}

function readParam(spec: ParamSpec, raw: string): { value: unknown } | { problem: string } {
  if (spec.read) {
    const value = spec.read(raw);
    if (value !== null) return { value };
  }
  const parsed = spec.schema.safeParse(raw);
  if (parsed.success && !spec.read) return { value: parsed.data ?? null };
  // The schema's own words ("must be …"), not a library's default ("Invalid UUID").
  const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return { problem: message?.startsWith('must ') ? message : 'is not valid' };
}

/**
 * Checks a list URL's search string with the list's rules and writes it in normal form: the tab
 * first (always named), then each filter in the order the list names them, paging size, load-all
 * and a sort other than the default; `page` is left out and `cols` becomes the view's columns.
 * Unlike the list, which drops a bad value so that a mistyped link still opens, a view refuses
 * it: what is saved is what the list will show.
 */
export function normaliseViewQuery(raw: string): ViewQueryResult {
  const pairs = parseSearch(raw);
  if (!pairs) return { ok: false, problems: ['is not a valid search string'] };
  const params = { get: searchGetter(pairs) };
  const problems: string[] = [];
  for (const name of new Set(pairs.map(([each]) => each))) {
    if (!KNOWN_PARAMS.has(name)) problems.push(`${name} is not a parameter of the call list`);
    else if (pairs.filter(([each]) => each === name).length > 1) {
      problems.push(`${name} is given more than once`);
    }
  }
  for (const spec of filterSpecs) {
    const values: Record<string, unknown> = {};
    for (const [name, param] of Object.entries(spec.params)) {
      const urlName = param.url ?? name;
      const text = params.get(urlName);
      // An empty value is a filter not set, as the list reads it.
      if (text === null || text.trim() === '') {
        values[name] = null;
        continue;
      }
      const read = readParam(param, text);
      if ('problem' in read) problems.push(`${urlName} ${read.problem}`);
      values[name] = 'value' in read ? read.value : null;
    }
    if (spec.consistent && !spec.consistent.check(values)) {
      // The filters that can contradict themselves have the same names in the URL and the API.
      const [first = ''] = Object.keys(spec.params);
      problems.push(`${first} ${spec.consistent.message}`);
    }
  }
  const tab = params.get('status') ?? DEFAULT_TAB;
  if (!(TABS as readonly string[]).includes(tab))
    problems.push('status must be open, closed or all');
  const pageSize = params.get('pageSize');
  const pageSizeValid =
    pageSize === null ||
    (/^\d{1,4}$/u.test(pageSize) &&
      Number(pageSize) >= 1 &&
      Number(pageSize) <= CALL_LIST_MAX_PAGE_SIZE);
  if (!pageSizeValid) {
    problems.push(`pageSize must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`);
  }
  const loadAll = params.get('loadAll');
  if (loadAll !== null && !['true', 'false', '1', '0'].includes(loadAll)) {
    problems.push('loadAll must be true or false');
  }
  const sort = params.get('sort');
  const sortParsed = sort === null ? null : callListSortSchema.safeParse(sort);
  if (sortParsed && !sortParsed.success) {
    problems.push(`sort ${sortParsed.error.issues[0]?.message ?? 'is not valid'}`);
  }
  const cols = params.get('cols');
  const columns = cols === null ? null : readCallListColumns(cols);
  if (cols !== null && !columns) {
    problems.push('cols must name known columns, each once, separated by commas');
  }
  if (problems.length > 0) return { ok: false, problems };

  const normal: [string, string][] = [['status', tab]];
  const filters = readCallFilters((name) => params.get(name) || null);
  normal.push(...callFilterUrlParams(filters));
  if (pageSize !== null) normal.push(['pageSize', String(Number(pageSize))]);
  if (loadAll === 'true' || loadAll === '1') normal.push(['loadAll', 'true']);
  if (sortParsed?.success && sortParsed.data !== DEFAULT_CALL_LIST_SORT) {
    normal.push(['sort', sortParsed.data]);
  }
  return { ok: true, view: { query: formatSearch(normal), columns } };
}

/** The list URL's search string (no `?`) that opens a view. */
export function viewSearch(view: { query: string; columns: readonly string[] | null }): string {
  const pairs = (parseSearch(view.query) ?? []).filter(([name]) => name !== 'cols');
  if (view.columns) pairs.push(['cols', view.columns.join(',')]);
  return formatSearch(pairs);
}

/**
 * Whether the list URL's search string shows this view: the same tab, filters and sort, and the
 * same columns where the view names its own.
 */
export function isViewShown(
  search: string,
  view: { query: string; columns: readonly string[] | null },
): boolean {
  const shown = normaliseViewQuery(search);
  if (!shown.ok || shown.view.query !== view.query) return false;
  return view.columns === null || shown.view.columns?.join(',') === view.columns.join(',');
}

/** The views every member has; not rows: they cannot be renamed or deleted. */
export const DEFAULT_VIEWS = [
  { id: 'my-open-calls', name: 'My open calls', query: 'status=open&assignee=me' },
  { id: 'unassigned', name: 'Unassigned', query: 'status=open&assignee=unassigned' },
  { id: 'negative-sentiment', name: 'Negative sentiment', query: 'status=open&sentiment=negative' },
] as const satisfies readonly { id: string; name: string; query: string }[];
export type DefaultViewId = (typeof DEFAULT_VIEWS)[number]['id'];

const viewName = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(SAVED_VIEW_NAME_MAX_LENGTH, `must be at most ${SAVED_VIEW_NAME_MAX_LENGTH} characters`);

/** The list URL's search string; its normal form (normaliseViewQuery) is what is stored. */
const viewQuery = z
  .string({ message: 'must be text' })
  .max(SAVED_VIEW_QUERY_MAX_LENGTH, `must be at most ${SAVED_VIEW_QUERY_MAX_LENGTH} characters`)
  .transform((raw, context): ViewQuery => {
    const result = normaliseViewQuery(raw);
    if (result.ok) return result.view;
    context.addIssue({ code: 'custom', message: result.problems.join('; ') });
    return z.NEVER;
  });

const viewColumns = callListColumnsSchema.nullable();
const shared = z.boolean({ message: 'must be true or false' });

/** POST /api/v1/views. Columns, when given, win over the query's `cols`. */
export const createSavedViewBodySchema = z.object({
  name: viewName,
  query: viewQuery,
  shared: shared.default(false),
  columns: viewColumns.optional(),
});
export type CreateSavedViewBody = z.input<typeof createSavedViewBodySchema>;

/** PATCH /api/v1/views/{viewId}: what changes; at least one field. */
export const updateSavedViewBodySchema = z
  .object({
    name: viewName.optional(),
    query: viewQuery.optional(),
    shared: shared.optional(),
    columns: viewColumns.optional(),
  })
  .refine((body) => Object.keys(body).some((key) => body[key as keyof typeof body] !== undefined), {
    message: 'must change the name, query, columns or sharing',
  });
export type UpdateSavedViewBody = z.input<typeof updateSavedViewBodySchema>;

export const savedViewListQuerySchema = z.object({
  /** The reader's time zone: a view's days and hours are theirs. */
  tz: z
    .string()
    .max(64)
    .refine((value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/London')
    .default('UTC'),
});

export const savedViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** normaliseViewQuery's form, without `cols`. */
  query: z.string(),
  columns: z.array(z.string()).nullable(),
  shared: z.boolean(),
  owner: z.object({ id: z.uuid(), name: z.string() }),
  /** The reader may rename, update and delete it: their own, or a shared one as an admin. */
  can_manage: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** Matching calls (the list's count for the view's tab and filters), at most SAVED_VIEW_COUNT_CAP. */
const viewCount = z.number().int().nullable();

export const savedViewListSchema = z.object({
  defaults: z.array(
    z.object({ id: z.string(), name: z.string(), query: z.string(), count: viewCount }),
  ),
  views: z.array(savedViewSchema.extend({ count: viewCount })),
  /** A count equal to this means "at least this many". */
  count_cap: z.number().int(),
});
export type SavedViewList = z.infer<typeof savedViewListSchema>;
export type ListedSavedView = SavedViewList['views'][number];
