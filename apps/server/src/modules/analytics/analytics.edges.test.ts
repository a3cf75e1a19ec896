// How a request's periods are cut into whole UTC days and the ranges of call_timeline rows that
// correct them (docs/analytics.md, "Reading the edges"). That the figures stay exact is the
// property test's (analytics.test.ts); here, that the ranges stay short and weigh what they should.
import { describe, expect, it } from 'vitest';
import { dayEdgePieces, nearerDay } from './analytics.queries.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('nearerDay', () => {
  const end = at('2026-03-20T15:30:00Z');

  it('rounds an instant to the day boundary with fewer hours of rows between them', () => {
    expect(nearerDay(at('2026-03-10T09:00:00Z'), end)).toEqual(at('2026-03-10T00:00:00Z'));
    expect(nearerDay(at('2026-03-10T13:00:00Z'), end)).toEqual(at('2026-03-11T00:00:00Z'));
    expect(nearerDay(at('2026-03-10T00:00:00Z'), end)).toEqual(at('2026-03-10T00:00:00Z'));
  });

  it('counts no rows after the end, so the end itself rounds up', () => {
    expect(nearerDay(end, end)).toEqual(at('2026-03-21T00:00:00Z'));
    // 09:00 on the end's day: 6.5 hours up to the end, against 9 since midnight.
    expect(nearerDay(at('2026-03-20T09:00:00Z'), end)).toEqual(at('2026-03-21T00:00:00Z'));
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

  it('reads at most half a day of rows before the end at any boundary', () => {
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
