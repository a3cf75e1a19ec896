// The call list's filters, each declared once: its query parameters (the API's names and
// schemas), how a shared link's URL spells and reads them, its chip in words, whether it counts
// as a filter, and how it reaches the API. From this table come GET /api/v1/calls' query schema,
// the browser's URL state, API parameters, chips and "Filters (n)", and analytics' drill-down
// links; the server keeps each filter's SQL in a map keyed by the same names
// (apps/server/src/modules/calls/calls.queries.ts), so a filter without SQL does not compile.
//
// To add a filter: add an entry here and its condition there. Names and formats never change:
// links to the list are shared and bookmarked, and API clients depend on the parameters
// (docs/decisions/0012-call-list-filters-declared-once.md).
import { z } from 'zod';
import {
  CALL_LIST_DEFAULTS,
  CALL_LIST_MAX_PAGE_SIZE,
  CALL_DIRECTIONS,
  CALL_STATUSES,
  isBefore,
  isoDateTime,
  isWithinDateRange,
  SENTIMENTS,
  timeZoneSchema,
  type Sentiment,
} from './calls.ts';
import { callListSortSchema, DEFAULT_CALL_LIST_SORT } from './call-list-view.ts';

/** The words a chip is made of that depend on the reader (their clock, their time zone). */
export interface ChipWords {
  /** A time range, `to` exclusive: "between … and …", "on …", "from …", "before …". */
  range(from: string | null, to: string | null): string;
  /** "Tuesday" for ISO weekday 2. */
  weekday(weekday: number): string;
  /** "14:00–15:00" for hour 14. */
  hour(hour: number): string;
  sentiment(sentiment: Sentiment): string;
  disconnectionReason(reason: string): string;
  /** The reader's own time zone. */
  timeZone: string;
}

interface Param<S extends z.ZodType = z.ZodType> {
  /** As the API takes it (its optionality or default included). */
  schema: S;
  /** The list URL's name, where it is not the API's. */
  url?: string;
  /** Reads the list URL's text, which is untrusted; default: the API's schema. */
  read?: (raw: string) => Value<S> | null;
}
type Value<S extends z.ZodType> = Exclude<z.output<S>, undefined>;
type Params = Record<string, Param>;
/** A filter's parameters; null: not set. */
export type ParamValues<P extends Params> = { [K in keyof P]: Value<P[K]['schema']> | null };

interface Filter<P extends Params> {
  params: P;
  /** The page has a control for it (search box, pickers, date inputs). */
  control?: true;
  /** Counts in "Filters (n)": not the search, which shows itself. */
  counted: boolean;
  /** Whether it narrows the list; by default, when one of its parameters is set. */
  isOn?: (values: ParamValues<P>) => boolean;
  /** Parameters that contradict each other: the API answers 400; a link loses this filter. */
  consistent?: {
    check: (values: ParamValues<P>) => boolean;
    path: keyof P & string;
    message: string;
  };
  /** What the API is sent for the URL's values (in the reader's time zone); default: the same. */
  toApi?: (values: ParamValues<P>, timeZone: string) => ParamValues<P>;
  /** The chip that names it, or null where the page's own control shows it. */
  chip: (values: ParamValues<P>, words: ChipWords) => string | null;
}

const filter = <P extends Params>(spec: Filter<P>) => spec;
const param = <S extends z.ZodType>(schema: S, options: Omit<Param<S>, 'schema'> = {}) => ({
  schema,
  ...options,
});

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;
/** An ISO date-time with Z or an offset; the seconds may be left out. */
const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/u;

/** A local calendar day, or null unless `value` is a real YYYY-MM-DD date. */
function parseDay(value: string | null): { year: number; month: number; day: number } | null {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null; // 2026-02-30 and the like
  }
  return { year, month, day };
}

/** True for a YYYY-MM-DD day (the list's date inputs), false for an instant. */
export function isDay(value: string | null): value is string {
  return parseDay(value) !== null;
}

/** The start of a local calendar day as an ISO instant; `addDays` moves it (DST-safe). */
export function localDayStart(day: string, addDays = 0): string | null {
  const parts = parseDay(day);
  if (!parts) return null;
  return new Date(parts.year, parts.month - 1, parts.day + addDays).toISOString();
}

/** An instant a link may carry (the list sends it on in UTC), or null. */
function readInstant(value: string): string | null {
  const time = Date.parse(value);
  if (!ISO_INSTANT.test(value) || !isWithinDateRange(time)) return null;
  // Date.parse rolls 2026-02-30 over into March; the calendar date itself must exist.
  return new Date(Date.UTC(...dateParts(value))).toISOString().slice(0, 10) === value.slice(0, 10)
    ? value
    : null;
}

function dateParts(value: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = value.slice(0, 10).split('-').map(Number);
  return [year, month - 1, day];
}

/** A range bound as an instant: a day counts from its local midnight, and a last day is whole. */
function bound(value: string, end: 'from' | 'to'): string {
  return isDay(value) ? (localDayStart(value, end === 'to' ? 1 : 0) ?? value) : value;
}

const toApiInstant = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** `from` before `to` (either may be open). */
const ordered = (from: string | null, to: string | null) =>
  !from || !to || isBefore(bound(from, 'from'), bound(to, 'to'));

/** Longest search the API accepts. */
export const SEARCH_MAX_LENGTH = 200;

/** The list's filters, in the order the URL and the API request name them. */
export const CALL_FILTERS = {
  /** Caller number or name, call id, or summary text. */
  q: filter({
    params: {
      q: param(
        z.string().trim().max(SEARCH_MAX_LENGTH, 'must be at most 200 characters').optional(),
        {
          // A link's over-long search is cut, not dropped.
          read: (raw) => raw.trim().slice(0, SEARCH_MAX_LENGTH) || null,
        },
      ),
    },
    control: true,
    counted: false,
    chip: () => null,
  }),
  agentId: filter({
    params: { agentId: param(z.string().trim().min(1).max(200).optional(), { url: 'agent' }) },
    control: true,
    counted: true,
    chip: () => null,
  }),
  /** me, unassigned, or a user id. */
  assignee: filter({
    params: {
      assignee: param(
        z
          .union([z.literal('me'), z.literal('unassigned'), z.uuid()], {
            message: 'must be me, unassigned or a user id',
          })
          .optional(),
        { read: (raw) => readAssignee(raw) },
      ),
    },
    control: true,
    counted: true,
    chip: () => null,
  }),
  /**
   * End time from (inclusive) and to (exclusive). The list's date inputs write days (YYYY-MM-DD,
   * `to` the last day, inclusive); a link may carry instants instead, which get a chip.
   */
  ended: filter({
    params: {
      from: param(isoDateTime.optional(), { read: readDayOrInstant }),
      to: param(isoDateTime.optional(), { read: readDayOrInstant }),
    },
    control: true,
    counted: true,
    consistent: {
      check: ({ from, to }) => ordered(from, to),
      path: 'from',
      message: 'must be before to',
    },
    toApi: ({ from, to }) => ({
      from: from && toApiInstant(bound(from, 'from')),
      to: to && toApiInstant(bound(to, 'to')),
    }),
    chip: ({ from, to }, words) =>
      (from && !isDay(from)) || (to && !isDay(to))
        ? `Ended ${words.range(from && bound(from, 'from'), to && bound(to, 'to'))}`
        : null,
  }),
  /** Inbound or outbound. */
  direction: filter({
    params: {
      direction: param(
        z.enum(CALL_DIRECTIONS, { message: 'must be inbound or outbound' }).optional(),
      ),
    },
    control: true,
    counted: true,
    chip: () => null,
  }),
  // The filters below reproduce analytics' counts exactly (its drill-down links use them).
  /** One status exactly, within the open/closed/all tab. */
  callStatus: filter({
    params: {
      callStatus: param(
        z.enum(CALL_STATUSES, { message: 'must be New, In progress or Closed' }).optional(),
      ),
    },
    control: true,
    counted: true,
    chip: () => null,
  }),
  /** none: calls with no sentiment. */
  sentiment: filter({
    params: {
      sentiment: param(
        z
          .enum([...SENTIMENTS, 'none'], { message: 'must be positive, neutral, negative or none' })
          .optional(),
      ),
    },
    control: true,
    counted: true,
    chip: () => null,
  }),
  /** A reason as stored (caller_hangup …); none: calls with no disconnection reason. */
  disconnectionReason: filter({
    params: { disconnectionReason: param(z.string().trim().min(1).max(100).optional()) },
    counted: true,
    chip: ({ disconnectionReason: reason }, words) =>
      !reason || reason === 'none'
        ? 'No disconnection reason'
        : `Disconnected: ${words.disconnectionReason(reason)}`,
  }),
  /** ISO weekday (1 Monday … 7 Sunday) and hour (0 … 23) of the end time, in tz. */
  weekdayHour: filter({
    params: {
      weekday: param(wholeNumber(1, 7).optional(), { read: (raw) => readWholeNumber(raw, 1, 7) }),
      hour: param(wholeNumber(0, 23).optional(), { read: (raw) => readWholeNumber(raw, 0, 23) }),
      tz: param(timeZoneSchema.default('UTC')),
    },
    counted: true,
    // A zone alone narrows nothing.
    isOn: ({ weekday, hour }) => weekday !== null || hour !== null,
    // Without a zone in the link, weekday and hour are the reader's.
    toApi: (values, timeZone) => ({ ...values, tz: values.tz ?? timeZone }),
    chip: ({ weekday, hour, tz }, words) => {
      const day = weekday === null ? null : `${words.weekday(weekday)}s`;
      const hours = hour === null ? null : words.hour(hour);
      const when = day && hours ? `${day} ${hours}` : (day ?? `Every day ${hours ?? ''}`);
      const zone = tz && tz !== words.timeZone ? ` (${tz.replaceAll('_', ' ')} time)` : '';
      return `${when}${zone}`;
    },
  }),
  /** Calls changed to Closed within [closedFrom, closedTo). */
  closed: filter({
    params: {
      closedFrom: param(isoDateTime.optional(), { read: readInstant }),
      closedTo: param(isoDateTime.optional(), { read: readInstant }),
    },
    counted: true,
    consistent: {
      check: ({ closedFrom, closedTo }) => ordered(closedFrom, closedTo),
      path: 'closedFrom',
      message: 'must be before closedTo',
    },
    toApi: ({ closedFrom, closedTo }) => ({
      closedFrom: toApiInstant(closedFrom),
      closedTo: toApiInstant(closedTo),
    }),
    chip: ({ closedFrom, closedTo }, words) => `Closed ${words.range(closedFrom, closedTo)}`,
  }),
};

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message);
}

/**
 * A whole number in a list URL: digits only, so an empty value, `0x10` or `1e1` reads as not set
 * rather than as the number JavaScript would make of it.
 */
export function readWholeNumber(raw: string | null, min: number, max: number): number | null {
  if (!raw || !/^\d{1,7}$/u.test(raw)) return null;
  const number = Number(raw);
  return number >= min && number <= max ? number : null;
}

function readDayOrInstant(raw: string): string | null {
  return isDay(raw) ? raw : readInstant(raw);
}

function readAssignee(raw: string): string | null {
  const parsed = CALL_FILTERS.assignee.params.assignee.schema.safeParse(raw);
  return parsed.success && parsed.data ? parsed.data.toLowerCase() : null;
}

export type CallFilterName = keyof typeof CALL_FILTERS;
type FilterParams<N extends CallFilterName> = (typeof CALL_FILTERS)[N]['params'];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
type AllParams = Intersection<FilterParams<CallFilterName>>;
export type CallFilterParam = Extract<keyof AllParams, string>;
/** Every filter's parameters, as the list's URL state holds them; null: not set. */
export type CallFilterValues = ParamValues<AllParams>;
/** Every filter's parameters as the API is sent them; only those set. */
export type CallFilterApiParams = Partial<{
  [K in CallFilterParam]: Value<AllParams[K]['schema']>;
}>;

// Each filter's functions are only ever given that filter's own parameters (`pick` below).
type AnyFilter = Filter<Params>;
const filterEntries = Object.entries(CALL_FILTERS) as unknown as [CallFilterName, AnyFilter][];

/** Every filter's parameter names (the API's), in the order requests name them. */
export const CALL_FILTER_PARAMS = filterEntries.flatMap(([, spec]) =>
  Object.keys(spec.params),
) as CallFilterParam[];

const paramsOf = (spec: AnyFilter) => Object.keys(spec.params);
const pick = (spec: AnyFilter, values: Partial<Record<string, unknown>>) =>
  Object.fromEntries(paramsOf(spec).map((name) => [name, values[name] ?? null]));
const isOn = (spec: AnyFilter, values: Record<string, unknown>) =>
  spec.isOn ? spec.isOn(values) : Object.values(values).some((value) => value !== null);

/** No filter set. */
export const NO_CALL_FILTERS = Object.fromEntries(
  CALL_FILTER_PARAMS.map((name) => [name, null]),
) as CallFilterValues;

/**
 * The filters a list URL carries. Each value is checked on its own, and a bad one drops only
 * its filter, so a mistyped link still opens the list.
 */
export function readCallFilters(get: (urlName: string) => string | null): CallFilterValues {
  const values: Record<string, unknown> = {};
  for (const [, spec] of filterEntries) {
    const read = Object.fromEntries(
      Object.entries(spec.params).map(([name, { url, schema, read: readParam }]) => {
        const raw = get(url ?? name);
        if (raw === null) return [name, null];
        if (readParam) return [name, readParam(raw)];
        const parsed = schema.safeParse(raw);
        return [name, parsed.success ? (parsed.data ?? null) : null];
      }),
    );
    const keep = isOn(spec, read) && (spec.consistent?.check(read) ?? true);
    Object.assign(values, keep ? read : pick(spec, {}));
  }
  return values as CallFilterValues;
}

/**
 * The list URL's parameters for the filters that are on, in a fixed order: those the page has
 * controls for (`control`), or the others. Analytics builds its links with the same names.
 */
export function callFilterUrlParams(
  values: Partial<CallFilterValues>,
  which: 'control' | 'link' | 'all' = 'all',
): [string, string][] {
  return filterEntries.flatMap(([, spec]) => {
    if (which !== 'all' && (spec.control === true) !== (which === 'control')) return [];
    const own = pick(spec, values);
    if (!isOn(spec, own)) return [];
    return Object.entries(spec.params).flatMap(([name, { url }]): [string, string][] => {
      const value = own[name];
      return typeof value === 'string' || typeof value === 'number'
        ? [[url ?? name, String(value)]]
        : [];
    });
  });
}

/** The API's parameters for the filters that are on; weekday and hour count in `timeZone`. */
export function callFilterApiParams(
  values: CallFilterValues,
  timeZone: string,
): CallFilterApiParams {
  const api: Record<string, unknown> = {};
  for (const [, spec] of filterEntries) {
    const own = pick(spec, values);
    if (!isOn(spec, own)) continue;
    for (const [name, value] of Object.entries(spec.toApi ? spec.toApi(own, timeZone) : own)) {
      if (value !== null && value !== '') api[name] = value;
    }
  }
  return api;
}

export interface CallFilterChip {
  key: CallFilterName;
  label: string;
  /** What removing the chip changes. */
  patch: Partial<CallFilterValues>;
}

/** A chip for each filter that is on and that no control on the page shows. */
export function callFilterChips(values: CallFilterValues, words: ChipWords): CallFilterChip[] {
  return filterEntries.flatMap(([key, spec]) => {
    const own = pick(spec, values);
    const label = isOn(spec, own) ? spec.chip(own, words) : null;
    return label === null ? [] : [{ key, label, patch: pick(spec, {}) }];
  });
}

/** Whether any filter narrows the list. */
export function hasCallFilters(values: CallFilterValues): boolean {
  return filterEntries.some(([, spec]) => isOn(spec, pick(spec, values)));
}

/** How many filters that count are on (for a "Filters (2)" button). */
export function countCallFilters(values: CallFilterValues): number {
  return filterEntries.filter(([, spec]) => spec.counted && isOn(spec, pick(spec, values))).length;
}

const booleanParam = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const filterShape = Object.fromEntries(
  filterEntries.flatMap(([, spec]) =>
    Object.entries(spec.params).map(([name, { schema }]) => [name, schema]),
  ),
) as { [K in CallFilterParam]: AllParams[K]['schema'] };

/** The view a request asks for: the tab, deleted calls or not, and every filter. */
const viewShape = {
  /** open: not Closed; closed: only Closed; all: both. */
  status: z
    .enum(['open', 'closed', 'all'], { message: 'must be open, closed or all' })
    .default('all'),
  includeDeleted: booleanParam.default(false),
};

/** Parameters that contradict each other (a filter's `consistent`): 400 naming the first. */
function checkConsistentFilters(query: Record<string, unknown>, context: z.RefinementCtx) {
  for (const [, spec] of filterEntries) {
    if (spec.consistent && !spec.consistent.check(pick(spec, query))) {
      context.addIssue({
        code: 'custom',
        message: spec.consistent.message,
        path: [spec.consistent.path],
      });
    }
  }
}

/** GET /api/v1/calls query. Every parameter is optional. */
export const callListQuerySchema = z
  .object({
    page: z.coerce
      .number({ message: 'must be a whole number of 1 or more' })
      .int('must be a whole number of 1 or more')
      .min(1, 'must be a whole number of 1 or more')
      .default(CALL_LIST_DEFAULTS.page),
    pageSize: z.coerce
      .number({ message: `must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}` })
      .int(`must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`)
      .min(1, `must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`)
      .max(CALL_LIST_MAX_PAGE_SIZE, `must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`)
      .default(CALL_LIST_DEFAULTS.pageSize),
    ...viewShape,
    loadAll: booleanParam.default(false),
    // The published order of these parameters (the API document, and the order a 400 names bad
    // fields in) has sentiment before callStatus.
    ...pickShape(['q', 'agentId', 'assignee', 'from', 'to', 'sentiment']),
    ...filterShape,
    sort: callListSortSchema.default(DEFAULT_CALL_LIST_SORT),
  })
  .superRefine(checkConsistentFilters);
export type CallListQuery = z.infer<typeof callListQuerySchema>;

/**
 * GET /api/v1/calls/export.csv query: the list's, but not its paging. The file holds every call
 * of the view, in the list's order (`sort`).
 */
export const callExportQuerySchema = z
  .object({
    ...viewShape,
    ...pickShape(['q', 'agentId', 'assignee', 'from', 'to', 'sentiment']),
    ...filterShape,
    sort: callListSortSchema.default(DEFAULT_CALL_LIST_SORT),
  })
  .superRefine(checkConsistentFilters);
export type CallExportQuery = z.infer<typeof callExportQuerySchema>;

function pickShape<const K extends CallFilterParam>(names: K[]) {
  return Object.fromEntries(names.map((name) => [name, filterShape[name]])) as Pick<
    typeof filterShape,
    K
  >;
}
