// GET /api/v1/analytics: every figure and series of the analytics page in one response.
// Definitions live beside the SQL in apps/server/src/modules/analytics/analytics.queries.ts.
import { z } from 'zod';
import {
  DATE_RANGE,
  isBefore,
  isWithinDateRange,
  isoDateTime,
  sentimentSchema,
  timeZoneSchema,
} from './calls.ts';

export const ANALYTICS_MAX_RANGE_DAYS = 366;

export const analyticsQuerySchema = z
  .object({
    /** Start (inclusive) and end (exclusive) of the period, by call end time. */
    from: isoDateTime,
    to: isoDateTime,
    agentId: z.string().trim().min(1).max(200).optional(),
    /** The viewer's IANA time zone: days, weekdays and hours are counted in it. */
    tz: timeZoneSchema.default('UTC'),
  })
  .refine((query) => isBefore(query.from, query.to), {
    message: 'must be before to',
    path: ['from'],
  })
  // A period that has not begun has nothing to count; one that has not ended is counted up to
  // now, and compared with a period as long (apps/server/src/modules/analytics/analytics.service.ts).
  .refine((query) => Date.parse(query.from) <= Date.now(), {
    message: 'must not be in the future',
    path: ['from'],
  })
  .refine(
    (query) =>
      Date.parse(query.to) - Date.parse(query.from) <= ANALYTICS_MAX_RANGE_DAYS * 86_400_000,
    { message: `must be at most ${ANALYTICS_MAX_RANGE_DAYS} days before to`, path: ['from'] },
  )
  // The figures compare with the period of the same length just before: it must be in range too.
  .refine((query) => isWithinDateRange(2 * Date.parse(query.from) - Date.parse(query.to)), {
    message: `must leave room for the previous period of the same length (dates run from ${DATE_RANGE.label})`,
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** A figure for the period and for the period of the same length just before it. */
const figureSchema = z.object({ value: z.number().nullable(), previous: z.number().nullable() });
export type Figure = z.infer<typeof figureSchema>;

export const analyticsResponseSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  figures: z.object({
    callsReceived: figureSchema,
    openBacklog: figureSchema,
    callsClosed: figureSchema,
    /** Seconds; null when nothing was closed. */
    medianTimeToCloseSeconds: figureSchema,
    unassignedOpen: figureSchema,
    /** Seconds; null when no call had a duration. */
    averageDurationSeconds: figureSchema,
    /** 0..1 of calls with a sentiment; null when none had one. */
    negativeShare: figureSchema,
  }),
  series: z.object({
    /** Calls received per day (viewer's time zone), split by their current status. */
    perDay: z.array(
      z.object({
        date: z.string(),
        New: z.number().int(),
        'In progress': z.number().int(),
        Closed: z.number().int(),
      }),
    ),
    byAgent: z.array(
      z.object({
        agent_id: z.string(),
        display_name: z.string().nullable(),
        calls: z.number().int(),
      }),
    ),
    /** Open calls now, by assignee (null: unassigned). */
    workload: z.array(z.object({ assignee_id: z.uuid().nullable(), open: z.number().int() })),
    sentiment: z.array(
      z.object({ sentiment: sentimentSchema.nullable(), calls: z.number().int() }),
    ),
    /** ISO weekday 1 (Monday) … 7 × hour 0 … 23, viewer's time zone; only non-empty cells. */
    heatmap: z.array(
      z.object({ weekday: z.number().int(), hour: z.number().int(), calls: z.number().int() }),
    ),
    disconnectionReasons: z.array(
      z.object({ reason: z.string().nullable(), calls: z.number().int() }),
    ),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
