// How a request's periods are cut into whole UTC days and the ranges of call_timeline rows that
// correct them (docs/analytics.md, "Reading the edges"). That the figures stay exact is the
// property test's (analytics.test.ts); here, that the ranges stay short and weigh what they should.
import { describe, expect, it } from 'vitest';
import { dayEdgePieces, nearerDay } from './analytics.queries.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('nearerDay', () => {
  const now = at('2026-03-20T15:30:00Z');

  it('rounds an instant to the day boundary with fewer hours of rows between them', () => {
    expect(nearerDay(at('2026-03-10T09:00:00Z'), now)).toEqual(at('2026-03-10T00:00:00Z'));
    expect(nearerDay(at('2026-03-10T13:00:00Z'), now)).toEqual(at('2026-03-11T00:00:00Z'));
    expect(nearerDay(at('2026-03-10T00:00:00Z'), now)).toEqual(at('2026-03-10T00:00:00Z'));
  });

  it('counts no rows after now, so an end that is now (or later) rounds up', () => {
    expect(nearerDay(now, now)).toEqual(at('2026-03-21T00:00:00Z'));
    expect(nearerDay(at('2026-03-22T03:00:00Z'), now)).toEqual(at('2026-03-23T00:00:00Z'));
    // 09:00 today: 6.5 hours up to now, against 9 since midnight.
    expect(nearerDay(at('2026-03-20T09:00:00Z'), now)).toEqual(at('2026-03-21T00:00:00Z'));
  });
});

describe('dayEdgePieces', () => {
  const period = { from: at('2026-03-10T09:00:00Z'), to: at('2026-03-20T15:30:00Z') };
  const previous = { from: at('2026-02-28T02:30:00Z'), to: period.from };
  const pieces = dayEdgePieces([period, previous], (instant) => nearerDay(instant, period.to));

  it('weighs each range in each period, the shared boundary once', () => {
    expect(pieces).toEqual([
      // The previous period's start rounds down: the rows before it are taken away.
      { from: at('2026-02-28T00:00:00Z'), to: previous.from, weights: [0, -1] },
      // Both periods meet at 09:00, rounded down: the rows before it belong to the previous one.
      { from: at('2026-03-10T00:00:00Z'), to: period.from, weights: [-1, 1] },
      // The end rounds up: whatever lies after it is taken away.
      { from: period.to, to: at('2026-03-21T00:00:00Z'), weights: [-1, 0] },
    ]);
  });

  it('reads at most half a day of rows before now at any boundary', () => {
    for (let hour = 0; hour < 24; hour += 0.25) {
      const from = new Date(Date.UTC(2026, 2, 10) + hour * HOUR);
      const cut = dayEdgePieces([{ from, to: period.to }], (instant) =>
        nearerDay(instant, period.to),
      );
      const before = cut.filter((piece) => piece.to <= period.to);
      const hours =
        before.reduce((sum, piece) => sum + (piece.to.getTime() - piece.from.getTime()), 0) / HOUR;
      expect(hours).toBeLessThanOrEqual(12);
    }
  });
});

describe('whole days and pieces together', () => {
  const DAY = 24 * HOUR;
  const day0 = Date.UTC(2026, 2, 10);
  // Instants at and around midnight, early, midday and late, over four days.
  const instants = [0, 1, 2, 3].flatMap((d) =>
    [0, 0.001, 5, 11.99, 12, 12.01, 17.5, 23.999].map((h) => new Date(day0 + d * DAY + h * HOUR)),
  );
  const probes = [...instants, ...instants.map((i) => new Date(i.getTime() + 7 * 60_000))];
  const inRange = (t: Date, from: Date, to: Date) => (from <= t && t < to ? 1 : 0);

  it('counts every instant of each period once and nothing outside it', () => {
    // Now at midday, late on the third day, and days after every instant.
    for (const now of [day0 + 12 * HOUR, day0 + 2 * DAY + 17.5 * HOUR, day0 + 10 * DAY].map(
      (ms) => new Date(ms),
    )) {
      const boundary = (instant: Date) => nearerDay(instant, now);
      for (const from of instants) {
        for (const to of instants.filter((t) => t >= from)) {
          // The previous period: as long, just before; zero-length when the period is.
          const previous = { from: new Date(2 * from.getTime() - to.getTime()), to: from };
          const periods = [{ from, to }, previous];
          const pieces = dayEdgePieces(periods, boundary);
          for (const t of probes) {
            periods.forEach((period, index) => {
              // A row at t lies in a whole day (the rollup) and in at most one piece.
              const days = inRange(t, boundary(period.from), boundary(period.to));
              const piece = pieces.find((p) => p.from <= t && t < p.to)?.weights[index] ?? 0;
              expect(days + piece).toBe(inRange(t, period.from, period.to));
            });
          }
        }
      }
    }
  });
});
