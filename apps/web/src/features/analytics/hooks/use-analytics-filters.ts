// The analytics page's controls live in the URL (docs/architecture.md, "Front end"):
// ?range=7d|30d|90d|custom, with from/to (local days, inclusive) for a custom range, and agent.
// Values from the URL are untrusted: a bad one falls back to the default (the last 30 days, every
// agent).
import { ANALYTICS_MAX_RANGE_DAYS } from '@callboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, dayIn, daysBetweenInclusive, parseDay, zonedDayStart } from '../time.ts';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type AnalyticsRange =
  | { kind: 'preset'; days: RangePreset }
  /** Local calendar days, both inclusive; either may be missing while being chosen. */
  | { kind: 'custom'; from: string | null; to: string | null };

export interface AnalyticsFilters {
  range: AnalyticsRange;
  agentId: string | null;
}

export const DEFAULT_RANGE = { kind: 'preset', days: 30 } as const satisfies AnalyticsRange;
export const DEFAULT_ANALYTICS_FILTERS: AnalyticsFilters = { range: DEFAULT_RANGE, agentId: null };

const PARAM = { range: 'range', from: 'from', to: 'to', agentId: 'agent' } as const;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function validDay(value: string | null): string | null {
  return parseDay(value) ? value : null;
}

export function parseAnalyticsFilters(params: URLSearchParams): AnalyticsFilters {
  const range = params.get(PARAM.range);
  const agentId = params.get(PARAM.agentId)?.trim() ?? '';
  const preset = RANGE_PRESETS.find((days) => range === `${days}d`);
  return {
    range: preset
      ? { kind: 'preset', days: preset }
      : range === 'custom'
        ? {
            kind: 'custom',
            from: validDay(params.get(PARAM.from)),
            to: validDay(params.get(PARAM.to)),
          }
        : DEFAULT_RANGE,
    agentId: agentId && agentId.length <= 200 ? agentId : null,
  };
}

/** The URL form: only what differs from the defaults. */
export function serializeAnalyticsFilters(filters: AnalyticsFilters): URLSearchParams {
  const params = new URLSearchParams();
  const { range } = filters;
  if (range.kind === 'custom') {
    params.set(PARAM.range, 'custom');
    if (range.from) params.set(PARAM.from, range.from);
    if (range.to) params.set(PARAM.to, range.to);
  } else if (range.days !== DEFAULT_RANGE.days) {
    params.set(PARAM.range, `${range.days}d`);
  }
  if (filters.agentId) params.set(PARAM.agentId, filters.agentId);
  return params;
}

/** A period as the API takes it: ISO instants, `to` exclusive. */
export interface Period {
  from: string;
  to: string;
}

export const FUTURE_RANGE_MESSAGE = 'Choose days up to today: there are no calls after it yet.';

export type ResolvedRange = { ok: true; period: Period } | { ok: false; message: string };

/**
 * The instants a range covers. "Last N days" ends now — rounded up to the next whole minute, so
 * the page, its cache key and its links agree for a minute — and starts N × 24 hours earlier. A
 * custom range runs from the start of its first local day to the start of the day after its
 * last, in `timeZone` (so a range across a clock change is an hour shorter or longer).
 */
export function resolveRange(range: AnalyticsRange, now: number, timeZone: string): ResolvedRange {
  if (range.kind === 'preset') {
    const to = Math.ceil(now / MINUTE_MS) * MINUTE_MS;
    return {
      ok: true,
      period: {
        from: new Date(to - range.days * DAY_MS).toISOString(),
        to: new Date(to).toISOString(),
      },
    };
  }
  if (!range.from || !range.to) return { ok: false, message: 'Choose a first and a last day.' };
  if (range.from > range.to) {
    return { ok: false, message: 'The first day must be on or before the last day.' };
  }
  if (daysBetweenInclusive(range.from, range.to) > ANALYTICS_MAX_RANGE_DAYS - 1) {
    // 365 local days can be 366 × 24 hours and a bit across a clock change; keep clear of it.
    return { ok: false, message: `Choose at most ${ANALYTICS_MAX_RANGE_DAYS - 1} days.` };
  }
  if (range.to > dayIn(now, timeZone)) return { ok: false, message: FUTURE_RANGE_MESSAGE };
  // A range that includes today ends now (to the minute, as a preset does): it is compared with
  // a period as long, not with whole days against days still to come.
  const end = Math.min(
    zonedDayStart(range.to, timeZone, 1),
    Math.ceil(now / MINUTE_MS) * MINUTE_MS,
  );
  return {
    ok: true,
    period: {
      from: new Date(zonedDayStart(range.from, timeZone)).toISOString(),
      to: new Date(end).toISOString(),
    },
  };
}

/** The custom range that shows the same local days as a preset (to start editing from). */
export function customRangeFrom(
  range: AnalyticsRange,
  now: number,
  timeZone: string,
): { kind: 'custom'; from: string; to: string } {
  if (range.kind === 'custom' && range.from && range.to) {
    return { kind: 'custom', from: range.from, to: range.to };
  }
  const today = dayIn(now, timeZone);
  const days = range.kind === 'preset' ? range.days : DEFAULT_RANGE.days;
  return { kind: 'custom', from: addDays(today, -(days - 1)), to: today };
}

export interface UseAnalyticsFilters {
  filters: AnalyticsFilters;
  setFilters: (patch: Partial<AnalyticsFilters>) => void;
}

export function useAnalyticsFilters(): UseAnalyticsFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => parseAnalyticsFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (patch: Partial<AnalyticsFilters>) => {
      const next = serializeAnalyticsFilters({ ...filters, ...patch });
      if (next.toString() === search) return;
      setSearchParams(next, { preventScrollReset: true });
    },
    [filters, search, setSearchParams],
  );
  return { filters, setFilters };
}
