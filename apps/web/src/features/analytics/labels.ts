// Words for the analytics page's days, hours, periods and reasons (a call's own values: lib/call-labels.ts).
import { disconnectionReasonLabel } from '../../lib/call-labels.ts';
import { parseDay } from './time.ts';

// Local days (YYYY-MM-DD) are formatted as UTC dates so no zone can move them to another day.
const shortDay = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const mediumDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const weekdayShort = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' });
const hourClock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', timeZone: 'UTC' });
const hourMinute = new Intl.DateTimeFormat(undefined, {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});
const rangeDays = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function dayDate(day: string): Date {
  const parts = parseDay(day);
  return new Date(parts ? Date.UTC(parts.year, parts.month - 1, parts.day) : Number.NaN);
}

/** "12 Nov" */
export function shortDayLabel(day: string): string {
  return shortDay.format(dayDate(day));
}

/** "Thu, 12 Nov" (for a table whose period names the year) */
export function mediumDayLabel(day: string): string {
  return mediumDay.format(dayDate(day));
}

/** "Thu, 12 Nov 2026" */
export function longDayLabel(day: string): string {
  return longDay.format(dayDate(day));
}

// 1 January 2024 was a Monday: ISO weekday n is 2024-01-0n.
const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday));

/** ISO weekday 1 (Monday) … 7: "Mon". */
export function weekdayShortLabel(weekday: number): string {
  return weekdayShort.format(weekdayDate(weekday));
}

/** "Monday" */
export function weekdayLongLabel(weekday: number): string {
  return weekdayLong.format(weekdayDate(weekday));
}

/** An hour-of-day axis label: "9 AM" or "09" by locale. */
export function hourTickLabel(hour: number): string {
  return hourClock.format(new Date(Date.UTC(2024, 0, 1, hour)));
}

/** "14:00–15:00" (or "02:00 PM–03:00 PM") */
export function hourRangeLabel(hour: number): string {
  return `${hourMinute.format(new Date(Date.UTC(2024, 0, 1, hour)))}–${hourMinute.format(new Date(Date.UTC(2024, 0, 1, hour + 1)))}`;
}

/** The days a period covers, `to` exclusive: "22 Oct – 21 Nov 2026". */
export function periodLabel(period: { from: string; to: string }): string {
  const from = new Date(period.from);
  const lastInstant = new Date(Date.parse(period.to) - 1);
  if (Number.isNaN(from.getTime()) || Number.isNaN(lastInstant.getTime())) return '';
  return rangeDays.formatRange(from, lastInstant);
}

/** A reason as the rest of the product says it; null → "No reason recorded". */
export function reasonLabel(reason: string | null): string {
  return reason === null ? 'No reason recorded' : disconnectionReasonLabel(reason);
}
