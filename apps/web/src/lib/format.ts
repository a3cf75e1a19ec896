// Dates, times, durations and counts for people, in the browser's locale and time zone (Intl).
// Formatters are built once: lists format hundreds of cells per render.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const fullDateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'long',
});
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const count = new Intl.NumberFormat();
const minutes = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'minute',
  unitDisplay: 'short',
});
const seconds = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'second',
  unitDisplay: 'short',
});

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 Mar 2026, 14:32" (in the user's locale). Empty for an unreadable value. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : '';
}

/** "12 Mar 2026". */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateOnly.format(date) : '';
}

/** "14:32". */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  return date ? timeOnly.format(date) : '';
}

/** "Thursday 12 March 2026 at 14:32:05 GMT" — for a title attribute beside a shorter form. */
export function formatFullDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? fullDateTime.format(date) : '';
}

const RELATIVE_STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }[] = [
  { unit: 'second', seconds: 1, below: 45 },
  { unit: 'minute', seconds: 60, below: 45 * 60 },
  { unit: 'hour', seconds: 3600, below: 22 * 3600 },
  { unit: 'day', seconds: 86_400, below: 7 * 86_400 },
  { unit: 'week', seconds: 7 * 86_400, below: 30 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400, below: 365 * 86_400 },
  { unit: 'year', seconds: 365 * 86_400, below: Number.POSITIVE_INFINITY },
];

/** "now", "5 minutes ago", "yesterday", "3 weeks ago" (future times read "in …"). */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = (date.getTime() - now.getTime()) / 1000;
  const distance = Math.abs(diff);
  if (distance < 45) return relative.format(0, 'second');
  const step = RELATIVE_STEPS.find((candidate) => distance < candidate.below) ?? RELATIVE_STEPS[0];
  if (!step) return '';
  return relative.format(Math.round(diff / step.seconds), step.unit);
}

/** A call's length as a clock: "4:05", "1:02:09". */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const mins = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const ss = String(secs).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(mins).padStart(2, '0')}:${ss}` : `${mins}:${ss}`;
}

/** A call's length in words: "4 min, 5 sec". */
export function formatDurationLong(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const mins = Math.floor(whole / 60);
  const secs = whole % 60;
  if (mins === 0) return seconds.format(secs);
  return secs === 0 ? minutes.format(mins) : `${minutes.format(mins)}, ${seconds.format(secs)}`;
}

/** 1,234 (with the locale's grouping). */
export function formatCount(value: number): string {
  return count.format(value);
}

const WAITING_STEPS = [
  { unit: 'day', short: 'd', seconds: 86_400 },
  { unit: 'hour', short: 'h', seconds: 3600 },
  { unit: 'minute', short: 'min', seconds: 60 },
] as const;
const waitingLong = Object.fromEntries(
  WAITING_STEPS.map(({ unit }) => [
    unit,
    new Intl.NumberFormat(undefined, { style: 'unit', unit, unitDisplay: 'long' }),
  ]),
) as Record<(typeof WAITING_STEPS)[number]['unit'], Intl.NumberFormat>;

/**
 * How long something has waited since `since`, in its largest whole unit: short ("45 min", "3 h",
 * "2 d") and in words ("3 hours"). Under a minute is "0 min"; a time in the future counts as none.
 */
export function formatWaiting(
  since: string | Date,
  now: Date = new Date(),
): { short: string; long: string } {
  const date = toDate(since);
  const elapsed = date ? Math.max(0, (now.getTime() - date.getTime()) / 1000) : 0;
  const step = WAITING_STEPS.find((candidate) => elapsed >= candidate.seconds) ?? WAITING_STEPS[2];
  const amount = Math.floor(elapsed / step.seconds);
  return { short: `${amount} ${step.short}`, long: waitingLong[step.unit].format(amount) };
}
