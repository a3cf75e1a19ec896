import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetweenInclusive, parseDay, zonedDayStart } from './time.ts';

const iso = (time: number) => new Date(time).toISOString();

describe('zonedDayStart', () => {
  it('is local midnight as an instant', () => {
    expect(iso(zonedDayStart('2026-01-15', 'UTC'))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(zonedDayStart('2026-01-15', 'Europe/London'))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(zonedDayStart('2026-07-15', 'Europe/London'))).toBe('2026-07-14T23:00:00.000Z');
    expect(iso(zonedDayStart('2026-01-01', 'Asia/Kolkata'))).toBe('2025-12-31T18:30:00.000Z');
    expect(iso(zonedDayStart('2026-01-01', 'America/New_York'))).toBe('2026-01-01T05:00:00.000Z');
  });

  it('gives the days around a clock change their real length (23 and 25 hours)', () => {
    const hours = (day: string, zone: string) =>
      (zonedDayStart(day, zone, 1) - zonedDayStart(day, zone)) / 3_600_000;
    expect(hours('2026-03-29', 'Europe/London')).toBe(23);
    expect(hours('2026-10-25', 'Europe/London')).toBe(25);
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(hours('2026-11-01', 'America/New_York')).toBe(25);
    expect(hours('2026-04-05', 'Australia/Sydney')).toBe(25);
    expect(hours('2026-03-28', 'Europe/London')).toBe(24);
    expect(iso(zonedDayStart('2026-03-29', 'Europe/London', 1))).toBe('2026-03-29T23:00:00.000Z');
  });

  it('starts a day whose midnight a clock change skipped when the clocks jumped', () => {
    // Chile moves from 00:00 to 01:00 on 6 September 2026.
    const start = zonedDayStart('2026-09-06', 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(dayIn(start, 'America/Santiago')).toBe('2026-09-06');
    expect(dayIn(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('adds days across months and years', () => {
    expect(iso(zonedDayStart('2026-12-31', 'UTC', 1))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(zonedDayStart('2026-03-01', 'UTC', -1))).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('calendar days', () => {
  it('reads real days only', () => {
    expect(parseDay('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2028-02-29')).not.toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it('counts and moves days', () => {
    expect(addDays('2026-11-21', -29)).toBe('2026-10-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetweenInclusive('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysBetweenInclusive('2026-01-01', '2026-12-31')).toBe(365);
    expect(dayIn(Date.parse('2026-11-21T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22');
  });
});
