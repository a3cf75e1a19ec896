// Calendar days in an IANA time zone, without a date library: the analytics page counts days,
// weekdays and hours in the viewer's zone, and its links must name each local day's exact
// instants — 23 or 25 hours long on the days the clocks change.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;
const DAY_MS = 86_400_000;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `time`, as y/m/d h:m:s. */
function wallClock(time: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of partsIn(timeZone).formatToParts(time)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `time`, in ms. */
function offsetAt(time: number, timeZone: string): number {
  const clock = wallClock(time, timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return asUtc - (time - (((time % 1000) + 1000) % 1000));
}

/** "2026-03-29" for a y/m/d. */
function dayString(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The local calendar day (YYYY-MM-DD) in `timeZone` at `time`. */
export function dayIn(time: number, timeZone: string): string {
  const clock = wallClock(time, timeZone);
  return dayString(clock.year, clock.month, clock.day);
}

/** A real YYYY-MM-DD date as numbers, or null (2026-02-30, "yesterday"). */
export function parseDay(
  value: string | null,
): { year: number; month: number; day: number } | null {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

/** The day `days` after `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const parts = parseDay(day);
  if (!parts) throw new Error(`not a day: ${day}`);
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return dayString(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Whole calendar days from `from` to `to` (1 for the same day). */
export function daysBetweenInclusive(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) return 0;
  return (
    Math.round(
      (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
    ) + 1
  );
}

/**
 * The first instant (ms) of local day `day` + `add` days in `timeZone`: its midnight, or where a
 * daylight-saving gap swallowed midnight, the moment the clocks jumped.
 */
export function zonedDayStart(day: string, timeZone: string, add = 0): number {
  const target = parseDay(add === 0 ? day : addDays(day, add));
  if (!target) throw new Error(`not a day: ${day}`);
  const wanted = dayString(target.year, target.month, target.day);
  const midnightAsUtc = Date.UTC(target.year, target.month - 1, target.day);
  // The zone's offset at midnight is not known before midnight is found: try the offset on
  // either side of a possible change, and keep the earliest instant that falls on the day.
  const first = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  const second = midnightAsUtc - offsetAt(first, timeZone);
  const candidates = [first, second].filter((time) => dayIn(time, timeZone) === wanted);
  return candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second);
}

/** The browser's IANA time zone: the page counts days, weekdays and hours in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
